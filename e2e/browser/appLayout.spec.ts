/**
 * The app's layout and focus as a user meets them (issue 19), in Chromium through the browser host, measured rather
 * than eyeballed: a connection error whole in the main pane, server requests that leave the sidebar alone at
 * 1024×700, a palette jump that selects a field's default without its focus ring covering the required “*”, and an
 * opened snapshot shown from the top of its list. Screenshots go to e2e-artifacts/layout-*.png (gitignored).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { repositoryRoot, startHostProcess, type HostProcess } from '../hostProcess';
import { boxes, drawnOnTop, overlaps, type Box } from '../layout';
import { connectHttp, connectStdio, connectedPill, connectionForm, openTool, toolList } from '../pageHelpers';

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
const shot = (page: Page, name: string) => page.screenshot({ path: join(artifacts, `layout-${name}.png`) });

async function box(locator: Locator): Promise<Box> {
  const measured = await locator.boundingBox();
  if (!measured) throw new Error('not rendered');
  return measured;
}

/** Scroll and client sizes of an element (the e2e project compiles without the DOM library). */
async function scrollSizes(
  locator: Locator,
): Promise<{ scrollHeight: number; clientHeight: number; scrollTop: number }> {
  return locator.evaluate((element) => {
    const { scrollHeight, clientHeight, scrollTop } = element as unknown as {
      scrollHeight: number;
      clientHeight: number;
      scrollTop: number;
    };
    return { scrollHeight, clientHeight, scrollTop };
  });
}

const demoSnapshot = join(mkdtempSync(join(tmpdir(), 'loupe-e2e-layout-')), 'demo.json');
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

