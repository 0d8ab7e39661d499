/**
 * A tap started from a terminal shows up in a running browser host: the official SDK 1.x Client launches
 * `node bin/loupe.js tap -- <server-everything stdio>` (a real process), lists and calls through it, and the page
 * shows a new session named after the client's clientInfo, its frames in Traffic; a fault rule set in the page
 * reaches the tap, the SDK client gets the injected error, and Traffic marks the frame.
 * Screenshots: /tmp/tap/tapped-session.png, tapped-fault.png, tapped-session-closed.png.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, test } from '@playwright/test';
import { repositoryRoot, startHostProcess, type HostProcess } from '../hostProcess';
import { connectedPill } from '../pageHelpers';

const screenshots = '/tmp/tap';
mkdirSync(screenshots, { recursive: true });
const loupeBin = join(repositoryRoot, 'bin', 'loupe.js');
const everything = join(repositoryRoot, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

let host: HostProcess;
const runtime = join(mkdtempSync(join(tmpdir(), 'loupe-e2e-tap-')), 'run');

test.beforeAll(async () => {
  host = await startHostProcess([], { LOUPE_RUNTIME_DIR: runtime });
});

test.afterAll(async () => {
  await host?.stop();
});

test('a tap started from a terminal appears as a live session with its frames in Traffic', async ({ page }) => {
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
    const echoed = await client.callTool({ name: 'echo', arguments: { message: 'hello from the terminal tap' } });
    expect(JSON.stringify(echoed.content)).toContain('hello from the terminal tap');
    await expect.poll(() => tapSaid).toMatch(/loupe tap: live in Loupe as session s\d+/);

    // The new session joins the strip on its own, named after the host's clientInfo.
    const tab = page.getByRole('tablist', { name: 'Sessions' }).getByRole('tab', { name: /^tapped: e2e-host 2\.0\.1 → mcp-serv/ });
    await expect(tab).toBeVisible({ timeout: 20_000 });
    await tab.click();
    await expect(page.getByTestId('header-tapped')).toContainText('tapped: e2e-host 2.0.1 → mcp-servers/everything');
    await expect(connectedPill(page)).toBeVisible();

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
    await expect.poll(() => tapSaid).toContain('loupe tap: fault rules from Loupe: in,tool=echo:error=-32042');
    await expect(client.callTool({ name: 'echo', arguments: { message: 'faulted' } })).rejects.toMatchObject({ code: -32042 });
    const marked = frames.getByTestId('fault-mark');
    await expect(marked).toHaveCount(1);
    await frames.locator('.frame-row', { has: page.getByTestId('fault-mark') }).click();
    await expect(page.getByTestId('frame-fault')).toContainText('replaced by a JSON-RPC error -32042 (fault rule 1: in,tool=echo:error=-32042)');
    await page.screenshot({ path: join(screenshots, 'tapped-fault.png') });
    await faults.getByRole('button', { name: 'Clear faults' }).click();
    await expect.poll(() => tapSaid).toContain('loupe tap: Loupe cleared the fault rules');

  } finally {
    await client.close();
  }
  // The tap ended with its host: the session stays, closed, with its frames.
  await expect(page.getByRole('banner').getByText('Closed', { exact: true })).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: join(screenshots, 'tapped-session-closed.png') });
});

test('"Tap this server" in the Import dialog shows the change as a diff and writes the file only after a yes, with a backup', async ({ page }) => {
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
  const entry = (JSON.parse(readFileSync(path, 'utf8')) as { mcpServers: { everything: { args: string[] } } }).mcpServers.everything;
  expect(entry.args.slice(-4)).toEqual(['--', process.execPath, everything, 'stdio']);
  expect(entry.args).toContain('tap');
});
