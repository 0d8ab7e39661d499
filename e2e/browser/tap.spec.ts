/**
 * A tap started from a terminal shows up in a running browser host: the official SDK 1.x Client launches
 * `node bin/loupe.js tap -- <server-everything stdio>` (a real process), lists and calls through it, and the page
 * shows a new session named after the client's clientInfo, its frames in Traffic; a fault rule set in the page
 * reaches the tap, the SDK client gets the injected error, and Traffic marks the frame.
 * Hosts no one here wrote, as a person sees them: the v2 client pinned to 2026-07-28 (its era probe on a sibling
 * process, then the per-request envelope) and the official Inspector CLI; the tapped session shows the handshake and
 * the tools the host listed, offers no Reconnect, and its snapshot says connected with them. A tap that reached Loupe
 * before the page opened leaves the page its own demo session beside it.
 * Screenshots: /tmp/tap/tapped-session.png, tapped-fault.png, tapped-session-closed.png, tap-this-server.png,
 * tapped-modern-{1024x700,1440x900}-{light,dark}.png, tapped-inspector.png, tap-before-page.png.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client as V2Client } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2StdioTransport } from '@modelcontextprotocol/client/stdio';
import { expect, test, type Page } from '@playwright/test';
import { repositoryRoot, startHostProcess, testServers, type HostProcess } from '../hostProcess';
import { connectedPill } from '../pageHelpers';

const screenshots = '/tmp/tap';
mkdirSync(screenshots, { recursive: true });
const loupeBin = join(repositoryRoot, 'bin', 'loupe.js');
const everything = join(
  repositoryRoot,
  'node_modules',
  '@modelcontextprotocol',
  'server-everything',
  'dist',
  'index.js',
);
const strip = (page: Page) => page.getByRole('tablist', { name: 'Sessions' });
const toolsPane = (page: Page) => page.getByRole('region', { name: 'Tool list' });
/** What is done to the shown session: the header's Session group (Connect…, Disconnect, Reconnect). */
const sessionActions = (page: Page) => page.getByRole('banner').getByRole('group', { name: 'Session' });

/** `node bin/loupe.js tap --journal … -- <server>`, as a host's config runs it. */
function tapLine(server: readonly string[]): { command: string; args: string[] } {
  const journal = join(mkdtempSync(join(tmpdir(), 'loupe-e2e-tap-journal-')), 'tap.jsonl');
  return { command: process.execPath, args: [loupeBin, 'tap', '--journal', journal, '--', ...server] };
}

let host: HostProcess;
const runtime = join(mkdtempSync(join(tmpdir(), 'loupe-e2e-tap-')), 'run');

test.beforeAll(async () => {
  host = await startHostProcess([], { LOUPE_RUNTIME_DIR: runtime });
});

test.afterAll(async () => {
  await host?.stop();
});

