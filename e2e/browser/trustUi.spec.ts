/**
 * Two things a new user hit (issue 42, point 5), in Chromium through the browser host, each on a fresh page (no view
 * opened before, so no lazily loaded stylesheet helps): the pin banner of a server that changed a lot (3,000 tools
 * pinned, 20 now) stays bounded with the tool list on screen, and "Show all in Compare" opens the whole diff; the
 * Import dialog is opaque.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repositoryRoot, startHostProcess, type HostProcess } from '../hostProcess';
import { connectStdio, connectedPill, toolList } from '../pageHelpers';

const shrinking = join(repositoryRoot, 'test', 'servers', 'shrinking.mjs');

test.describe('Trust on a fresh page', () => {
  let host: HostProcess;
  test.beforeEach(async ({ page }) => {
    host = await startHostProcess();
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
  });
  test.afterEach(async () => {
    await host?.stop();
  });

  test('the pin banner of a server that shrank from 3,000 tools to 20 stays bounded; Show all opens Compare', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const countFile = join(mkdtempSync(join(tmpdir(), 'loupe-e2e-shrinking-')), 'count');
    writeFileSync(countFile, '3000');
    const args = `${shrinking} --count-file ${countFile}`;
    await connectStdio(page, process.execPath, args);
    await page.getByRole('tab', { name: /Security/ }).click();
    await expect(page.getByText(/loupe-shrinking-server: \d+ findings? · pin new/)).toBeVisible({
      timeout: 60_000,
    });
    await page.getByRole('button', { name: 'Disconnect' }).click();

    // A fresh page (the Security view's stylesheet is not loaded any more) on the closed session: the server now
    // lists 20 tools, and Reconnect starts the same command line.
    await page.reload();
    const reconnect = page.getByRole('button', { name: 'Reconnect' });
    await expect(reconnect).toBeVisible();
    writeFileSync(countFile, '20');
    await reconnect.click();
    // The reload came back to the view in the address (Security); the tool list is in Tools.
    await page.getByRole('tab', { name: 'Tools', exact: true }).click();
    await expect(page.getByText('20 tools', { exact: true })).toBeVisible();
    const banner = page.getByRole('alert', { name: 'Pin changed' });
    await expect(banner).toContainText('This server changed since it was pinned');
    // Bounded: the banner takes at most 40% of the window, and the tool list is still on screen below it.
    const box = await banner.boundingBox();
    expect(box?.height ?? Infinity).toBeLessThanOrEqual(0.4 * 700 + 1);
    await expect(toolList(page).getByRole('option').first()).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('pin-banner-bounded.png') });

    // Counts per class and per list, the first five changes (breaking first), and how many more Compare shows.
    await expect(banner).toContainText('2,981 changes (2,980 breaking, 1 compatible)');
    await expect(banner).toContainText('tools: 2,980 removed');
    await expect(banner).toContainText('… and 2,976 more.');
    await expect(banner.getByRole('listitem')).toHaveCount(5);

    await banner.getByRole('button', { name: 'Show all in Compare' }).click();
    await expect(page.getByRole('tab', { name: /^Compare/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Old (left) side')).toContainText('Pinned');
    await expect(page.getByLabel('New (right) side')).toContainText('Now');
    await expect(page.getByText(/^2981 of 2981 changes shown/)).toBeVisible();
    // The banner is still there until the change is accepted.
    await expect(banner).toBeVisible();
  });

  test('the Import dialog is opaque on a fresh page', async ({ page }, testInfo) => {
    await page.getByRole('button', { name: 'Import from client configs…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from client configs' });
    await expect(dialog).toBeVisible();
    // Chromium writes an opaque colour as rgb(r, g, b); any transparency is rgba(…, a) (a missing background is
    // rgba(0, 0, 0, 0), the page showing through).
    await expect(dialog).toHaveCSS('background-color', /^rgb\(\d+, \d+, \d+\)$/);
    await page.screenshot({ path: testInfo.outputPath('import-dialog.png') });
  });
});
