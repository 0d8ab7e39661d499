/**
 * Several sessions in one window, through the real browser host: a stdio server and a Streamable HTTP server
 * open at once, each with its own traffic (frames only its server sends, none of the other's); a page reload re-attaches to both with their traffic intact and
 * walks no list again, and a call's result is shown again; Alt+Shift+] / [ switch; disconnecting one leaves the
 * other connected.
 * Sessions of one server are told apart in the strip (live, snapshot, replay; a number when all else is equal); a tab
 * whose Loupe has ended says so plainly.
 * Screenshots of two sessions (light and dark), of the strip telling sessions apart and of the ended banner go to
 * /tmp/sessions/.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  startHostProcess,
  startHttpServerProcess,
  testServers,
  type HostProcess,
  type HttpServerProcess,
} from '../hostProcess';
import { connectHttp, connectStdio, connectedPill, openTool } from '../pageHelpers';

const screenshots = '/tmp/sessions';
mkdirSync(screenshots, { recursive: true });

const strip = (page: Page) => page.getByRole('tablist', { name: 'Sessions' });
const toolsPane = (page: Page) => page.getByRole('region', { name: 'Tool list' });
const frameCount = (page: Page) => page.locator('.toolbar-count');

/** What the Traffic view shows for the session on screen: the count line and the first rows' methods. */
async function traffic(page: Page): Promise<{ count: string; first: string[] }> {
  await page.getByRole('tab', { name: 'Traffic', exact: true }).click();
  const rows = page.getByRole('listbox', { name: 'Frames' }).locator('.frame-method');
  await expect(rows.first()).toBeVisible();
  // The walks of resources and prompts may still be answering: read the count once it stopped moving.
  let count = '';
  await expect
    .poll(
      async () => {
        const now = (await frameCount(page).textContent()) ?? '';
        const settled = now === count;
        count = now;
        return settled;
      },
      { intervals: [500, 500, 1000, 1000] },
    )
    .toBe(true);
  // The list follows the newest frame: Home goes back to the first; then the first eight rows as "seq method".
  const list = page.getByRole('listbox', { name: 'Frames' });
  await list.focus();
  await list.press('Home');
  const rowsShown = list.locator('.frame-row');
  await expect(rowsShown.first().locator('span').first()).toHaveText('1');
  const first: string[] = [];
  for (let index = 0; index < Math.min(8, await rowsShown.count()); index += 1) {
    const row = rowsShown.nth(index);
    const seq = (await row.locator('span').first().textContent()) ?? '';
    const method = (await row.locator('.frame-method').textContent()) ?? '';
    first.push(`${seq} ${method}`.trim());
  }
  return { count, first };
}

/** How many tools/list requests the shown session's Traffic holds (filtered by method, sent only). */
async function toolsListRequests(page: Page): Promise<number> {
  await page.getByRole('tab', { name: 'Traffic', exact: true }).click();
  const filters = page.getByRole('toolbar', { name: 'Traffic filters' });
  await filters.getByLabel('Filter by method').fill('tools/list');
  await filters.getByLabel('Direction').selectOption('out');
  const text = (await frameCount(page).textContent()) ?? '';
  await filters.getByLabel('Filter by method').fill('');
  await filters.getByLabel('Direction').selectOption('all');
  const match = /^([\d,]+) frames?/.exec(text);
  return match ? Number(match[1].replace(/,/g, '')) : -1;
}

/**
 * How many frames of the shown session's Traffic hold a text (the query box's free text searches each frame as
 * sent). Frames of another session would be counted here if the sessions were not kept apart.
 */
async function framesHolding(page: Page, text: string): Promise<number> {
  await page.getByRole('tab', { name: 'Traffic', exact: true }).click();
  const query = page.getByRole('toolbar', { name: 'Traffic filters' }).getByLabel('Filter traffic');
  await query.fill(`"${text}"`);
  // Filtered, the count line says "N frames of M", once the list pages' text (which stays with the backend until
  // asked for) has been read in to be searched.
  await expect(frameCount(page)).toHaveText(/^[\d,]+ frames? of [\d,]+$/);
  await expect(page.getByTestId('traffic-reading-texts')).toHaveCount(0);
  const shown = (await frameCount(page).textContent()) ?? '';
  await query.fill('');
  await expect(frameCount(page)).not.toHaveText(/ of /);
  return Number(/^([\d,]+)/.exec(shown)?.[1]?.replace(/,/g, '') ?? -1);
}