test('a tap started from a terminal appears as a live session with its frames in Traffic', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(host.url);
  await expect(connectedPill(page)).toBeVisible({ timeout: 30_000 });

  const journal = join(mkdtempSync(join(tmpdir(), 'loupe-e2e-tap-journal-')), 'tap.jsonl');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [loupeBin, 'tap', '--journal', journal, '--', process.execPath, everything, 'stdio'],
    stderr: 'pipe',
    env: { ...process.env, LOUPE_RUNTIME_DIR: runtime },
  });
  let tapSaid = '';
  transport.stderr?.on('data', (chunk: Buffer) => (tapSaid += chunk.toString('utf8')));
  const client = new Client({ name: 'e2e-host', version: '2.0.1' });
  await client.connect(transport);
  try {
    const tools = await client.listTools();
    expect(tools.tools.length).toBeGreaterThanOrEqual(10);
    const echoed = await client.callTool({
      name: 'echo',
      arguments: { message: 'hello from the terminal tap' },
    });
    expect(JSON.stringify(echoed.content)).toContain('hello from the terminal tap');
    await expect.poll(() => tapSaid).toMatch(/loupe tap: live in Loupe as session s\d+/);

    // The new session joins the strip on its own, named after the host's clientInfo.
    const tab = page
      .getByRole('tablist', { name: 'Sessions' })
      .getByRole('tab', { name: /^tapped: e2e-host 2\.0\.1 → mcp-serv/ });
    await expect(tab).toBeVisible({ timeout: 20_000 });
    await tab.click();
    await expect(page.getByTestId('header-tapped')).toContainText(
      'tapped: e2e-host 2.0.1 → mcp-servers/everything',
    );
    await expect(connectedPill(page)).toBeVisible();
    // What the host listed through the tap, as it listed it; Loupe asked nothing.
    await page.getByRole('tab', { name: 'Tools', exact: true }).click();
    await expect(toolsPane(page).getByText(`${tools.tools.length} tools`)).toBeVisible();
    await expect(sessionActions(page).getByRole('button', { name: 'Reconnect' })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Traffic', exact: true }).click();
    const frames = page.getByRole('listbox', { name: 'Frames' });
    await expect(frames.locator('.frame-method', { hasText: 'tools/call' }).first()).toBeVisible();
    await expect(frames.locator('.frame-method', { hasText: 'initialize' }).first()).toBeVisible();
    await expect(frames.locator('.frame-method', { hasText: 'tools/list' }).first()).toBeVisible();
    // The echo's answer, as the server sent it, is in the session's traffic.
    const query = page.getByRole('toolbar', { name: 'Traffic filters' }).getByLabel('Filter traffic');
    await query.fill('"hello from the terminal tap"');
    await expect(page.locator('.toolbar-count')).toHaveText(/^2 frames? of/);
    await query.fill('');
    await page.screenshot({ path: join(screenshots, 'tapped-session.png') });

    // Calls from Loupe are disabled on it; faults can be set: the next echo is answered with an injected error.
    const faults = page.getByRole('region', { name: 'Tap faults' });
    await faults.getByLabel('Fault rule').fill('in,tool=echo:error=-32042');
    await faults.getByRole('button', { name: 'Add fault' }).click();
    await expect(faults.getByText('in,tool=echo:error=-32042', { exact: true })).toBeVisible();
    await expect
      .poll(() => tapSaid)
      .toContain('loupe tap: fault rules from Loupe: in,tool=echo:error=-32042');
    await expect(client.callTool({ name: 'echo', arguments: { message: 'faulted' } })).rejects.toMatchObject({
      code: -32042,
    });
    const marked = frames.getByTestId('fault-mark');
    await expect(marked).toHaveCount(1);
    await frames.locator('.frame-row', { has: page.getByTestId('fault-mark') }).click();
    await expect(page.getByTestId('frame-fault')).toContainText(
      'replaced by a JSON-RPC error -32042 (fault rule 1: in,tool=echo:error=-32042)',
    );
    await page.screenshot({ path: join(screenshots, 'tapped-fault.png') });
    await faults.getByRole('button', { name: 'Clear faults' }).click();
    await expect.poll(() => tapSaid).toContain('loupe tap: Loupe cleared the fault rules');
  } finally {
    await client.close();
  }
  // The tap ended with its host: the session stays, closed, with its frames.
  await expect(page.getByRole('banner').getByText('Closed', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await page.screenshot({ path: join(screenshots, 'tapped-session-closed.png') });
});

test('"Tap this server" in the Import dialog shows the change as a diff and writes the file only after a yes, with a backup', async ({
  page,
}) => {
  const folder = mkdtempSync(join(tmpdir(), 'loupe-e2e-tap-config-'));
  const path = join(folder, 'claude_desktop_config.json');
  const original = `${JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } } }, null, 2)}\n`;
  writeFileSync(path, original);
  await page.goto(host.url);
  await expect(connectedPill(page)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Import from client configs…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import from client configs' });
  await dialog.getByLabel('Config file path').fill(path);
  await dialog.getByRole('button', { name: 'Read', exact: true }).click();
  const file = dialog.getByRole('region', { name: path });
  await file.getByRole('button', { name: 'Tap everything' }).click();
  const change = file.getByRole('group', { name: 'Tap everything: the change' });
  await expect(change.getByTestId('config-tap-diff')).toContainText('+       "tap",');
  await expect(change.getByTestId('config-tap-diff')).toContainText(`"${everything}"`);
  await page.screenshot({ path: join(screenshots, 'tap-this-server.png') });
  // Shown, not written.
  expect(readFileSync(path, 'utf8')).toBe(original);
  await change.getByRole('button', { name: 'Write it (a backup is kept)' }).click();
  await expect(file.getByTestId('config-tap-written')).toContainText('Restart the client to use the tap');
  const backups = readdirSync(folder).filter((name) => name.includes('.loupe-backup-'));
  expect(backups).toHaveLength(1);
  expect(readFileSync(join(folder, backups[0] ?? ''), 'utf8')).toBe(original);
  const entry = (JSON.parse(readFileSync(path, 'utf8')) as { mcpServers: { everything: { args: string[] } } })
    .mcpServers.everything;
  expect(entry.args.slice(-4)).toEqual(['--', process.execPath, everything, 'stdio']);
  expect(entry.args).toContain('tap');
});

test('the v2 client pinned to 2026-07-28: its session shows the modern handshake and the 25 tools it listed, no Reconnect, a connected snapshot', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(host.url);
  await expect(connectedPill(page)).toBeVisible({ timeout: 30_000 });
  const client = new V2Client(
    { name: 'v2-host', version: '2.4.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  const server = [process.execPath, testServers.v2, '--transport', 'stdio', '--legacy', 'reject'];
  await client.connect(
    new V2StdioTransport({
      ...tapLine(server),
      stderr: 'pipe',
      env: { ...process.env, LOUPE_RUNTIME_DIR: runtime },
    }),
  );
  try {
    let listed = 0;
    let cursor: string | undefined;
    do {
      const page2 = await client.listTools(cursor === undefined ? {} : { cursor });
      listed += page2.tools.length;
      cursor = page2.nextCursor;
    } while (cursor !== undefined);
    expect(listed).toBe(25);

    // Two sessions of the host: its era probe (a short-lived process: server/discover only) and the one it speaks
    // on. The strip tells them apart; the one it speaks on is connected.
    const tab = strip(page).getByRole('tab', { name: /^tapped: v2-host 2\.4\.0 .*, connected$/ });
    await expect(tab).toBeVisible({ timeout: 30_000 });
    await expect(
      strip(page).getByRole('tab', { name: /^tapped: v2-host 2\.4\.0 .*#1\s*, closed$/ }),
    ).toBeVisible();
    await expect(tab).toHaveAccessibleName(/#2\s*, connected$/);
    await tab.click();
    await expect(page.getByTestId('header-tapped')).toContainText(
      'tapped: v2-host 2.4.0 → loupe-v2-test-server',
    );
    await expect(page.getByTestId('header-protocol')).toHaveText('MCP 2026-07-28 (modern era) · stdio');
    await expect(connectedPill(page)).toBeVisible();
    await page.getByRole('tab', { name: 'Tools', exact: true }).click();
    await expect(toolsPane(page).getByText('25 tools')).toBeVisible();
    await expect(toolsPane(page).getByText('3 pages')).toBeVisible();
    await expect(page.getByRole('listbox', { name: 'Tools' }).getByRole('option').first()).toContainText(
      'echo_request',
    );
    // Loupe does not own the connection: no Reconnect or Disconnect; a session of its own is offered instead.
    await expect(sessionActions(page).getByRole('button', { name: 'Reconnect' })).toHaveCount(0);
    await expect(sessionActions(page).getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
    await expect(sessionActions(page).getByTestId('tapped-note')).toContainText('Loupe does not own it');
    for (const [width, height] of [
      [1024, 700],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.mouse.move(width - 10, height - 10);
        await expect(toolsPane(page).getByText('25 tools')).toBeVisible();
        // For the picture only: the buttons' colour transitions of the new scheme run their course.
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(screenshots, `tapped-modern-${width}x${height}-${scheme}.png`) });
      }
    }

    // Its snapshot: connected, the handshake the host negotiated, the tools it listed.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save snapshot' }).click();
    const saved = join(mkdtempSync(join(tmpdir(), 'loupe-e2e-tap-snapshot-')), 'tapped.json');
    await (await download).saveAs(saved);
    const snapshot = JSON.parse(readFileSync(saved, 'utf8')) as {
      connected: boolean;
      toolCount: number;
      era: string;
      protocolVersion: string;
    };
    expect(snapshot).toMatchObject({
      connected: true,
      toolCount: 25,
      era: 'modern',
      protocolVersion: '2026-07-28',
    });

    // A session of Loupe's own on the same server opens beside it; the tapped one stays as it was.
    const before = await strip(page).getByRole('tab').count();
    await sessionActions(page).getByRole('button', { name: 'Open a session of your own' }).click();
    await expect(strip(page).getByRole('tab')).toHaveCount(before + 1);
    await expect(strip(page).getByRole('tab', { selected: true })).toHaveAccessibleName(
      /^loupe-v2-test-server\s*, connected$/,
      { timeout: 30_000 },
    );
    await expect(tab).toHaveAccessibleName(/#2\s*, connected$/);
  } finally {
    await client.close();
  }
});

test('the official Inspector CLI: the page shows its session, named after it, with the tools it printed; its snapshot says connected', async ({
  page,
}) => {
  test.setTimeout(400_000);
  const found = spawnSync(process.execPath, [join(repositoryRoot, 'scripts', 'node22.mjs')], {
    encoding: 'utf8',
    timeout: 300_000,
  });
  expect(found.status, found.stderr).toBe(0);
  const [node22 = '', , launcher = ''] = found.stdout.trim().split('\n');
  await page.goto(host.url);
  await expect(connectedPill(page)).toBeVisible({ timeout: 30_000 });
  const line = tapLine([process.execPath, everything, 'stdio']);
  // The inspector starts servers with a pared-down environment: -e tells the tap where this Loupe listens.
  const child = spawn(
    node22,
    [
      launcher,
      '--cli',
      line.command,
      ...line.args,
      '--method',
      'tools/list',
      '-e',
      `LOUPE_RUNTIME_DIR=${runtime}`,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let said = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString('utf8')));
  expect(await new Promise((resolve) => child.once('exit', resolve)), said).toBe(0);
  const printed = (JSON.parse(out) as { tools: unknown[] }).tools.length;
  const tab = strip(page).getByRole('tab', { name: /^tapped: inspector-cli 2\.12\.0 → mcp-serv/ });
  await expect(tab).toBeVisible({ timeout: 30_000 });
  await tab.click();
  await page.getByRole('tab', { name: 'Tools', exact: true }).click();
  await expect(toolsPane(page).getByText(`${printed} tools`)).toBeVisible();
  await page.screenshot({ path: join(screenshots, 'tapped-inspector.png') });
  // The inspector ran one command and ended: the session is closed, and its snapshot says what the host negotiated.
  await expect(page.getByRole('banner').getByText('Closed', { exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save snapshot' }).click();
  const saved = join(mkdtempSync(join(tmpdir(), 'loupe-e2e-tap-snapshot-')), 'inspector.json');
  await (await download).saveAs(saved);
  const snapshot = JSON.parse(readFileSync(saved, 'utf8')) as {
    connected: boolean;
    toolCount: number;
    era: string;
    protocolVersion: string;
  };
  expect(snapshot).toMatchObject({
    connected: true,
    toolCount: printed,
    era: 'legacy',
    protocolVersion: '2025-11-25',
  });
});

test('a tap that reached Loupe before any page opened: the page opens with its own demo session beside the tapped one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const ownRuntime = join(mkdtempSync(join(tmpdir(), 'loupe-e2e-tap-early-')), 'run');
  const early = await startHostProcess([], { LOUPE_RUNTIME_DIR: ownRuntime });
  const transport = new StdioClientTransport({
    ...tapLine([process.execPath, everything, 'stdio']),
    stderr: 'pipe',
    env: { ...process.env, LOUPE_RUNTIME_DIR: ownRuntime },
  });
  let tapSaid = '';
  transport.stderr?.on('data', (chunk: Buffer) => (tapSaid += chunk.toString('utf8')));
  const client = new Client({ name: 'early-host', version: '1.0.0' });
  try {
    await client.connect(transport);
    await client.listTools();
    await expect.poll(() => tapSaid).toMatch(/loupe tap: live in Loupe as session s1/);
    // Only now does a person open the page.
    await page.goto(early.url);
    await expect(strip(page).getByRole('tab')).toHaveCount(2);
    await expect(
      strip(page).getByRole('tab', { name: /^tapped: early-host 1\.0\.0 → mcp-serv.*, connected$/ }),
    ).toBeVisible();
    const demo = strip(page).getByRole('tab', { selected: true });
    await expect(demo).toHaveAccessibleName(/^loupe-demo\s*, connected$/, { timeout: 30_000 });
    await expect(connectedPill(page)).toBeVisible();
    await expect(page.getByTestId('header-tapped')).toHaveCount(0);
    await page.screenshot({ path: join(screenshots, 'tap-before-page.png') });
  } finally {
    await client.close();
    await early.stop();
  }
});
