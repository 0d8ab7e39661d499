/**
 * The workbench as a person lives in it (issue 43), measured in Chromium through the browser host rather than
 * eyeballed: twenty sessions and no sideways scroll from 1024×700 to 2560×1440 with the shown one in view; the tool
 * list keeping its rows with a tool open and notices shown; every dialog opaque on a fresh page; the whole app from
 * the keyboard (the palette everywhere, the views, the sessions, Escape, a focus one can see); the place in the
 * address. Screenshots go to e2e-artifacts/workbench-*.png (gitignored).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { repositoryRoot, startHostProcess, type HostProcess } from '../hostProcess';
import { connectStdio, connectedPill, openTool, toolList } from '../pageHelpers';
import { boxes, drawnOnTop } from '../layout';

const artifacts = join(repositoryRoot, 'e2e-artifacts');
mkdirSync(artifacts, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(artifacts, `workbench-${name}.png`) });

const demoSnapshot = join(mkdtempSync(join(tmpdir(), 'loupe-e2e-workbench-')), 'demo.json');
test.beforeAll(() => {
  execFileSync(
    process.execPath,
    [join(repositoryRoot, 'bin', 'loupe.js'), 'snapshot', '--out', demoSnapshot, '--demo'],
    {
      cwd: repositoryRoot,
      stdio: 'ignore',
    },
  );
});

const shrinking = join(repositoryRoot, 'test', 'servers', 'shrinking.mjs');
const sessions = (page: Page) => page.getByRole('tablist', { name: 'Sessions' });
const views = (page: Page) => page.getByRole('navigation', { name: 'Views' });

/** How far the page scrolls sideways (0: not at all). */
const sidewaysScroll = (page: Page) =>
  page.evaluate<number>(
    'Math.max(document.documentElement.scrollWidth - document.documentElement.clientWidth, document.body.scrollWidth - document.body.clientWidth)',
  );

/** Rows of a list fully on screen: inside the list's own box and the window (all read in one frame). */
async function rowsInView(list: Locator, page: Page): Promise<number> {
  const viewport = page.viewportSize();
  if (!viewport || (await list.count()) === 0) return 0;
  const [frame, ...rows] = await boxes(page, list, ...(await list.getByRole('option').all()));
  const top = Math.max(frame.y, 0);
  const bottom = Math.min(frame.y + frame.height, viewport.height);
  return rows.filter((box) => box.y >= top - 0.5 && box.y + box.height <= bottom + 0.5).length;
}

/** The focused element shows it: a ring (a box-shadow spread of 2 px or more) or an outline. */
const focusShown = (page: Page) =>
  page.evaluate<boolean>(
    `(() => { const element = document.activeElement; if (!element || element === document.body) return false;
      const style = getComputedStyle(element);
      return element.matches(':focus-visible') && (/0px 0px 0px [2-9]px/.test(style.boxShadow) || (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0)); })()`,
  );

/** The dialog's own background is opaque, and it is what is drawn at its centre. */
async function opaqueOnTop(dialog: Locator): Promise<void> {
  const alpha = await dialog.evaluate((element) => {
    const scope = globalThis as unknown as {
      getComputedStyle(element: unknown): { backgroundColor: string };
    };
    const color = scope.getComputedStyle(element).backgroundColor;
    const parts = /rgba?\(([^)]*)\)/.exec(color)?.[1].split(',') ?? [];
    return parts.length === 4 ? Number(parts[3]) : parts.length === 3 ? 1 : 0;
  });
  expect(alpha).toBe(1);
  expect(await drawnOnTop(dialog)).toBe(true);
}

