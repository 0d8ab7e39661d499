/**
 * MCP 2026-07-28 beside the 2025 era, in Chromium through the browser host: the era and revision each kind of
 * server gets (strict modern over stdio and HTTP, dual, legacy), input-required calls answered from the
 * elicitation dialog with their rounds listed, a list change announced over subscriptions/listen, and the
 * traffic view's round chain and recorded Mcp-* headers. Servers: test/servers/v2/server.mjs (official v2 SDK)
 * and the 2025-era embedded demo server.
 */
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  repositoryRoot,
  startHostProcess,
  startHttpServerProcess,
  testServers,
  type HostProcess,
  type HttpServerProcess,
} from '../hostProcess';
import { connectHttp, connectStdio, connectedPill, toolList, openTool } from '../pageHelpers';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(repositoryRoot, 'e2e-artifacts', `modern-${name}.png`) });

const headerProtocol = (page: Page) => page.getByTestId('header-protocol');
/** The handshake, in the Server view (opened by this; the caller goes back to the view it needs). */
async function handshake(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'Server', exact: true }).click();
  return page.getByRole('tabpanel').locator('.handshake');
}
const toolsView = (page: Page) => page.getByRole('tab', { name: 'Tools', exact: true }).click();

/** The JSON text block of the last call's result. */
async function resultJson(page: Page): Promise<unknown> {
  const block = page.getByRole('region', { name: 'Call result' }).locator('pre.text-block').first();
  await expect(block).toBeVisible();
  return JSON.parse((await block.textContent()) ?? '') as unknown;
}

