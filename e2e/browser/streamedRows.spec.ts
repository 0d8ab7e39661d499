/**
 * In Chromium through the browser host, against a real paginating server that waits 400 ms before every page: the
 * first pages' rows are on screen while later pages arrive, the count says the walk is still going (never a
 * finished count early), and when the walk ends the list is the whole one, in the server's order.
 */
import { expect, test } from '@playwright/test';
import { startHostProcess, testServers, type HostProcess } from '../hostProcess';
import { connectedPill } from '../pageHelpers';

let host: HostProcess | undefined;
test.afterEach(async () => {
  await host?.stop();
  host = undefined;
});

test('rows of the first pages show while a slow server pages; the count says still listing until the end', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  host = await startHostProcess([
    process.execPath,
    testServers.paginating,
    '--tools',
    '240',
    '--page-size',
    '20',
    '--no-control',
    '--delay',
    '400',
  ]);
  await page.goto(host.url);
  await expect(connectedPill(page)).toBeVisible({ timeout: 30_000 });
  const tools = page.getByRole('region', { name: 'Tool list' });
  const rows = tools.getByRole('listbox', { name: 'Tools' }).getByRole('option');

  // 12 pages at 400 ms each: rows and "still listing" together, well before the end.
  const streamed = tools.getByTestId('streamed-count');
  await expect(streamed).toHaveText(/^\d[\d,]* of … tools · \d+ pages? so far still listing$/);
  await expect(rows.first()).toContainText('tool_0001');
  await expect(tools.getByRole('status')).toContainText('still listing');
  const countWhileListing = await streamed.textContent();
  const shownWhileListing = Number(/^(\d+)/.exec(countWhileListing ?? '')?.[1]);
  expect(shownWhileListing).toBeGreaterThanOrEqual(20);
  expect(shownWhileListing).toBeLessThan(240);
  // Nothing claims the list is whole yet.
  await expect(tools.locator('.list-count')).not.toHaveText(/^240 tools/);
  await page.screenshot({ path: testInfo.outputPath('streamed-rows-while-listing.png') });

  await expect(tools.locator('.list-count')).toHaveText(/^240 tools · 12 pages$/, { timeout: 30_000 });
  await expect(tools.getByText('still listing')).toHaveCount(0);
  await expect(rows.first()).toContainText('tool_0001');
  await page.screenshot({ path: testInfo.outputPath('streamed-rows-done.png') });
});