test.describe('layout and focus', () => {
  let host: HostProcess;
  test.beforeEach(async () => {
    host = await startHostProcess();
  });
  test.afterEach(async () => {
    await host?.stop();
  });

  test('a connection error is shown whole in the main pane; the sidebar keeps one line leading to it', async ({
    page,
  }) => {
    for (const viewport of [
      { width: 1400, height: 900 },
      { width: 1024, height: 700 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(host.url);
      await expect(connectedPill(page)).toBeVisible();
      await connectHttp(page, 'http://127.0.0.1:9/mcp');
      const pane = page.getByRole('main').getByRole('region', { name: 'Connection error' });
      await expect(pane.getByRole('alert')).toContainText('Connection failed: Connection refused');
      const doctor = pane.getByRole('region', { name: 'Connection doctor' });
      await expect(doctor).toContainText('Likely cause');
      await shot(page, `error-${viewport.width}x${viewport.height}`);
      // Whole: nothing of it scrolled away or cut, and the next step is on screen and on top.
      const sizes = await scrollSizes(pane);
      expect(sizes.scrollHeight).toBeLessThanOrEqual(sizes.clientHeight + 1);
      const nextStep = doctor.locator('dd').nth(1);
      await expect(nextStep).toContainText('Start the server');
      const step = await box(nextStep);
      expect(step.y + step.height).toBeLessThanOrEqual(viewport.height);
      expect(await drawnOnTop(nextStep)).toBe(true);
      // The side bar says the session closed with an error, and holds none of it.
      const sidebar = page.getByRole('complementary', { name: 'Connections' });
      await expect(sidebar.getByRole('tab', { selected: true })).toHaveAccessibleName(
        /, closed with an error$/,
      );
      await expect(sidebar.getByRole('alert')).toHaveCount(0);
      await expect(sidebar.getByText('Start the server')).toHaveCount(0);
      // The Server view's session card names it in one line, which moves focus to it.
      await page.getByRole('tab', { name: 'Server', exact: true }).click();
      const line = page
        .getByRole('region', { name: 'Session' })
        .getByRole('button', { name: /^Connection failed: Connection refused/ });
      await line.click();
      await expect(pane).toBeFocused();
      // The next connection clears it.
      await connectStdio(
        page,
        process.execPath,
        `${join(repositoryRoot, 'out', 'node', 'demo', 'server.js')}`,
      );
      await expect(connectedPill(page)).toBeVisible({ timeout: 30_000 });
      await expect(pane).toHaveCount(0);
      await expect(line).toHaveCount(0);
      await page.getByRole('tab', { name: 'Tools', exact: true }).click();
    }
  });

  test('server requests at 1024×700 leave the side bar whole, and the connect dialog opens over them', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await connectStdio(page, process.execPath, `${everything} stdio`);
    const roots = page.getByRole('dialog', { name: 'The server asks for your roots' });
    await expect(roots).toBeVisible({ timeout: 30_000 });
    const panel = await openTool(page, 'trigger-elicitation-request');
    await panel.getByRole('button', { name: 'Call trigger-elicitation-request' }).click();
    const elicitation = page.getByRole('dialog', { name: 'The server asks you for input' });
    await expect(elicitation).toBeVisible({ timeout: 30_000 });
    await shot(page, 'requests-1024x700');

    const sidebar = page.getByRole('complementary', { name: 'Connections' });
    const views = page.getByRole('navigation', { name: 'Views' });
    const strip = page.getByRole('complementary', { name: 'Server requests' });
    const [side, viewsBox, stripBox] = await boxes(page, sidebar, views, strip);
    // The side bar keeps the window's height below the header; the requests sit beside it, not under it.
    expect(side.y + side.height).toBeGreaterThanOrEqual(700 - 1);
    expect(overlaps(side, stripBox)).toBe(false);
    expect(overlaps(viewsBox, stripBox)).toBe(false);
    expect(stripBox.x).toBeGreaterThanOrEqual(side.x + side.width - 1);
    // Every view is a click away, on screen and drawn on top, and so is the shown session.
    await expect(views.getByRole('tab')).toHaveCount(14);
    for (const tab of await views.getByRole('tab').all()) {
      await expect(tab).toBeInViewport();
      expect(await drawnOnTop(tab)).toBe(true);
    }
    const shown = sidebar.getByRole('tab', { selected: true });
    await expect(shown).toBeInViewport();
    expect(await drawnOnTop(shown)).toBe(true);
    // The connect dialog opens over the requests: every field of the stdio form and Connect on screen, on top.
    const form = await connectionForm(page);
    await form.getByRole('combobox').first().selectOption('stdio');
    for (const field of [
      form.getByLabel('Transport', { exact: true }),
      form.getByLabel('Command', { exact: true }),
      form.getByLabel('Arguments', { exact: true }),
      form.getByRole('button', { name: 'Connect', exact: true }),
    ]) {
      await expect(field).toBeInViewport();
      expect(await drawnOnTop(field)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);
    // Both requests are in the strip, side by side, and the views above are not covered.
    const [rootsBox, elicitationBox, panelBox, stripAfter] = await boxes(
      page,
      roots,
      elicitation,
      page.getByRole('tabpanel'),
      strip,
    );
    expect(overlaps(rootsBox, elicitationBox)).toBe(false);
    expect(overlaps(panelBox, stripAfter)).toBe(false);
    await expect(roots.getByRole('button', { name: 'Answer with these roots' })).toBeInViewport();
  });

  test('a palette jump selects the field’s default, and the focus ring leaves the required “*” clear', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await expect(toolList(page).getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Go to' }).fill('get_weather_report');
    // The palette may open before the last page is listed: a person presses Enter once the match shows.
    const matches = page.getByRole('listbox', { name: 'Matches' });
    await expect(matches.getByRole('option').first().locator('.palette-label')).toHaveText(
      'get_weather_report',
    );
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Call get_weather_report' });
    const city = panel.locator('.arguments-form input').first();
    await expect(city).toBeFocused({ timeout: 15_000 });
    await expect(city).toHaveValue('Utrecht');
    await page.keyboard.type('Amsterdam');
    await expect(city).toHaveValue('Amsterdam');
    await expect(panel.getByLabel('Arguments JSON')).toHaveValue('{\n  "city": "Amsterdam"\n}');
    await panel.locator('.arguments-form').screenshot({ path: join(artifacts, 'layout-palette-focus.png') });
    // The ring is 4px around the field (2px gap, 2px accent): the label's “*” lies outside it, and is drawn.
    const star = panel.locator('.arguments-form .required').first();
    await expect(star).toHaveText('*');
    // Both read in one frame: the tool's findings arriving between two reads moved the form (and the star) alone.
    const [field, starBox] = await boxes(page, city, star);
    const ring = { x: field.x - 4, y: field.y - 4, width: field.width + 8, height: field.height + 8 };
    expect(overlaps(starBox, ring)).toBe(false);
    expect(await drawnOnTop(star)).toBe(true);
  });

  test('an opened snapshot shows its tools from the top, wherever the live list was scrolled to', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    const list = toolList(page);
    await expect(list.getByRole('option').first()).toBeVisible();
    await list.evaluate((element) => {
      (element as unknown as { scrollTop: number }).scrollTop = 4000;
    });
    await expect(list.getByRole('option', { name: /^echo\b/ })).toHaveCount(0);
    await page.getByTestId('snapshot-file').setInputFiles(demoSnapshot);
    await expect(page.getByTestId('snapshot-session')).toBeVisible();
    await expect(list.getByRole('option').first()).toBeInViewport();
    const first = list.getByRole('option').first();
    await expect(first.locator('.item-name')).toHaveText('echo');
    expect((await scrollSizes(list)).scrollTop).toBe(0);
    await shot(page, 'snapshot-top');
  });
});
