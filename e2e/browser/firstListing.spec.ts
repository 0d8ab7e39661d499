/**
 * The app's first listing sends each list once: the security lens, which reads every kind, used to run between the
 * tools and the other lists and walk resources, templates and prompts itself, so Traffic showed each of them listed
 * twice. A reload takes up the session with its lens (findings and pin) and sends nothing to the server.
 */
import { expect, test, type Page } from '@playwright/test';
import { startHostProcess, type HostProcess } from '../hostProcess';
import { connectedPill } from '../pageHelpers';

/** The requests sent for one method, as the Traffic view counts them (its filter, sent frames only). */
async function sentCount(page: Page, method: string): Promise<string> {
  await page.getByRole('tab', { name: /^Traffic/ }).click();
  const filters = page.getByRole('toolbar', { name: 'Traffic filters' });
  await filters.getByLabel('Filter by method').fill(method);
  await filters.getByLabel('Direction').selectOption('out');
  return (await filters.locator('.toolbar-count').textContent()) ?? '';
}

test.describe('first listing', () => {
  let host: HostProcess;
  test.beforeEach(async () => {
    host = await startHostProcess();
  });
  test.afterEach(async () => {
    await host?.stop();
  });

  test('walks each list once, and a reload keeps the security lens without a request', async ({ page }) => {
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Resources', exact: true })).toHaveText('Resources60');
    await page.getByRole('tab', { name: /^Security/ }).click();
    const status = page.getByRole('region', { name: 'Security' }).locator('.security-header .muted');
    await expect(status).toHaveText(/^loupe-demo: \d+ findings? · pin new$/);
    // A person reads the page for a moment: whatever the first listing still had to send is sent by then.
    await page.waitForTimeout(2000);
    // The demo's resources come in 3 pages, its templates and prompts in one.
    expect(await sentCount(page, 'resources/list')).toMatch(/^3 frames of \d+$/);
    expect(await sentCount(page, 'resources/templates/list')).toMatch(/^1 frame of \d+$/);
    expect(await sentCount(page, 'prompts/list')).toMatch(/^1 frame of \d+$/);
    expect(await sentCount(page, 'tools/list')).toMatch(/^5 frames of \d+$/);
    const total = await page.getByRole('tab', { name: /^Traffic/ }).textContent();

    await page.reload();
    await expect(connectedPill(page)).toBeVisible();
    await page.getByRole('tab', { name: /^Security/ }).click();
    // The pin taken on the first scan now holds.
    await expect(status).toHaveText(/^loupe-demo: \d+ findings? · pin same$/);
    await page.waitForTimeout(1000);
    expect(await page.getByRole('tab', { name: /^Traffic/ }).textContent()).toBe(total);
  });
});