test.describe('MCP 2026-07-28 in the UI', () => {
  let host: HostProcess;
  let httpServer: HttpServerProcess | undefined;
  test.beforeEach(async () => {
    host = await startHostProcess();
  });
  test.afterEach(async () => {
    await httpServer?.stop();
    httpServer = undefined;
    await host?.stop();
  });

  test('strict modern stdio: era shown, confirm_action answered from the dialog, two_rounds, change_tools', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await connectStdio(page, process.execPath, `${testServers.v2} --transport stdio --legacy reject`);
    await expect(headerProtocol(page)).toHaveText(/MCP 2026-07-28 \(modern era\) · stdio/);
    await expect(page.locator('.list-count').first()).toHaveText(/^25 tools · 3 pages/);
    await expect((await handshake(page)).getByTestId('handshake-revision')).toHaveText('2026-07-28');
    await expect(
      (await handshake(page)).getByText('server/discover answered', { exact: false }),
    ).toBeVisible();
    await shot(page, '1-strict-stdio');
    await toolsView(page);

    // confirm_action: input_required with a form elicitation, answered from the dialog's form.
    let panel = await openTool(page, 'confirm_action');
    await panel.getByRole('button', { name: 'Call confirm_action' }).click();
    const dialog = page.getByRole('dialog', { name: 'The server asks you for input' });
    await expect(dialog).toBeVisible();
    await dialog.locator('input[id$="_name"]').first().fill('Grace');
    await shot(page, '2-confirm-dialog');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toBeHidden();
    expect(await resultJson(page)).toEqual({
      tool: 'confirm_action',
      input: { kind: 'elicit', action: 'accept', content: { confirmed: true, name: 'Grace' } },
      raw: { action: 'accept', content: { confirmed: true, name: 'Grace' } },
    });
    let rounds = panel.getByRole('region', { name: 'Input rounds' });
    await expect(rounds.getByRole('heading')).toHaveText(
      'One call in 2 rounds: the server asked for input once',
    );
    await expect(
      rounds.getByRole('row', { name: /^input elicitation\/create: “Confirm the action\?”/ }),
    ).toContainText('accept {"confirmed":true,"name":"Grace"}');
    await expect(rounds.getByText('Round 2 of 2')).toBeVisible();
    await shot(page, '3-confirm-result');

    panel = await openTool(page, 'two_rounds');
    await panel.getByRole('button', { name: 'Call two_rounds' }).click();
    for (const key of ['first', 'second']) {
      const ask = page.getByRole('dialog', { name: 'The server asks you for input' });
      await expect(ask.getByText(`Answer the ${key} question`)).toBeVisible();
      await ask.locator('input[id$="_answer"]').first().fill(`my ${key}`);
      await ask.getByRole('button', { name: 'Accept' }).click();
    }
    expect(await resultJson(page)).toEqual({
      rounds: 2,
      first: { kind: 'elicit', action: 'accept', content: { answer: 'my first' } },
      second: { kind: 'elicit', action: 'accept', content: { answer: 'my second' } },
      requestStateEchoed: true,
    });
    rounds = panel.getByRole('region', { name: 'Input rounds' });
    await expect(rounds.getByRole('heading')).toHaveText(
      'One call in 3 rounds: the server asked for input 2 times',
    );
    await expect(rounds.getByRole('row', { name: /^first / })).toContainText('accept {"answer":"my first"}');
    await expect(rounds.getByRole('row', { name: /^second / })).toContainText(
      'accept {"answer":"my second"}',
    );
    await shot(page, '4-two-rounds');

    // change_tools: the server announces the change on the subscriptions/listen stream; the list grows by itself.
    panel = await openTool(page, 'change_tools');
    await panel.getByRole('button', { name: 'Call change_tools' }).click();
    expect(await resultJson(page)).toEqual({ generation: 1, added: 'added_1' });
    await expect(page.locator('.list-count').first()).toHaveText(/^26 tools · 3 pages/);
    await page.getByRole('searchbox', { name: 'Filter tools' }).fill('added_');
    await expect(toolList(page).getByRole('option', { name: /^added_1\b/ })).toBeVisible();
    await expect(page.getByText('List changed: 1 added, 0 changed, 0 removed')).toBeVisible();
    await shot(page, '5-list-changed');

    // Traffic: the request and response frames of each multi-round call are marked as one chain
    // (confirm_action: 2 rounds, two_rounds: 3; change_tools is a plain call).
    await page.getByRole('tab', { name: /Traffic/ }).click();
    await page.getByRole('searchbox', { name: 'Filter by method' }).fill('tools/call');
    const frames = page.getByRole('listbox', { name: 'Frames' });
    await expect(frames.getByTestId('round-mark')).toHaveText([
      '1/2',
      '1/2',
      '↳2/2',
      '↳2/2',
      '1/3',
      '1/3',
      '↳2/3',
      '↳2/3',
      '↳3/3',
      '↳3/3',
    ]);
    await expect(frames.getByRole('option')).toHaveCount(12);
    await frames
      .getByRole('option')
      .filter({ has: page.getByLabel('round 3 of 3') })
      .first()
      .click();
    const detail = page.getByRole('region', { name: 'Frame detail' });
    await expect(detail.getByText('two_rounds: round 3 of 3 of one call (final answer)')).toBeVisible();
    await shot(page, '6-traffic-chain');
    expect(errors).toEqual([]);
  });

  test('strict modern HTTP: the Mcp-* headers of a call show in the frame detail', async ({ page }) => {
    httpServer = await startHttpServerProcess(testServers.v2, ['--transport', 'http', '--legacy', 'reject']);
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    // Asked for the 2025 era, the strict server refuses initialize with -32022, named as such.
    await connectHttp(page, httpServer.url, 'legacy');
    const failure = page.getByRole('region', { name: 'Connection error' }).getByRole('alert');
    await expect(failure).toContainText(
      'JSON-RPC error -32022 UnsupportedProtocolVersion: Unsupported protocol version: 2025-11-25',
    );
    await shot(page, '7a-legacy-refused');
    await page.getByRole('tab', { name: /Traffic/ }).click();
    await expect(page.getByRole('listbox', { name: 'Frames' }).locator('.error-code')).toHaveText([
      '-32022 UnsupportedProtocolVersion',
    ]);
    await page.getByRole('tab', { name: /Tools/ }).click();

    await connectHttp(page, httpServer.url, 'modern');
    await expect(headerProtocol(page)).toHaveText(/MCP 2026-07-28 \(modern era\) · http/);
    await expect(page.locator('.list-count').first()).toHaveText(/^25 tools · 3 pages/);

    const panel = await openTool(page, 'echo_request');
    await panel.getByRole('button', { name: 'Call echo_request' }).click();
    const echoed = (await resultJson(page)) as { tool: string; era: string; headers: Record<string, string> };
    expect(echoed.tool).toBe('echo_request');
    expect(echoed.headers['mcp-method']).toBe('tools/call');
    expect(echoed.headers['mcp-name']).toBe('echo_request');

    // Over HTTP the change arrives on the subscriptions/listen stream; the list grows without a manual refresh.
    const changer = await openTool(page, 'change_tools');
    await changer.getByRole('button', { name: 'Call change_tools' }).click();
    expect(await resultJson(page)).toEqual({ generation: 1, added: 'added_1' });
    await expect(page.locator('.list-count').first()).toHaveText(/^26 tools · 3 pages/);

    await page.getByRole('tab', { name: /Traffic/ }).click();
    await page.getByRole('searchbox', { name: 'Filter by method' }).fill('tools/call');
    await expect(page.getByRole('listbox', { name: 'Frames' }).locator('.error-code')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Direction' }).selectOption('out');
    await page.getByRole('listbox', { name: 'Frames' }).getByRole('option').first().click();
    const headers = page
      .getByRole('region', { name: 'Frame detail' })
      .getByRole('table', { name: 'Request headers' });
    await expect(headers.getByRole('row', { name: /^mcp-method / })).toContainText('tools/call');
    await expect(headers.getByRole('row', { name: /^mcp-name / })).toContainText('echo_request');
    await expect(headers.getByRole('row', { name: /^mcp-protocol-version / })).toContainText('2026-07-28');
    await shot(page, '7-http-headers');

    // The list watcher's subscriptions/listen request went out with its own Mcp-Method header.
    await page.getByRole('searchbox', { name: 'Filter by method' }).fill('subscriptions/listen');
    await page.getByRole('listbox', { name: 'Frames' }).getByRole('option').first().click();
    await expect(headers.getByRole('row', { name: /^mcp-method / })).toContainText('subscriptions/listen');
  });

  test('dual server: auto speaks 2026-07-28, the 2025 choice speaks initialize; the demo server is 2025 era', async ({
    page,
  }) => {
    httpServer = await startHttpServerProcess(testServers.v2, ['--transport', 'http', '--legacy', 'allow']);
    await page.goto(host.url);
    // The embedded demo server (the host's initial target) speaks the 2025 era.
    await expect(connectedPill(page)).toBeVisible();
    await expect(headerProtocol(page)).toHaveText(/MCP 2025-\d\d-\d\d \(2025 era\) · stdio/);
    await expect((await handshake(page)).locator('.era-badge')).toHaveText('2025 era');
    await shot(page, '8-legacy-demo');

    await connectHttp(page, httpServer.url, 'auto');
    await expect(headerProtocol(page)).toHaveText(/MCP 2026-07-28 \(modern era\) · http/);
    await expect((await handshake(page)).getByTestId('era-reason')).toHaveText(/server\/discover/);
    await shot(page, '9-dual-auto');
    await toolsView(page);

    await connectHttp(page, httpServer.url, 'legacy');
    await expect(headerProtocol(page)).toHaveText(/MCP 2025-\d\d-\d\d \(2025 era\) · http/);
    await expect(page.locator('.list-count').first()).toHaveText(/^25 tools/);
    await shot(page, '10-dual-legacy');
  });
});
