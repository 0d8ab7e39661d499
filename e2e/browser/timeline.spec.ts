/**
 * The timeline in Chromium through the browser host. A call that elicited (test/servers/asking.mjs): while the
 * question waits, the call is in the in-flight lane; answered, the elicitation/create row is nested under the
 * tools/call row; a row opens its request frame in Traffic. Then 10,000 requests (a snapshot of a 10,000-page
 * listing, made by the CLI): every one is a row, only those in view are drawn, zoom and scrolling to the last row
 * work. Screenshots: e2e-artifacts/timeline-*.png.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { repositoryRoot, startHostProcess, testServers, type HostProcess } from '../hostProcess';
import { connectStdio, connectedPill, openTool, toolList } from '../pageHelpers';

const asking = join(repositoryRoot, 'test', 'servers', 'asking.mjs');
const traced = join(repositoryRoot, 'test', 'servers', 'traced.mjs');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(repositoryRoot, 'e2e-artifacts', `timeline-${name}.png`) });

const requests = (page: Page) => page.getByRole('grid', { name: 'Requests' });

test.describe('the timeline', () => {
  let host: HostProcess;
  test.beforeEach(async () => {
    host = await startHostProcess();
  });
  test.afterEach(async () => {
    await host?.stop();
  });

  test('a call that elicited: in flight while asked, then the question nested in the call; a row opens Traffic', async ({
    page,
  }) => {
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await connectStdio(page, process.execPath, asking);
    await expect(toolList(page).getByRole('option', { name: /^ask\b/ })).toBeVisible({ timeout: 30_000 });
    const panel = await openTool(page, 'ask');
    await panel.getByRole('button', { name: 'Call ask' }).click();
    const dialog = page.getByRole('dialog', { name: 'The server asks you for input' });
    await expect(dialog).toBeVisible();

    await page.getByRole('tab', { name: 'Timings' }).click();
    const lane = page.getByRole('grid', { name: 'In flight' });
    await expect(lane.getByRole('row', { name: 'tools/call ask' })).toBeVisible();
    await shot(page, 'in-flight');

    await dialog.locator('input').first().fill('yes');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toBeHidden();
    await expect(lane).toHaveCount(0);
    const call = requests(page).getByRole('row', { name: 'tools/call ask' });
    const asked = requests(page).getByRole('row', { name: 'elicitation/create' });
    await expect(asked).toBeVisible();
    const callDepth = Number(await call.getAttribute('data-depth'));
    expect(Number(await asked.getAttribute('data-depth'))).toBe(callDepth + 1);
    expect(await asked.getAttribute('data-kind')).toBe('serverRequest');
    // The question sits right under the call that caused it.
    const rows = requests(page).getByRole('row');
    const labels: (string | null)[] = [];
    for (let index = 0; index < (await rows.count()); index++)
      labels.push(await rows.nth(index).getAttribute('aria-label'));
    expect(labels[labels.indexOf('tools/call ask') + 1]).toBe('elicitation/create');
    await shot(page, 'elicited');

    await call.getByRole('button', { name: 'tools/call ask' }).click();
    await expect(page.getByRole('tab', { name: 'Traffic' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Frame detail' })).toContainText('tools/call');
  });

  test('the server’s own spans (OpenTelemetry SDK, over OTLP) nested under the call that caused them', async ({
    page,
  }) => {
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await connectStdio(page, process.execPath, traced);
    await expect(toolList(page).getByRole('option', { name: /^lookup\b/ })).toBeVisible({ timeout: 30_000 });
    const panel = await openTool(page, 'lookup');
    await panel.locator('input').first().fill('Utrecht');
    await panel.getByRole('button', { name: 'Call lookup' }).click();
    await expect(page.getByRole('region', { name: 'Call result' })).toContainText('Utrecht: 12 °C');
    await page.getByRole('tab', { name: 'Timings' }).click();
    const call = requests(page).getByRole('row', { name: 'tools/call lookup' });
    const lookup = requests(page).getByRole('row', { name: 'lookup Utrecht' });
    const query = requests(page).getByRole('row', { name: 'db.query' });
    await expect(query).toBeVisible();
    const callDepth = Number(await call.getAttribute('data-depth'));
    await expect(lookup).toHaveAttribute('data-kind', 'server');
    await expect(lookup).toHaveAttribute('data-depth', String(callDepth + 1));
    await expect(query).toHaveAttribute('data-depth', String(callDepth + 2));
    await shot(page, 'server-spans');
  });

  test('10,000 requests: every one a row, only those in view drawn; zoom and scroll to the last', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const work = mkdtempSync(join(tmpdir(), 'loupe-timeline-'));
    try {
      const file = join(work, 'tenk.json');
      const made = spawnSync(
        process.execPath,
        [
          join(repositoryRoot, 'bin', 'loupe.js'),
          'snapshot',
          '--page-limit',
          '10001',
          '--out',
          file,
          '--',
          process.execPath,
          testServers.paginating,
          '--tools',
          '10000',
          '--page-size',
          '1',
          '--no-control',
          '--resources',
          '0',
          '--templates',
          '0',
          '--prompts',
          '0',
        ],
        { encoding: 'utf8', timeout: 120_000 },
      );
      expect(made.status, made.stderr).toBe(0);
      await page.goto(host.url);
      await expect(connectedPill(page)).toBeVisible();
      await page.getByTestId('snapshot-file').setInputFiles(file);
      await page.getByRole('tab', { name: 'Timings' }).click();
      const timeline = page.getByRole('region', { name: 'Timeline' });
      // initialize, 10,000 tools/list pages, and the group row of the walk.
      await expect(timeline.getByText(/^10,00\d rows/)).toBeVisible({ timeout: 60_000 });
      const drawn = await requests(page).getByRole('row').count();
      expect(drawn).toBeGreaterThan(10);
      expect(drawn).toBeLessThan(40);
      const shown = async () => (await timeline.getByText(/ shown$/).textContent()) ?? '';
      const whole = await shown();
      await timeline.getByRole('button', { name: 'Zoom in' }).click();
      await timeline.getByRole('button', { name: 'Zoom in' }).click();
      await expect.poll(shown).not.toBe(whole);
      await shot(page, 'ten-thousand-zoomed');
      await timeline.getByRole('button', { name: 'Whole session' }).click();
      await expect.poll(shown).toBe(whole);
      await requests(page).evaluate((element) => {
        const grid = element as unknown as { scrollTop: number; scrollHeight: number };
        grid.scrollTop = grid.scrollHeight;
      });
      const last = requests(page).getByRole('row').last();
      // The snapshot's last request: the prompts listing after the 10,000-page tools walk.
      await expect(last).toHaveAttribute('aria-label', 'prompts/list');
      await expect(last).toBeInViewport();
      await shot(page, 'ten-thousand-end');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
