/**
 * Hostile names and shapes through the browser host in Chromium: tools named after Object.prototype members
 * (constructor, __proto__, toString, hasOwnProperty, valueOf) list, filter, open and call like any other;
 * a tool whose inputSchema nests 100,000 levels deep ends in a clear message, and the UI stays responsive.
 * Screenshots go to e2e-artifacts/ (gitignored).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { repositoryRoot, startHostProcess, type HostProcess } from '../hostProcess';
import { connectStdio, connectedPill, toolList } from '../pageHelpers';

const artifacts = join(repositoryRoot, 'e2e-artifacts');
mkdirSync(artifacts, { recursive: true });
const server = join(repositoryRoot, 'test', 'servers', 'prototypeNames.mjs');
const prototypeNames = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

const toolsPane = (page: Page) => page.getByRole('region', { name: 'Tool list' });
const detailPane = (page: Page) => page.getByRole('region', { name: 'Tool detail' });

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: false });
}

test.describe('hostile names and shapes', () => {
  let host: HostProcess;
  let pageErrors: string[];
  test.beforeEach(async ({ page }) => {
    host = await startHostProcess();
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
  });
  test.afterEach(async () => {
    await host?.stop();
  });

  test('tools named constructor, __proto__, toString… list, filter, open and call', async ({ page }) => {
    await connectStdio(page, process.execPath, server);
    await expect(toolsPane(page).getByText('5 tools')).toBeVisible();
    await expect(toolList(page).locator('.item-name')).toHaveText(prototypeNames);

    for (const name of prototypeNames) {
      await toolList(page)
        .getByRole('option')
        .filter({ has: page.locator('.item-name', { hasText: new RegExp(`^${name}$`) }) })
        .click();
      await expect(detailPane(page).getByRole('heading', { name, exact: true })).toBeVisible();
      await expect(detailPane(page).locator('.prose-text').first()).toHaveText(`A tool named ${name}.`);
      const panel = page.getByRole('region', { name: `Call ${name}` });
      await panel.locator(`input[id$="_${name}_text"]`).fill(`hello ${name}`);
      await panel.getByRole('button', { name: `Call ${name}` }).click();
      await expect(
        page
          .getByRole('region', { name: 'Call result' })
          .getByText(`called ${name} with {"${name}_text":"hello ${name}"}`),
      ).toBeVisible();
    }

    await page.getByRole('searchbox', { name: 'Filter tools' }).fill('proto');
    await expect(toolList(page).locator('.item-name')).toHaveText(['__proto__']);
    await shot(page, 'hostile-prototype-names');
    expect(pageErrors).toEqual([]);
  });

  test('a tool with an inputSchema nested 100,000 deep ends in a clear message, the UI responsive', async ({
    page,
  }) => {
    await connectStdio(page, process.execPath, `${server} --deep 100000`);
    await expect(connectedPill(page)).toBeVisible();
    // The listing cannot cross to the UI (no serializer follows 100,000 levels): one named error, not a spinner forever.
    // Its rows stream as onListProgress, which the carrier drops (logged); the page, short of rows, asks for the list
    // the backend kept (keptLists), and that answer is refused with the cause.
    const failure = toolsPane(page).getByRole('alert');
    await expect(failure).toContainText('Listing tools failed: internal');
    await expect(failure).toContainText(
      'The result of keptLists could not be sent to the UI: it is nested too deeply (RangeError: Maximum call stack size exceeded)',
    );
    await shot(page, 'hostile-deep-schema');

    // Responsive: the filter takes input, other tabs open, the raw tools/list response is in Traffic.
    await page.getByRole('searchbox', { name: 'Filter tools' }).fill('deep');
    await expect(page.getByRole('searchbox', { name: 'Filter tools' })).toHaveValue('deep');
    await page.getByRole('tab', { name: /^Traffic/ }).click();
    await expect(
      page
        .getByRole('listbox', { name: 'Frames' })
        .getByRole('option')
        .filter({ hasText: 'tools/list' })
        .first(),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Tools' }).click();
    await page.getByRole('searchbox', { name: 'Filter tools' }).fill('');

    // And a well-formed server afterwards works as ever.
    await connectStdio(page, process.execPath, server);
    await expect(toolsPane(page).getByText('5 tools')).toBeVisible();
    await expect(toolList(page).locator('.item-name')).toHaveText(prototypeNames);
    expect(pageErrors).toEqual([]);
  });
});