/**
 * Each session's own frames, by texts only one of the two servers sends: the paginating server's control tool
 * and the words of the stdio call; the v2 server's regional_lookup tool and its subscriptions/listen stream.
 */
async function ownFrames(page: Page): Promise<Record<string, number>> {
  const texts = ['trigger_list_changed', 'said before the reload', 'regional_lookup', 'subscriptions/listen'];
  const counts: Record<string, number> = {};
  for (const text of texts) counts[text] = await framesHolding(page, text);
  return counts;
}

/** A screenshot in one theme, once the buttons' colour transitions have run and with the pointer on blank space. */
async function shot(page: Page, scheme: 'light' | 'dark', name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.mouse.move(1200, 850);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${screenshots}/${name}.png` });
}

const switchNext = (page: Page) => page.keyboard.press('Alt+Shift+BracketRight');
const switchPrevious = (page: Page) => page.keyboard.press('Alt+Shift+BracketLeft');

test.describe('sessions', () => {
  let host: HostProcess;
  let http: HttpServerProcess;
  test.beforeEach(async () => {
    host = await startHostProcess();
    http = await startHttpServerProcess(testServers.v2, ['--transport', 'http', '--legacy', 'allow']);
  });
  test.afterEach(async () => {
    await http?.stop();
    await host?.stop();
  });

  test('a stdio and an HTTP server at once, each with its own traffic, kept across a reload', async ({
    page,
  }) => {
    // Two servers, a reload and each session's traffic searched five times: past 60 s on a loaded 2-core machine.
    test.setTimeout(120_000);
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    // Session 1: the paginating server over stdio (2 control tools + 30 numbered ones, 10 a page).
    await connectStdio(page, process.execPath, `${testServers.paginating} --tools 30 --page-size 10`);
    await expect(toolsPane(page).getByText('32 tools')).toBeVisible({ timeout: 30_000 });
    await expect(strip(page).getByRole('tab')).toHaveCount(1);

    // Session 2: the v2 SDK server over Streamable HTTP (25 tools, 10 a page), opened beside it.
    await page.getByRole('button', { name: '+ New session' }).click();
    await expect(strip(page).getByRole('tab')).toHaveCount(2);
    await expect(strip(page).getByRole('tab', { selected: true })).toHaveText(/New session, idle/);
    await connectHttp(page, http.url);
    await expect(toolsPane(page).getByText('25 tools')).toBeVisible({ timeout: 30_000 });
    const tabs = strip(page).getByRole('tab');
    await expect(tabs.nth(0)).toHaveAccessibleName(/, connected$/);
    await expect(tabs.nth(1)).toHaveAccessibleName(/, connected$/);
    const labels = await tabs.allTextContents();
    expect(labels[0]).not.toEqual(labels[1]);

    const httpTraffic = await traffic(page);
    const httpPages = await toolsListRequests(page);
    expect(httpPages).toBe(3);
    // The v2 server speaks 2026-07-28 over HTTP: discovery, then the subscriptions stream; no initialize.
    expect(httpTraffic.first.slice(0, 3)).toEqual([
      '1 server/discover',
      '2 server/discover',
      '3 subscriptions/listen',
    ]);
    expect(httpTraffic.first.some((row) => row.endsWith(' initialize'))).toBe(false);
    // Only the v2 server's frames: its tool list page, its listen stream, nothing of the paginating server.
    const httpOwn = await ownFrames(page);
    expect(httpOwn).toMatchObject({
      trigger_list_changed: 0,
      'said before the reload': 0,
      regional_lookup: 1,
    });
    // The request and what the stream answered so far.
    expect(httpOwn['subscriptions/listen']).toBeGreaterThan(0);
    await shot(page, 'dark', 'two-sessions-dark');

    await switchPrevious(page);
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    // A call in the stdio session: its result is there again after the reload.
    await page.getByRole('tab', { name: 'Tools', exact: true }).click();
    const panel = await openTool(page, 'echo');
    await panel.locator('input[id$="_text"]').fill('said before the reload');
    await panel.getByRole('button', { name: 'Call echo' }).click();
    const echoed = () =>
      page
        .getByRole('region', { name: 'Call result' })
        .locator('pre.text-block', { hasText: 'said before the reload' });
    await expect(echoed()).toBeVisible();
    const stdioTraffic = await traffic(page);
    const stdioPages = await toolsListRequests(page);
    expect(stdioPages).toBe(4);
    // The paginating server is 2025 era over stdio: server/discover is refused, then initialize.
    expect(stdioTraffic.first.some((row) => row.endsWith(' initialize'))).toBe(true);
    expect(stdioTraffic.first.some((row) => row.endsWith(' subscriptions/listen'))).toBe(false);
    // Only the paginating server's frames: its first tool page, the call and its answer, nothing of the v2 server.
    const stdioOwn = {
      trigger_list_changed: 1,
      'said before the reload': 2,
      regional_lookup: 0,
      'subscriptions/listen': 0,
    };
    expect(await ownFrames(page)).toEqual(stdioOwn);
    // The call made while the HTTP session was open did not land in its traffic.
    await switchNext(page);
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    expect(await ownFrames(page)).toEqual(httpOwn);
    await switchPrevious(page);
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Tools', exact: true }).click();
    await expect(toolsPane(page).getByText('32 tools')).toBeVisible();
    await shot(page, 'light', 'two-sessions-light');
    await page.emulateMedia({ colorScheme: 'dark' });

    // Reload: both sessions come back, the shown one is the one this tab showed, traffic as it was.
    await page.reload();
    await expect(strip(page).getByRole('tab')).toHaveCount(2);
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(toolsPane(page).getByText('32 tools')).toBeVisible();
    expect(await traffic(page)).toEqual(stdioTraffic);
    expect(await toolsListRequests(page)).toBe(stdioPages);
    expect(await ownFrames(page)).toEqual(stdioOwn);
    await page.getByRole('tab', { name: 'Tools', exact: true }).click();
    await openTool(page, 'echo');
    await expect(echoed()).toBeVisible();

    await switchNext(page);
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    expect(await traffic(page)).toEqual(httpTraffic);
    expect(await toolsListRequests(page)).toBe(httpPages);
    expect(await ownFrames(page)).toEqual(httpOwn);
    await page.getByRole('tab', { name: 'Tools', exact: true }).click();
    await expect(toolsPane(page).getByText('25 tools')).toBeVisible();

    // Disconnecting the HTTP session leaves the stdio one connected.
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect(tabs.nth(1)).toHaveAccessibleName(/, closed$/);
    await expect(tabs.nth(0)).toHaveAccessibleName(/, connected$/);
    await switchNext(page);
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(connectedPill(page)).toBeVisible();
    expect((await traffic(page)).count).toEqual(stdioTraffic.count);
  });

  test('closing a session moves to its neighbour; closing the last leaves a new idle one', async ({
    page,
  }) => {
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await page.getByRole('button', { name: '+ New session' }).click();
    const tabs = strip(page).getByRole('tab');
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await connectHttp(page, http.url);
    await expect(toolsPane(page).getByText('25 tools')).toBeVisible({ timeout: 30_000 });
    const shownName = (await tabs.nth(1).textContent())?.replace(/, connected$/, '') ?? '';
    await page.getByRole('button', { name: `Close session ${shownName}` }).click();
    await expect(tabs).toHaveCount(1);
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(connectedPill(page)).toBeVisible();
    // Delete on the focused tab closes it: the last one gives way to a new idle session.
    await tabs.nth(0).focus();
    await page.keyboard.press('Delete');
    await expect(tabs).toHaveCount(1);
    await expect(tabs.nth(0)).toHaveText(/New session, idle/);
    // The idle session's Tools view leads to the connect dialog.
    await page.getByRole('button', { name: 'Connect to a server…' }).click();
    await expect(page.getByRole('form', { name: 'Connection' })).toBeVisible();
    await page.keyboard.press('Escape');
    // A reload finds that one idle session and, as on a first start, dials the initial target (the demo).
    await page.reload();
    await expect(connectedPill(page)).toBeVisible();
    await expect(tabs).toHaveCount(1);
  });

  test('sessions of one server are told apart in the strip: a number, then live, snapshot and replay', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    const tabs = strip(page).getByRole('tab');
    await page.getByRole('button', { name: '+ New session' }).click();
    await expect(strip(page).getByRole('tab', { selected: true })).toHaveText(/New session, idle/);
    const form = page.getByRole('form', { name: 'Connection' });
    const transport = form.getByRole('combobox').first();
    await transport.selectOption('demo');
    await expect(transport).toHaveValue('demo');
    await form.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(toolsPane(page).getByText(/\d+ tools/)).toBeVisible({ timeout: 30_000 });
    // The same server twice, the same way: only a number tells them apart.
    await expect(tabs.nth(0)).toHaveAccessibleName(/^loupe-demo\s*·\s*#1\s*, connected$/);
    await expect(tabs.nth(1)).toHaveAccessibleName(/^loupe-demo\s*·\s*#2\s*, connected$/);

    // The second shows a snapshot of itself: it is told apart by that, and the number goes.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save snapshot' }).click();
    const saved = join(mkdtempSync(join(tmpdir(), 'loupe-e2e-sessions-')), 'demo.json');
    await (await download).saveAs(saved);
    await page.getByTestId('snapshot-file').setInputFiles(saved);
    await expect(tabs.nth(0)).toHaveAccessibleName(/^loupe-demo\s*·\s*live\s*, connected$/);
    await expect(tabs.nth(1)).toHaveAccessibleName(/^loupe-demo\s*·\s*snapshot\s*, connected$/);

    // Its replay, in a session of its own: a replay.
    const replay = page.getByTestId('snapshot-session').getByRole('region', { name: 'Replay' });
    await replay.getByRole('button', { name: 'Serve it' }).click();
    await replay.getByRole('button', { name: 'Open a session on it' }).click();
    await expect(tabs).toHaveCount(3);
    await expect(tabs.nth(2)).toHaveAccessibleName(/^loupe-demo\s*·\s*replay\s*, connected$/, {
      timeout: 30_000,
    });
    await expect(tabs.nth(0)).toHaveAccessibleName(/^loupe-demo\s*·\s*live\s*, connected$/);
    await shot(page, 'light', 'same-name-sessions-light');
    await shot(page, 'dark', 'same-name-sessions-dark');
  });

  test("a tab whose Loupe has ended says so plainly, and which address to open, instead of 'trying to reconnect…' for ever", async ({
    page,
  }) => {
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await expect(toolsPane(page).getByText(/\d+ tools/)).toBeVisible({ timeout: 30_000 });
    const origin = host.origin;
    await host.stop();
    // Nothing answers at its address any more: a person waiting sees it said, with the way on.
    const ended = page.getByTestId('ended-banner');
    await expect(ended).toContainText(`This Loupe has ended: nothing answers at ${origin} any more`);
    await expect(ended).toContainText('If you started Loupe again, open the address it printed');
    await expect(page.getByText('Backend disconnected — trying to reconnect…')).toHaveCount(0);
    await expect(page.getByRole('banner').getByText('Loupe ended', { exact: true })).toBeVisible();
    await expect(connectedPill(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save snapshot' })).toBeDisabled();
    // What the tab showed stays, to be read.
    await expect(toolsPane(page).getByText(/\d+ tools/)).toBeVisible();
    await shot(page, 'light', 'ended-light');
    await shot(page, 'dark', 'ended-dark');
  });
});