test.describe('the workbench', () => {
  let host: HostProcess;
  test.beforeEach(async () => {
    host = await startHostProcess();
  });
  test.afterEach(async () => {
    await host?.stop();
  });

  test('twenty sessions: no sideways scroll from 1024×700 to 2560×1440, the shown one in view, a filter finds one', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    // Nineteen more: each new session, and in every other one the demo's snapshot opened (a record, not a server).
    for (let count = 2; count <= 20; count += 1) {
      await page.getByRole('button', { name: '+ New session' }).click();
      await expect(sessions(page).getByRole('tab')).toHaveCount(count);
      await expect(
        sessions(page)
          .getByRole('tab')
          .nth(count - 1),
      ).toHaveAttribute('aria-selected', 'true');
      // "+ New session" opens the connect dialog on it: closed, the session stays, idle.
      const dialog = page.getByRole('dialog', { name: 'Connect' });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      if (count % 2 === 0) {
        await page.getByTestId('snapshot-file').setInputFiles(demoSnapshot);
        await expect(page.getByTestId('snapshot-session')).toBeVisible();
      }
    }
    for (const viewport of [
      { width: 1024, height: 700 },
      { width: 1440, height: 900 },
      { width: 2560, height: 1440 },
    ]) {
      await page.setViewportSize(viewport);
      expect(await sidewaysScroll(page)).toBe(0);
      // The shown (last) session is in view and drawn; so is every view of the navigation.
      const shown = sessions(page).getByRole('tab', { selected: true });
      await expect(shown).toBeInViewport();
      expect(await drawnOnTop(shown)).toBe(true);
      for (const tab of await views(page).getByRole('tab').all()) await expect(tab).toBeInViewport();
      await shot(page, `twenty-sessions-${viewport.width}`);
    }
    // Told apart: the snapshots say so, the new ones that they are not connected.
    await expect(page.locator('[id^="session-facts-"]').filter({ hasText: 'snapshot' })).toHaveCount(10);
    await expect(page.locator('[id^="session-facts-"]').filter({ hasText: 'not connected yet' })).toHaveCount(
      9,
    );
    // Back to the first by the keyboard (it wraps): scrolled into view at 1024×700.
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.keyboard.press('Alt+Shift+BracketRight');
    const first = sessions(page).getByRole('tab').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(first).toBeInViewport();
    // A filter finds one; the shown one stays listed.
    await page.getByRole('searchbox', { name: 'Filter sessions' }).fill('snapshot');
    await expect(sessions(page).getByRole('tab')).toHaveCount(11);
    await expect(page.getByText('10 of 20 match')).toBeVisible();
    expect(await sidewaysScroll(page)).toBe(0);
  });

  test('with a tool open and notices shown (a changed pin, a save, a file that is not a snapshot), the tool list keeps its rows at 1024×700', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    // A server pinned with 40 tools that lists 20 the next time: the pin's notice says what changed.
    const countFile = join(mkdtempSync(join(tmpdir(), 'loupe-e2e-workbench-pin-')), 'count');
    writeFileSync(countFile, '40');
    await connectStdio(page, process.execPath, `${shrinking} --count-file ${countFile}`);
    await expect(page.getByText('40 tools', { exact: true })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page.getByText(/loupe-shrinking-server: \d+ findings? · pin new/)).toBeVisible({
      timeout: 60_000,
    });
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Disconnect' }).click();
    await expect(header.getByText('Closed', { exact: true })).toBeVisible();
    writeFileSync(countFile, '20');
    await header.getByRole('button', { name: 'Reconnect' }).click();
    await page.getByRole('tab', { name: 'Tools', exact: true }).click();
    await expect(page.getByText('20 tools', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('alert', { name: 'Pin changed' })).toBeVisible();
    await openTool(page, 'tool_0003');
    await page.getByRole('searchbox', { name: 'Filter tools' }).fill('');
    // The outcome of a save, and a file that is not a snapshot.
    await page.getByRole('button', { name: 'Save snapshot' }).click();
    await expect(page.getByRole('status', { name: 'Last action' })).toContainText('Snapshot saved as');
    await page.getByTestId('snapshot-file').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"format": "loupe.snapshot/1", "tools": ['),
    });
    await expect(page.getByText(/broken\.json is not a Loupe snapshot/)).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Tool detail' }).getByRole('heading', { name: 'tool_0003' }),
    ).toBeVisible();
    await shot(page, 'notices-1024');
    expect(await rowsInView(toolList(page), page)).toBeGreaterThanOrEqual(5);
    // Collapsed to one line naming them, the stack gives the list more.
    const before = await rowsInView(toolList(page), page);
    await page.getByRole('region', { name: 'Notices' }).getByRole('button', { name: 'Collapse' }).click();
    await expect.poll(() => rowsInView(toolList(page), page)).toBeGreaterThan(before);
    expect(await sidewaysScroll(page)).toBe(0);
  });

  test('every dialog is opaque on a fresh page, drawn over it, and Escape closes it with focus back', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    const opener = page.getByRole('banner').getByRole('button', { name: 'Connect…' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const connect = page.getByRole('dialog', { name: 'Connect' });
    await opaqueOnTop(connect);
    await expect(connect.getByRole('button', { name: 'Connect', exact: true })).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(connect).toHaveCount(0);
    await expect(opener).toBeFocused();

    const importer = page.getByRole('button', { name: 'Import from client configs…' });
    await importer.focus();
    await page.keyboard.press('Enter');
    const imports = page.getByRole('dialog', { name: 'Import from client configs' });
    await opaqueOnTop(imports);
    await page.keyboard.press('Escape');
    await expect(imports).toHaveCount(0);
    await expect(importer).toBeFocused();

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await opaqueOnTop(palette);
    await page.keyboard.press('Escape');
    await expect(palette).toHaveCount(0);
    await expect(importer).toBeFocused();
  });

  test('the whole app from the keyboard: the palette everywhere, the views, the sessions, a focus one can see', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await expect(toolList(page).getByRole('option').first()).toBeVisible();
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const go = async (query: string) => {
      await page.keyboard.press('Control+k');
      await expect(palette).toBeVisible();
      await page.keyboard.type(query);
      await expect(palette.getByRole('option').first().locator('.palette-label')).toHaveText(query);
      await page.keyboard.press('Enter');
      await expect(palette).toHaveCount(0);
    };

    // From the tool list, to a view: focus lands on its tab, and the arrow keys walk the views across the groups.
    await toolList(page).focus();
    await go('Timings view');
    const timings = page.getByRole('tab', { name: 'Timings' });
    await expect(timings).toHaveAttribute('aria-selected', 'true');
    await expect(timings).toBeFocused();
    expect(await focusShown(page)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('tab', { name: 'Tasks' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('tab', { name: 'Collections' })).toHaveAttribute('aria-selected', 'true');
    expect(await focusShown(page)).toBe(true);
    await page.keyboard.press('Home');
    await expect(page.getByRole('tab', { name: 'Tools', exact: true })).toBeFocused();

    // From a tool's form field, to a tool: the palette is there too, and Enter lands in the tool's form.
    await go('echo');
    const field = page.getByRole('region', { name: 'Call echo' }).locator('.arguments-form input').first();
    await expect(field).toBeFocused({ timeout: 15_000 });
    await go('get_weather_report');
    await expect(
      page.getByRole('region', { name: 'Call get_weather_report' }).locator('.arguments-form input').first(),
    ).toBeFocused({ timeout: 15_000 });

    // A new session from the palette: its connect dialog takes focus; Escape closes it.
    await go('New session');
    const dialog = page.getByRole('dialog', { name: 'Connect' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(':focus')).toHaveCount(1);
    // The palette over the dialog, and Escape closes the palette alone.
    await page.keyboard.press('Control+k');
    await expect(palette).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The sessions: Alt+Shift+[ back to the demo's, then the arrow keys on the list, and Delete closes one.
    await expect(sessions(page).getByRole('tab')).toHaveCount(2);
    await page.keyboard.press('Alt+Shift+BracketLeft');
    await expect(sessions(page).getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');
    await expect(connectedPill(page)).toBeVisible();
    await sessions(page).getByRole('tab', { selected: true }).focus();
    await page.keyboard.press('ArrowDown');
    const second = sessions(page).getByRole('tab').nth(1);
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(second).toBeFocused();
    expect(await focusShown(page)).toBe(true);
    await page.keyboard.press('Delete');
    await expect(sessions(page).getByRole('tab')).toHaveCount(1);
    await expect(sessions(page).getByRole('tab').first()).toBeFocused();
    await expect(connectedPill(page)).toBeVisible();
  });

  test('the place is in the address: a view and a tool can be linked, reloaded and walked back to', async ({
    page,
  }) => {
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await openTool(page, 'echo');
    await expect(page).toHaveURL(/#\/tools\/echo$/);
    await page.getByRole('tab', { name: 'Timings' }).click();
    await expect(page).toHaveURL(/#\/timings$/);
    await page.getByRole('tab', { name: 'Sign-in' }).click();
    await expect(page).toHaveURL(/#\/sign-in$/);
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Timings' })).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Tools', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(
      page.getByRole('region', { name: 'Tool detail' }).getByRole('heading', { name: 'echo' }),
    ).toBeVisible();
    // A link to a place opens the app there.
    const link = page.url().replace(/#.*$/, '#/tools/get_weather_report');
    await page.goto('about:blank');
    await page.goto(link);
    await expect(connectedPill(page)).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Tool detail' }).getByRole('heading', { name: 'get_weather_report' }),
    ).toBeVisible();
    await expect(toolList(page).getByRole('option', { name: /^get_weather_report\b/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
