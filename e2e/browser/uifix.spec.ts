/**
 * What a new user tripped on (issue 14), in Chromium through the browser host against the demo server:
 * optional objects, the arguments pane's size, the traffic table's columns, banners that covered content,
 * save feedback, and the Connect button's place. Boxes are measured, not eyeballed. Screenshots go to
 * e2e-artifacts/uifix-*.png (gitignored).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { repositoryRoot, startHostProcess, type HostProcess } from '../hostProcess';
import { connectedPill, toolList } from '../pageHelpers';

const artifacts = join(repositoryRoot, 'e2e-artifacts');
mkdirSync(artifacts, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(artifacts, `uifix-${name}.png`) });
}

async function box(locator: Locator): Promise<Box> {
  const measured = await locator.boundingBox();
  if (!measured) throw new Error('not rendered');
  return measured;
}

type Box = { x: number; y: number; width: number; height: number };

/** Two boxes share some area (touching edges do not count). */
function overlaps(a: Box, b: Box): boolean {
  const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const down = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return across > 1 && down > 1;
}

async function openTool(page: Page, name: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Filter tools' }).fill(name);
  await toolList(page)
    .getByRole('option', { name: new RegExp(`^${name}\\b`) })
    .first()
    .click();
  const panel = page.getByRole('region', { name: `Call ${name}` });
  await expect(panel).toBeVisible();
  return panel;
}

async function receivedArguments(page: Page): Promise<unknown> {
  const result = page.getByRole('region', { name: 'Call result' });
  await expect(result).toBeVisible();
  return JSON.parse((await result.locator('pre.text-block').first().textContent()) ?? '') as unknown;
}

test.describe('what a new user tripped on', () => {
  let host: HostProcess;
  test.beforeEach(async () => {
    host = await startHostProcess();
  });
  test.afterEach(async () => {
    await host?.stop();
  });

  test('forms: an optional object stays out until added; the JSON pane keeps its size as items are added', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();

    let panel = await openTool(page, 'create_customer');
    // Nothing typed yet: no red errors.
    await expect(panel.locator('.schema-errors')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: '+ Add shipping' })).toBeVisible();
    await shot(page, 'forms-customer');
    await panel.locator('input[id$="_name"]').first().fill('Ada');
    await panel.locator('input[id$="_email"]').fill('ada@example.org');
    await panel.locator('input[id$="_billing_street"]').fill('Main 1');
    await panel.locator('input[id$="_billing_city"]').fill('Delft');
    await panel.getByRole('button', { name: 'Call create_customer' }).click();
    expect(await receivedArguments(page)).toEqual({
      name: 'Ada',
      email: 'ada@example.org',
      billing: { street: 'Main 1', city: 'Delft', country: 'NL' },
    });
    // Added, it brings its own required fields; removed, it is gone again.
    await panel.getByRole('button', { name: '+ Add shipping' }).click();
    await expect(panel.locator('input[id$="_shipping_street"]')).toBeVisible();
    await panel.getByRole('button', { name: 'Remove shipping' }).click();
    await expect(panel.locator('input[id$="_shipping_street"]')).toHaveCount(0);

    panel = await openTool(page, 'submit_order');
    const add = panel.getByRole('button', { name: '+ Add item' }).first();
    for (let index = 0; index < 4; index += 1) await add.click();
    await expect(panel.locator('input[id$="_sku"]')).toHaveCount(4);
    await shot(page, 'forms-order-4-lines');
    const json = await box(panel.getByLabel('Arguments JSON'));
    const panelBox = await box(panel);
    const form = await box(panel.locator('.arguments-form'));
    expect(json.width).toBeGreaterThanOrEqual(250);
    expect(json.height).toBeGreaterThanOrEqual(150);
    // The form stays inside the panel (it scrolls sideways if it must) and does not run into the JSON pane:
    // side by side when there is room, stacked when not.
    expect(form.x + form.width).toBeLessThanOrEqual(panelBox.x + panelBox.width + 1);
    expect(overlaps(form, json)).toBe(false);

    // A tool without fields: a note, no "+ Add item".
    panel = await openTool(page, 'ping_service');
    await expect(panel.getByText('This tool takes no arguments.')).toBeVisible();
    await expect(panel.getByRole('button', { name: /Add item/ })).toHaveCount(0);
  });
});
