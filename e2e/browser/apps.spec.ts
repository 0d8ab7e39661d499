/**
 * MCP Apps in Chromium through the browser host: official example servers from npm render their app inside
 * Loupe's sandbox frame; their buttons' tool calls wait for the person (get-time claims no readOnlyHint), who
 * answers over the app's frame after a real pause, and reach Traffic marked as the app's, with the app's own
 * requests as requests paired with Loupe's answers; a hostile app (test/servers/hostileApp.mjs) is stopped at
 * each thing it tries, WebRTC included (a UDP listener here receives nothing). Screenshots go to the spec's
 * output folder.
 */
import { createSocket, type Socket } from 'node:dgram';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { repositoryRoot, startHostProcess, type HostProcess } from '../hostProcess';
import { connectStdio, connectedPill, openTool } from '../pageHelpers';
import { boxes } from '../layout';

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

/** A person reads the question before answering: real seconds, no clock of the test's own. */
const personReads = (page: Page) => page.waitForTimeout(2000);

/** The question is where the person looks: inside the viewport, over the app's frame, and focused. */
async function expectInView(page: Page, dialog: Locator, frame: Locator) {
  await expect(dialog).toBeInViewport();
  const [box, frameBox] = await boxes(page, dialog, frame);
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  // over the frame: the dialog's top edge lies within the frame's height
  expect(box.y).toBeGreaterThanOrEqual(frameBox.y);
  expect(box.y).toBeLessThan(frameBox.y + frameBox.height);
  await expect(dialog.locator(':focus')).toHaveCount(1);
}

