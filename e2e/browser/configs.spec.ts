/**
 * Client configs and the keyboard in Chromium through the browser host:
 * - a Claude Desktop file picked in the Import dialog lists its servers with their warnings; one click connects
 *   to its stdio server (the paginating test server), and Save puts it among the saved servers;
 * - a VS Code mcp.json read by path connects in one click to a Streamable HTTP server on 127.0.0.1;
 * - a VS Code mcp.json whose server needs a password input (a bearer token the server checks, 403 otherwise):
 *   Connect waits for the value, the field is masked, and once typed the server's tool is listed;
 * - one whole flow by keyboard alone: Ctrl+K, jump to a tool, fill its form, call it, see the result.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  repositoryRoot,
  startHostProcess,
  startHttpServerProcess,
  testServers,
  type HostProcess,
  type HttpServerProcess,
} from '../hostProcess';
import { connectedPill, toolList } from '../pageHelpers';

test.describe('client configs and the keyboard', () => {
  let host: HostProcess;
  test.beforeEach(async () => {
    host = await startHostProcess();
  });
  test.afterEach(async () => {
    await host?.stop();
  });

  test('imports a Claude Desktop file, connects to its stdio server in one click, and saves it', async ({
    page,
  }) => {
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await page.getByRole('button', { name: 'Import from client configs…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from client configs' });
    await expect(dialog).toBeVisible();
    const config = {
      mcpServers: {
        paged: {
          command: process.execPath,
          args: [testServers.paginating, '--tools', '30', '--page-size', '10'],
          env: { API_TOKEN: 'not-in-clear' },
        },
        nothing: { args: [] },
      },
    };
    await dialog.getByTestId('config-file').setInputFiles({
      name: 'claude_desktop_config.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(config)),
    });
    const file = dialog.getByRole('region', { name: 'claude_desktop_config.json' });
    await expect(file.getByRole('heading')).toContainText('Claude Desktop');
    await expect(file.getByTestId('config-server')).toHaveCount(2);
    await expect(file.getByTestId('config-server').nth(1)).toContainText(
      'the entry has neither "command" (a stdio server) nor "url" (an HTTP server)',
    );

    await file.getByRole('button', { name: 'Save paged' }).click();
    await expect(file.getByRole('button', { name: 'Save paged' })).toHaveText('Saved');
    await file.getByRole('button', { name: 'Connect to paged' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page
        .getByRole('complementary', { name: 'Connections' })
        .getByText(/paginating\.mjs --tools 30 --page-size 10/)
        .first(),
    ).toBeVisible();
    await expect(connectedPill(page)).toBeVisible();
    await expect(toolList(page).getByRole('option', { name: /^tool_0001\b/ })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('32 tools · 4 pages')).toBeVisible();
    await expect(page.getByTestId('header-protocol')).toContainText('stdio');
    // The saved server is there to connect to again.
    await expect(page.getByRole('button', { name: 'Connect to paged' })).toBeVisible();
  });

  test('reads a VS Code mcp.json by path and connects to its HTTP server in one click', async ({ page }) => {
    let server: HttpServerProcess | undefined;
    try {
      server = await startHttpServerProcess(testServers.paginating, [
        '--transport',
        'http',
        '--tools',
        '12',
        '--page-size',
        '5',
      ]);
      const project = mkdtempSync(join(tmpdir(), 'loupe-vscode-'));
      mkdirSync(join(project, '.vscode'));
      const path = join(project, '.vscode', 'mcp.json');
      writeFileSync(
        path,
        `{\n  // VS Code's file\n  "servers": { "paged-http": { "type": "http", "url": ${JSON.stringify(server.url)}, "headers": { "Authorization": "Bearer t0ken" } } }\n}\n`,
      );
      await page.goto(host.url);
      await expect(connectedPill(page)).toBeVisible();
      await page.getByRole('button', { name: 'Import from client configs…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import from client configs' });
      await dialog.getByRole('textbox', { name: 'Config file path' }).fill(path);
      await dialog.getByRole('button', { name: 'Read' }).click();
      const file = dialog.getByRole('region', { name: path });
      await expect(file.getByRole('heading')).toContainText('VS Code');
      await file.getByRole('button', { name: 'Connect to paged-http' }).click();
      await expect(connectedPill(page)).toBeVisible();
      await expect(page.getByTestId('header-protocol')).toContainText('http');
      await expect(toolList(page).getByRole('option', { name: /^tool_0012\b/ })).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.getByText('14 tools · 3 pages')).toBeVisible();
    } finally {
      await server?.stop();
    }
  });

  test('asks for a VS Code password input, then connects with it to a server that checks it', async ({
    page,
  }) => {
    let server: HttpServerProcess | undefined;
    try {
      const token = 'e2e-bearer-5150';
      server = await startHttpServerProcess(join(repositoryRoot, 'test', 'servers', 'configEcho.mjs'), [
        '--transport',
        'http',
        '--expect-bearer',
        token,
      ]);
      const project = mkdtempSync(join(tmpdir(), 'loupe-vscode-input-'));
      mkdirSync(join(project, '.vscode'));
      const path = join(project, '.vscode', 'mcp.json');
      writeFileSync(
        path,
        JSON.stringify({
          inputs: [{ type: 'promptString', id: 'token', description: 'API token', password: true }],
          servers: {
            guarded: { type: 'http', url: server.url, headers: { Authorization: 'Bearer ${input:token}' } },
          },
        }),
      );
      await page.goto(host.url);
      await expect(connectedPill(page)).toBeVisible();
      await page.getByRole('button', { name: 'Import from client configs…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import from client configs' });
      await dialog.getByRole('textbox', { name: 'Config file path' }).fill(path);
      await dialog.getByRole('button', { name: 'Read' }).click();
      const file = dialog.getByRole('region', { name: path });
      const connect = file.getByRole('button', { name: 'Connect to guarded' });
      await expect(connect).toBeDisabled();
      const field = file.getByLabel(/API token/);
      await expect(field).toHaveAttribute('type', 'password');
      await field.fill(token);
      await connect.click();
      await expect(dialog).toBeHidden();
      await expect(connectedPill(page)).toBeVisible();
      await expect(toolList(page).getByRole('option', { name: /^env_value\b/ })).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.getByText('1 tool · 1 page')).toBeVisible();
    } finally {
      await server?.stop();
    }
  });

  test('keyboard alone: palette, jump to a tool, fill its form, call, read the result', async ({ page }) => {
    await page.goto(host.url);
    await expect(connectedPill(page)).toBeVisible();
    await expect(toolList(page).getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Control+K');
    const input = page.getByRole('combobox', { name: 'Go to' });
    await expect(input).toBeFocused();
    await page.keyboard.type('echo');
    await expect(page.getByRole('listbox', { name: 'Matches' }).getByRole('option').first()).toContainText(
      'echo',
    );
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeHidden();
    const panel = page.getByRole('region', { name: 'Call echo' });
    await expect(panel).toBeVisible();
    await expect(panel.locator('input[id$="_message"]')).toBeFocused();
    await page.keyboard.type('typed without a mouse');
    await page.keyboard.press('Control+Enter');
    const result = page.getByRole('region', { name: 'Call result' });
    await expect(result.locator('pre.text-block').first()).toHaveText('{"message":"typed without a mouse"}');

    // Escape gives focus back to where it was.
    await page.keyboard.press('Control+K');
    await expect(input).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeHidden();
    await expect(panel.locator('input[id$="_message"]')).toBeFocused();
  });
});
