/**
 * MCP Apps in Chromium through the browser host: official example servers from npm render their app inside
 * Loupe's sandbox frame and their buttons' tool calls reach Traffic marked as the app's; a hostile app
 * (test/servers/hostileApp.mjs) is stopped at each thing it tries.
 */
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { repositoryRoot, startHostProcess, type HostProcess } from '../hostProcess';
import { connectStdio, connectedPill, openTool } from '../pageHelpers';

const hostileApp = join(repositoryRoot, 'test', 'servers', 'hostileApp.mjs');
const exampleServer = (name: string) =>
  join(repositoryRoot, 'node_modules', '@modelcontextprotocol', name, 'dist', 'index.js');

async function callTool(page: Page, name: string, args?: string) {
  const panel = await openTool(page, name);
  if (args !== undefined) await panel.getByLabel('Arguments JSON').fill(args);
  await panel.getByRole('button', { name: `Call ${name}` }).click();
  await expect(page.getByRole('region', { name: 'Call result' })).toBeVisible();
  return panel;
}

/** The app's own document: the inner frame of the sandbox proxy frame. */
const appDocument = (page: Page, uri: string) =>
  page.frameLocator(`iframe[title="MCP App ${uri}"]`).frameLocator('iframe[title="MCP App"]');

async function appFrames(page: Page, method: string) {
  await page.getByRole('tab', { name: /Traffic/ }).click();
  await page.getByRole('searchbox', { name: 'Filter by method' }).fill(method);
  return page.getByRole('listbox', { name: 'Frames' }).getByRole('option');
}