/** A UDP listener on loopback that counts what it receives (the STUN packets an app must not send). */
async function udpListener(): Promise<{ socket: Socket; port: number; packets: () => number }> {
  const socket = createSocket('udp4');
  let received = 0;
  socket.on('message', () => (received += 1));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { socket, port: socket.address().port, packets: () => received };
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
    test(`${example}: the app renders in the sandbox frame, its tool call waits for the person, and Traffic shows both legs as the app’s`, async ({
      page,
    }, testInfo) => {
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
      // The frame gets its address only once the app's session is ready: wait for it, then compare origins.
      await expect(outer).toHaveAttribute('src', /^https?:\/\//);
      expect(new URL((await outer.getAttribute('src')) ?? '').origin).not.toBe(host.origin);
      const view = page.getByRole('region', { name: `MCP App ${uri}` });
      // The policy shows before the app runs: no network, nothing left out.
      const policy = view.getByRole('region', { name: 'The app’s policy' });
      await expect(policy).toContainText('Connects tonothing (no fetch, WebSocket or beacon)');
      const button = appDocument(page, uri).getByRole('button', { name: 'Get Server Time' });
      await expect(button).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`${example}-rendered.png`) });
      await button.click();

      // get-time has no readOnlyHint: the app's call waits for the person, who is asked over the app's frame.
      const ask = page.getByRole('dialog', { name: 'Call get-time?' });
      await expectInView(page, ask, outer);
      await expect(ask).toContainText(`The MCP App ${uri} of the server`);
      await expect(ask).toContainText('does not claim this tool is read-only');
      await page.screenshot({ path: testInfo.outputPath(`${example}-asks.png`) });
      await personReads(page);
      await ask.getByRole('button', { name: 'Allow for this app in this session' }).click();
      await expect(ask).toHaveCount(0);
      // Allowed for the session: the next call goes without a question.
      await button.click();
      await expect(view.getByRole('list', { name: 'App activity' })).toContainText(
        'tools/call get-time allowed for this session',
      );
      await expect(ask).toHaveCount(0);

      // Loupe's own call (no mark), and twice the app's: its request to Loupe and Loupe's answer (app channel),
      // and the request to the server and its answer (marked), each pair with one id.
      const calls = await appFrames(page, 'tools/call');
      await expect(calls).toHaveCount(10);
      await expect(
        calls.filter({ has: page.locator('[data-testid="app-mark"][data-channel="app"]') }),
      ).toHaveCount(4);
      await expect(
        calls.filter({ has: page.locator('[data-testid="app-mark"][data-channel="server"]') }),
      ).toHaveCount(4);
      await page.screenshot({ path: testInfo.outputPath(`${example}-traffic.png`) });
      expect(errors).toEqual([]);
    });
  }

  test('server-basic-vanillajs: open-link asks over the frame, focused (Escape declines, Enter opens), a message shows, close and reload; Traffic pairs the app’s requests with Loupe’s answers', async ({
    page,
    context,
  }, testInfo) => {
    const popups: string[] = [];
    context.on('page', (opened) => popups.push(opened.url()));
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await connectStdio(page, process.execPath, `${exampleServer('server-basic-vanillajs')} --stdio`);
    await expect(connectedPill(page)).toBeVisible();
    await callTool(page, 'get-time');
    const uri = 'ui://get-time/mcp-app.html';
    const outer = page.locator(`iframe[title="MCP App ${uri}"]`);
    const app = appDocument(page, uri);
    await app.getByRole('button', { name: 'Open Link' }).click();
    const ask = page.getByRole('alertdialog', { name: 'The app asks to open a link' });
    await expect(ask).toContainText('https://modelcontextprotocol.io/');
    await expectInView(page, ask, outer);
    await expect(ask.getByRole('button', { name: 'Open link' })).toBeFocused();
    await page.screenshot({ path: testInfo.outputPath('open-link-asks.png') });
    await personReads(page);
    await page.keyboard.press('Escape');
    const activity = page.getByRole('list', { name: 'App activity' });
    await expect(activity).toContainText('open-link declined: https://modelcontextprotocol.io/');
    expect(popups).toEqual([]);

    await app.getByRole('button', { name: 'Open Link' }).click();
    await expect(ask.getByRole('button', { name: 'Open link' })).toBeFocused();
    await personReads(page);
    const opened = context.waitForEvent('page');
    await page.keyboard.press('Enter');
    await opened;
    await expect(activity).toContainText('open-link opened: https://modelcontextprotocol.io/');
    expect(popups).toHaveLength(1);

    await app.getByRole('button', { name: 'Send Message' }).click();
    await expect(activity).toContainText('message: This is message text.');

    // Close removes the frame; Reload brings the app back, working.
    const view = page.getByRole('region', { name: `MCP App ${uri}` });
    await view.getByRole('button', { name: 'Close app' }).click();
    await expect(outer).toHaveCount(0);
    await view.getByRole('button', { name: 'Reload app' }).click();
    await expect(app.getByRole('button', { name: 'Get Server Time' })).toBeVisible();

    // Each of the app's requests is a request with its id, paired with Loupe's answer carrying the same id.
    for (const [method, requests] of [
      ['ui/open-link', 2],
      ['ui/message', 1],
    ] as const) {
      const frames = await appFrames(page, method);
      await expect(frames).toHaveCount(requests * 2);
      await expect(frames.locator('[data-testid="app-mark"][data-channel="app"]')).toHaveCount(requests * 2);
      await expect(frames.filter({ hasText: 'request' })).toHaveCount(requests);
      await expect(frames.filter({ hasText: 'response' })).toHaveCount(requests);
      const first = frames.first();
      await first.click();
      await page.getByRole('radio', { name: 'Raw' }).click();
      const request = JSON.parse((await page.getByLabel('Raw frame').textContent()) ?? '') as {
        id: unknown;
        method: string;
      };
      expect(request.method).toBe(method);
      expect(typeof request.id).toBe('number');
    }
    await page.screenshot({ path: testInfo.outputPath('open-link-traffic.png') });
  });

  test('a hostile app reaches neither Loupe’s page, its storage and cookies, its WebSocket, the top window, a popup, WebRTC, a model-only tool nor the destructive one, and its flood is cut', async ({
    page,
    context,
  }, testInfo) => {
    const popups: string[] = [];
    context.on('page', (opened) => popups.push(opened.url()));
    const refusedUpgrades: string[] = [];
    page.on('console', (message) => {
      if (/WebSocket connection to 'ws:\/\/127\.0\.0\.1/.test(message.text()))
        refusedUpgrades.push(message.text());
    });
    const stun = await udpListener();
    try {
      await page.goto(host.url);
      await expect(connectedPill(page)).toBeVisible();
      const loupeUrl = page.url();
      const token = new URL(host.url).searchParams.get('token') ?? '';
      await connectStdio(page, process.execPath, `${hostileApp} --connect ws://127.0.0.1:${host.port}`);
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
      await callTool(
        page,
        'hostile_app',
        JSON.stringify({ hostPort: host.port, token, navigateTo, stunPort: stun.port, floodCalls: 2000 }),
      );

      const uri = 'ui://hostile/app.html';
      const view = page.getByRole('region', { name: `MCP App ${uri}` });
      // Before it runs, its policy shows: the exact loopback origin kept, the rest left out, each with why.
      const policy = view.getByRole('region', { name: 'The app’s policy' });
      await expect(policy).toContainText(`Connects tows://127.0.0.1:${host.port}`);
      const left = policy.getByRole('note', { name: 'Left out of the app’s policy' });
      await expect(left.getByRole('listitem')).toHaveText([
        'ws://127.0.0.1:* (connectDomains): a port wildcard (:*) allows every port of the host',
        'https://*.com (connectDomains): a wildcard directly under the public suffix "com" allows every site registered there',
        "'unsafe-eval' (connectDomains): not a plain origin (scheme://host[:port] with http, https, ws or wss)",
        '* (connectDomains): not a plain origin (scheme://host[:port] with http, https, ws or wss)',
        'https://a.example; script-src * (connectDomains): not a plain origin (scheme://host[:port] with http, https, ws or wss)',
      ]);
      // It asks for the camera and location; the user grants neither, so the frames allow neither.
      const prompt = view.getByRole('group', { name: 'Permissions the app asks for' });
      await expect(prompt.getByRole('checkbox')).toHaveCount(2);
      await expect(prompt).toContainText('Camera');
      await page.screenshot({ path: testInfo.outputPath('hostile-policy.png') });
      await prompt.getByRole('button', { name: 'Start app' }).click();
      const outer = page.locator(`iframe[title="MCP App ${uri}"]`);
      await expect(outer).toHaveAttribute('allow', '');
      await expect(
        page.frameLocator(`iframe[title="MCP App ${uri}"]`).locator('iframe[title="MCP App"]'),
      ).not.toHaveAttribute('allow', /./);

      // Last, it calls the destructive wipe: the person is asked, over the frame, reads, and says no (Escape).
      const ask = page.getByRole('dialog', { name: 'Call wipe?' });
      await expect(ask).toBeVisible({ timeout: 60_000 });
      await expectInView(page, ask, outer);
      await expect(ask).toContainText(`The MCP App ${uri} of the server hostile-app asks to call wipe`);
      await expect(ask).toContainText('destructiveHint: true');
      await expect(ask).toContainText('"everything": true');
      await page.screenshot({ path: testInfo.outputPath('hostile-asks.png') });
      await personReads(page);
      await page.keyboard.press('Escape');
      await expect(ask).toHaveCount(0);

      const shown = appDocument(page, uri).locator('#results');
      await expect(shown).toContainText('destructiveTool', { timeout: 30_000 });
      const results = JSON.parse((await shown.textContent()) ?? '') as Record<string, string | number>;

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
      // Still Loupe's page, at the place Loupe put in its address (the tool open), nowhere the app sent it.
      expect(page.url()).toBe(`${loupeUrl}#/tools/hostile_app`);
      // Its CSP let it try Loupe's WebSocket; the host refused both upgrades: 401 without the token, 403 (not
      // Loupe's origin) with it.
      expect(refusedUpgrades).toHaveLength(2);
      expect(refusedUpgrades[0]).toContain('HTTP Authentication failed');
      expect(refusedUpgrades[1]).toContain('Unexpected response code: 403');

      // WebRTC: no door gave it a peer connection, and the UDP listener got nothing.
      expect({
        rtcPeerConnection: results.rtcPeerConnection,
        webkitRtcPeerConnection: results.webkitRtcPeerConnection,
        rtcDeleted: results.rtcDeleted,
        rtcRedefined: results.rtcRedefined,
        blankFrameWindow: results.blankFrameWindow,
        blankFrameContentWindow: results.blankFrameContentWindow,
        innerHtmlFrame: results.innerHtmlFrame,
        srcdocFrame: results.srcdocFrame,
        srcdocByInnerHtml: results.srcdocByInnerHtml,
        srcdocInClosedShadowRoot: results.srcdocInClosedShadowRoot,
        srcdocInSrcdoc: results.srcdocInSrcdoc,
      }).toEqual({
        rtcPeerConnection: 'blocked: NotAllowedError',
        webkitRtcPeerConnection: 'blocked: NotAllowedError',
        rtcDeleted: 'blocked: NotAllowedError',
        rtcRedefined: 'blocked: TypeError',
        blankFrameWindow: 'blocked: SecurityError',
        blankFrameContentWindow: 'blocked: SecurityError',
        innerHtmlFrame: 'blocked: SecurityError',
        srcdocFrame: 'blocked: NotAllowedError',
        srcdocByInnerHtml: 'blocked: NotAllowedError',
        srcdocInClosedShadowRoot: 'blocked: NotAllowedError',
        srcdocInSrcdoc: 'blocked: NotAllowedError',
      });
      expect(stun.packets()).toBe(0);

      // Tools: the model-only and the unlisted one refused by name; the flood cut at the rate limit; wipe declined.
      expect(results.modelOnlyTool).toMatch(
        /^refused: app-tool-refused: .*visibility does not include "app"/,
      );
      expect(results.unlistedTool).toMatch(/^refused: app-tool-refused: .*did not list that tool/);
      const answered = Number(results.floodAnswered);
      const limited = Number(results.floodRateLimited);
      expect(answered).toBeGreaterThanOrEqual(10);
      expect(answered).toBeLessThanOrEqual(10 + Math.ceil((Number(results.floodMs) / 1000) * 5) + 1);
      expect(answered + limited).toBe(2000);
      expect(results.destructiveTool).toMatch(/^refused: app-call-declined: /);
      // The app view counts what Loupe refused it.
      const refusals = view.getByRole('status', { name: 'Refused requests of the app' });
      await expect(refusals).toContainText(
        `Loupe refused ${(limited + 3).toLocaleString('en')} requests of this app: ${limited.toLocaleString('en')} past the rate limit, 2 not a tool the app may call, 1 declined by you.`,
      );
      await page.screenshot({ path: testInfo.outputPath('hostile-refused.png') });

      // The report reached the server as the app's tools/call; wipe never did. Read them from Traffic.
      await page.getByRole('tab', { name: /Traffic/ }).click();
      const query = page.getByRole('searchbox', { name: 'Filter traffic' });
      await query.fill('method:tools/call report');
      const frames = page.getByRole('listbox', { name: 'Frames' }).getByRole('option');
      await expect(frames.filter({ hasText: 'request' })).toHaveCount(2);
      await expect(frames.locator('[data-testid="app-mark"][data-channel="server"]')).toHaveCount(1);
      // wipe (the only call with "everything" in its arguments): the app's request on its own channel, which
      // Loupe answered itself (declined); nothing went to the server.
      await query.fill('method:tools/call everything');
      await expect(frames).toHaveCount(1);
      await expect(frames.locator('[data-testid="app-mark"][data-channel="app"]')).toHaveCount(1);
      await frames.first().click();
      await page.getByRole('radio', { name: 'Raw' }).click();
      expect(JSON.parse((await page.getByLabel('Raw frame').textContent()) ?? '')).toMatchObject({
        method: 'tools/call',
        params: { name: 'wipe', arguments: { everything: true } },
      });
    } finally {
      stun.socket.close();
    }
  });
});
