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
import {
  connectStdio,
  connectedPill,
  connectionForm,
  toolList,
  openTool,
  receivedArguments,
} from '../pageHelpers';
import { boxes, overlaps, type Box } from '../layout';

const everything = join(
  repositoryRoot,
  'node_modules',
  '@modelcontextprotocol',
  'server-everything',
  'dist',
  'index.js',
);

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

/** The few DOM members the in-page measurements use (the e2e project compiles without the DOM library). */
interface CellLike {
  scrollWidth: number;
  clientWidth: number;
  textContent: string | null;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<CellLike>;
  querySelector(selector: string): CellLike | null;
}

/** The text of what is drawn on top at a point (or of its nearest ancestor matching closest), as the user sees it. */
async function textAt(page: Page, x: number, y: number, closest?: string): Promise<string> {
  const target = `document.elementFromPoint(${x}, ${y})${closest ? `?.closest(${JSON.stringify(closest)})` : ''}`;
  return String(await page.evaluate(`${target}?.textContent ?? ''`));
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
    const [json, panelBox, form] = await boxes(
      page,
      panel.getByLabel('Arguments JSON'),
      panel,
      panel.locator('.arguments-form'),
    );
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

  test('traffic: every column fits at 1400 px, the filter syntax makes chips removable by keyboard', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await page.getByRole('tab', { name: 'Traffic' }).click();
    const frames = page.getByRole('listbox', { name: 'Frames' });
    await expect(frames.getByRole('option').nth(10)).toBeVisible();
    // The list follows the newest frame; a person goes to the first ones with Home (the handshake's rows).
    await frames.focus();
    await page.keyboard.press('Home');
    await expect(frames.getByTitle('notifications/initialized')).toBeVisible();
    await shot(page, 'traffic-1400');
    // No cell is cut without its full text in a tooltip; RTT and METHOD ("notifications/initialized") fit whole.
    const clipped = await frames.getByRole('option').evaluateAll((rows: CellLike[]) =>
      rows.flatMap((row) =>
        Array.from(row.querySelectorAll('.frame-row > span'))
          .filter(
            (cell) =>
              cell.scrollWidth > cell.clientWidth + 1 &&
              cell.getAttribute('title') !== cell.textContent?.trim(),
          )
          .map((cell) => cell.textContent),
      ),
    );
    expect(clipped).toEqual([]);
    const cut = await frames.getByRole('option').evaluateAll((rows: CellLike[]) =>
      rows.flatMap((row) =>
        Array.from(row.querySelectorAll('.frame-row > span'))
          .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
          .map((cell) => cell.textContent ?? ''),
      ),
    );
    expect(
      cut.filter((text) => text.includes('notifications/initialized') || /\d (ms|s)$/.test(text)),
    ).toEqual([]);
    const rttCells = await frames
      .getByRole('option')
      .evaluateAll((rows: CellLike[]) =>
        rows
          .map((row) => row.querySelector('.frame-row > span:last-child')?.textContent ?? '')
          .filter((text) => text !== ''),
      );
    expect(rttCells.length).toBeGreaterThan(3);
    for (const text of rttCells) expect(text).toMatch(/^\d+(\.\d+)? (ms|s)$/);
    await expect(frames.getByTitle('notifications/initialized')).toBeVisible();

    // The filter syntax, by keyboard alone: type, Enter makes chips, Backspace in the empty box removes the last.
    const box = page.getByRole('searchbox', { name: 'Filter traffic' });
    await box.focus();
    await page.keyboard.type('method:tools/list dir:in rtt:<100000');
    await page.keyboard.press('Enter');
    const chips = page.getByRole('list', { name: 'Traffic filters in use' }).getByRole('button');
    await expect(chips).toHaveText(['method:tools/list ×', 'dir:in ×', 'rtt:<100000 ×']);
    await expect(frames.getByRole('option')).toHaveCount(5);
    await shot(page, 'traffic-chips');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await expect(chips).toHaveText(['method:tools/list ×']);
    await expect(frames.getByRole('option')).toHaveCount(10);
    await page.keyboard.type('kind:bogus');
    await expect(page.getByRole('alert', { name: 'Filter problems' })).toContainText(
      'kind: takes request, response',
    );
  });

  test('server requests take their own space: the roots card and the answered bar cover neither the tool list nor traffic', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await connectStdio(page, process.execPath, `${everything} stdio`);
    const card = page.getByRole('dialog', { name: 'The server asks for your roots' });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(toolList(page).getByRole('option').first()).toBeVisible();
    await shot(page, 'roots-card');
    const strip = page.getByRole('complementary', { name: 'Server requests' });
    const [listBox, panelBox, stripBox] = await boxes(
      page,
      toolList(page),
      page.getByRole('tabpanel'),
      strip,
    );
    expect(overlaps(listBox, stripBox)).toBe(false);
    expect(overlaps(panelBox, stripBox)).toBe(false);

    await card.getByRole('button', { name: 'Answer with these roots' }).click();
    await expect(strip.getByText('1 answered server request', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Traffic' }).click();
    const frames = page.getByRole('listbox', { name: 'Frames' });
    await frames.focus();
    await page.keyboard.press('End');
    await expect(frames.getByText('roots/list').first()).toBeVisible();
    // The row End moved to (the server may log a frame after it meanwhile: that one is not the row measured).
    const last = frames.getByRole('option', { selected: true });
    await expect(last).toBeVisible();
    const lastText = (await last.textContent()) ?? '';
    expect(lastText).not.toBe('');
    await shot(page, 'answered-bar-traffic');
    const [lastBox, stripBelow] = await boxes(page, last, strip);
    expect(overlaps(lastBox, stripBelow)).toBe(false);
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(stripBelow.y + 1);
    // And the last row is really what is drawn at its centre (nothing on top of it).
    const onTop = await textAt(
      page,
      lastBox.x + lastBox.width / 2,
      lastBox.y + lastBox.height / 2,
      '[role="option"]',
    );
    expect(onTop).toBe(lastText);

    // A reload re-attaches to the session: the answer made before it is still listed, with what was chosen.
    await page.reload();
    await expect(connectedPill(page)).toBeVisible();
    const again = page.getByRole('complementary', { name: 'Server requests' });
    await expect(again.getByText('1 answered server request', { exact: true })).toBeVisible();
    await again.getByText('1 answered server request', { exact: true }).click();
    await expect(again.getByText(/^roots\/list: answered with no roots at /)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'The server asks for your roots' })).toHaveCount(0);
  });

  test('saving a snapshot and a server says where it went; Connect is on screen without scrolling', async ({
    page,
  }) => {
    for (const viewport of [
      { width: 1024, height: 700 },
      { width: 1280, height: 720 },
      { width: 1400, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(host.url);
      await expect(connectedPill(page)).toBeVisible();
      const form = await connectionForm(page);
      await form.getByRole('combobox').first().selectOption('stdio');
      const connect = form.getByRole('button', { name: 'Connect', exact: true });
      const at = await box(connect);
      expect(at.y).toBeGreaterThanOrEqual(0);
      expect(at.y + at.height).toBeLessThanOrEqual(viewport.height);
      const drawn = await textAt(page, at.x + at.width / 2, at.y + at.height / 2);
      expect(drawn).toBe('Connect');
      await shot(page, `connect-${viewport.width}x${viewport.height}`);
      // Escape closes the dialog.
      await page.keyboard.press('Escape');
      await expect(form).toHaveCount(0);
    }

    const status = page.getByRole('status', { name: 'Last action' });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save snapshot' }).click();
    const fileName = (await download).suggestedFilename();
    expect(fileName).toMatch(/\.json$/);
    await expect(status).toContainText(`Snapshot saved as ${fileName}`);

    const form = await connectionForm(page);
    await form.getByRole('combobox').first().selectOption('stdio');
    await form.getByLabel('Command', { exact: true }).fill(process.execPath);
    await form.getByLabel('Arguments', { exact: true }).fill(`${everything} stdio`);
    await form.getByLabel('Name to save as').fill('everything');
    await form.getByRole('button', { name: 'Save server' }).click();
    await expect(status).toHaveText(/Server saved as "everything"\./);
    await shot(page, 'saved-server');
    await expect(page.getByRole('button', { name: 'Connect to everything' })).toBeVisible();
    await page.keyboard.press('Escape');
    await status.getByRole('button', { name: 'Dismiss' }).click();
    await expect(status).toHaveText('');
  });
});