test.describe('MCP Apps', () => {
  let host: HostProcess;
  // Each spec starts a host, an MCP server and an app (two frames deep) on a machine shared with other work.
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async () => {
    host = await startHostProcess();
  });
  test.afterEach(async () => {
    await host?.stop();
  });

  for (const example of ['server-basic-vanillajs', 'server-basic-react']) {
    test(`${example}: the app renders in the sandbox frame and its button's tool call is in Traffic as the app's`, async ({
      page,
    }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(host.url);
      await expect(connectedPill(page)).toBeVisible();
      await connectStdio(page, process.execPath, `${exampleServer(example)} --stdio`);
      await expect(connectedPill(page)).toBeVisible();
      await callTool(page, 'get-time');

      const uri = 'ui://get-time/mcp-app.html';
      const outer = page.locator(`iframe[title="MCP App ${uri}"]`);
      await expect(outer).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
      expect(new URL((await outer.getAttribute('src')) ?? '').origin).not.toBe(host.origin);
      const button = appDocument(page, uri).getByRole('button', { name: 'Get Server Time' });
      await expect(button).toBeVisible();
      await page.screenshot({ path: `/tmp/apps/${example}-rendered.png` });
      await button.click();

      // Loupe's own call (no mark) and the app's (marked), request and response each.
      const calls = await appFrames(page, 'tools/call');
      await expect(calls).toHaveCount(4);
      await expect(calls.filter({ has: page.getByTestId('app-mark') })).toHaveCount(2);
      await page.screenshot({ path: `/tmp/apps/${example}-traffic.png` });
      expect(errors).toEqual([]);
    });
  }

  test('server-basic-vanillajs: open-link asks first (declined: nothing opens), a message shows, close and reload; in Traffic as the app’s', async ({
    page,
    context,
  }) => {
    const popups: string[] = [];
    context.on('page', (opened) => popups.push(opened.url()));
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await connectStdio(page, process.execPath, `${exampleServer('server-basic-vanillajs')} --stdio`);
    await expect(connectedPill(page)).toBeVisible();
    await callTool(page, 'get-time');
    const uri = 'ui://get-time/mcp-app.html';
    const app = appDocument(page, uri);
    await app.getByRole('button', { name: 'Open Link' }).click();
    const ask = page.getByRole('alertdialog', { name: 'The app asks to open a link' });
    await expect(ask).toContainText('https://modelcontextprotocol.io/');
    await ask.getByRole('button', { name: 'Don’t open' }).click();
    const activity = page.getByRole('list', { name: 'App activity' });
    await expect(activity).toContainText('open-link declined: https://modelcontextprotocol.io/');
    await app.getByRole('button', { name: 'Send Message' }).click();
    await expect(activity).toContainText('message: This is message text.');
    expect(popups).toEqual([]);

    // Close removes the frame; Reload brings the app back, working.
    const view = page.getByRole('region', { name: `MCP App ${uri}` });
    await view.getByRole('button', { name: 'Close app' }).click();
    await expect(page.locator(`iframe[title="MCP App ${uri}"]`)).toHaveCount(0);
    await view.getByRole('button', { name: 'Reload app' }).click();
    await expect(app.getByRole('button', { name: 'Get Server Time' })).toBeVisible();

    for (const method of ['ui/open-link', 'ui/message']) {
      const frames = await appFrames(page, method);
      await expect(frames).toHaveCount(1);
      await expect(frames.getByTestId('app-mark')).toHaveCount(1);
    }
  });

  test('a hostile app reaches neither Loupe’s page, its storage and cookies, its WebSocket, the top window nor a popup', async ({
    page,
    context,
  }) => {
    const popups: string[] = [];
    context.on('page', (opened) => popups.push(opened.url()));
    const refusedUpgrades: string[] = [];
    page.on('console', (message) => {
      if (/WebSocket connection to 'ws:\/\/127\.0\.0\.1/.test(message.text()))
        refusedUpgrades.push(message.text());
    });
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    const loupeUrl = page.url();
    const token = new URL(host.url).searchParams.get('token') ?? '';
    await connectStdio(page, process.execPath, hostileApp);
    await expect(connectedPill(page)).toBeVisible();

    // The Resources tab lists its apps with the tools that use them; lint names the broken ones.
    await page.getByRole('tab', { name: /^Resources/ }).click();
    await page.getByRole('radio', { name: 'Apps' }).click();
    const apps = page.getByRole('region', { name: 'MCP Apps' });
    await expect(apps.getByRole('article')).toHaveCount(3);
    await expect(apps.getByRole('article', { name: 'App ui://hostile/app.html' })).toContainText(
      'Used by: hostile_app',
    );
    await expect(apps.getByRole('article', { name: 'App ui://hostile/missing.html' })).toContainText(
      'Not in resources/list.',
    );
    await expect(apps.getByRole('article', { name: 'App ui://hostile/plain.html' })).toContainText(
      'not text/html;profile=mcp-app',
    );
    await page.getByRole('tab', { name: /^Tools/ }).click();
    const navigateTo = `${host.origin}/hijacked`;
    await callTool(page, 'hostile_app', JSON.stringify({ hostPort: host.port, token, navigateTo }));

    const uri = 'ui://hostile/app.html';
    const view = page.getByRole('region', { name: `MCP App ${uri}` });
    // Its policy kept the plain loopback origins it asked for and refused the rest.
    await expect(
      view.getByText(
        "Left out of the app’s policy (not plain origins): 'unsafe-eval', *, https://a.example; script-src *",
      ),
    ).toBeVisible();
    // It asks for the camera and location; the user grants neither, so the frames allow neither.
    const prompt = view.getByRole('group', { name: 'Permissions the app asks for' });
    await expect(prompt.getByRole('checkbox')).toHaveCount(2);
    await expect(prompt).toContainText('Camera');
    await prompt.getByRole('button', { name: 'Start app' }).click();
    await expect(page.locator(`iframe[title="MCP App ${uri}"]`)).toHaveAttribute('allow', '');
    await expect(
      page.frameLocator(`iframe[title="MCP App ${uri}"]`).locator('iframe[title="MCP App"]'),
    ).not.toHaveAttribute('allow', /./);
    await expect(appDocument(page, uri).locator('#results')).toContainText('topNavigation', {
      timeout: 30_000,
    });

    // The report reached the server as the app's tools/call: read it from Traffic.
    const calls = await appFrames(page, 'tools/call');
    const reportRequest = calls.filter({ has: page.getByTestId('app-mark') }).first();
    await expect(reportRequest).toBeVisible();
    await reportRequest.click();
    await page.getByRole('radio', { name: 'Raw' }).click();
    const raw = (await page.getByLabel('Raw frame').textContent()) ?? '';
    const sent = JSON.parse(raw) as {
      params: { name: string; arguments: { results: Record<string, string> } };
    };
    expect(sent.params.name).toBe('report');
    const results = sent.params.arguments.results;

    // Each attempt was stopped.
    expect(results.parentDom).toBe('blocked: SecurityError');
    expect(results.parentGlobals).toBe('blocked: SecurityError');
    expect(results.cookies).toBe('blocked: SecurityError');
    expect(results.localStorage).toBe('blocked: SecurityError');
    expect(results.sessionStorage).toBe('blocked: SecurityError');
    expect(results.webSocketWithoutToken).toBe('blocked: error event');
    expect(results.webSocketWithToken).toBe('blocked: error event');
    expect(results.popup).toBe('blocked: window.open returned null');
    expect(popups).toEqual([]);
    expect(results.topNavigation).toBe('blocked: SecurityError');
    expect(page.url()).toBe(loupeUrl);
    // Its CSP let it try Loupe's WebSocket; the host refused both upgrades: 401 without the token, 403 (not
    // Loupe's origin) with it.
    expect(refusedUpgrades).toHaveLength(2);
    expect(refusedUpgrades[0]).toContain('HTTP Authentication failed');
    expect(refusedUpgrades[1]).toContain('Unexpected response code: 403');
  });
});
