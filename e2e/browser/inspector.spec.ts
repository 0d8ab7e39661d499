/**
 * The inspector in Chromium through the browser host: demo server, a 1,000-tool paginating server, filter,
 * tool detail, traffic round trips, list_changed, snapshots, a wrong command, hostile text, host security.
 * Screenshots go to e2e-artifacts/ (gitignored).
 */
import { createServer, type Server } from 'node:http';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { repositoryRoot, startHostProcess, testServers, type HostProcess } from '../hostProcess';
import { connectStdio, connectedPill, toolList } from '../pageHelpers';

const artifacts = join(repositoryRoot, 'e2e-artifacts');
mkdirSync(artifacts, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: false });
}

async function openApp(page: Page, host: HostProcess): Promise<void> {
  const response = await page.goto(host.url);
  expect(response?.status()).toBe(200);
  // the page moved the token into its tab's sessionStorage: the address bar holds the bare URL
  await expect(page).toHaveURL(`${host.origin}/`);
}

const toolsPane = (page: Page) => page.getByRole('region', { name: 'Tool list' });

test.describe('browser host', () => {
  let host: HostProcess;
  test.beforeEach(async () => {
    host = await startHostProcess();
  });
  test.afterEach(async () => {
    await host?.stop();
  });

  test('connects to the demo server, filters, opens a tool, shows traffic with round trips', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await openApp(page, host);
    await expect(connectedPill(page)).toBeVisible();
    await expect(toolsPane(page).getByText(/\d+ tools/)).toBeVisible();
    await expect(toolList(page).getByRole('option').first()).toBeVisible();
    await shot(page, '01-demo-connected');

    await page.getByRole('searchbox', { name: 'Filter tools' }).fill('long_running');
    await expect(toolList(page).getByRole('option')).toHaveCount(1);
    await toolList(page).getByRole('option').first().click();
    await expect(page.getByText('long_running_export').first()).toBeVisible();
    await expect(page.getByText(/reports progress/).first()).toBeVisible();
    await shot(page, '02-demo-tool-detail');

    await page.getByRole('tab', { name: 'Traffic' }).click();
    await expect(page.getByText('tools/list').first()).toBeVisible();
    await expect(page.getByText(/\d+(\.\d+)?\s?ms/).first()).toBeVisible();
    await shot(page, '03-demo-traffic');
    expect(dialogs).toEqual([]);
    // the CSP lets our own scripts, styles and the WebSocket through (it does refuse eval, on purpose)
    expect(consoleErrors.filter((text) => /Refused to (load|connect|apply|execute)/.test(text))).toEqual([]);
  });

  test('lists a 1,000-tool paginating server completely and re-lists on list_changed', async ({ page }) => {
    await openApp(page, host);
    await expect(connectedPill(page)).toBeVisible();
    await connectStdio(page, process.execPath, `${testServers.paginating} --tools 1000 --page-size 25 --list-changed-every 4000`);
    await expect(toolsPane(page).getByText('1,002 tools')).toBeVisible({ timeout: 30_000 });
    await expect(toolsPane(page).getByText('41 pages')).toBeVisible();
    await shot(page, '04-paginating-1000');
    // the timer changes the list: added_1 appears, tool_0001 goes, the header says so
    await expect(toolsPane(page).getByText(/List changed: 1 added/)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('searchbox', { name: 'Filter tools' }).fill('added_');
    await expect(toolList(page).getByRole('option').first()).toContainText('added_');
    await shot(page, '05-list-changed');
  });

  test('saves a snapshot and opens it again', async ({ page }) => {
    await openApp(page, host);
    await expect(toolsPane(page).getByText(/\d+ tools/)).toBeVisible();
    // The rows stream in ("page 1, 40 tools so far — still listing"): a person saves once the count is final.
    await expect(toolsPane(page).getByText(/still listing/)).toHaveCount(0);
    const countText = (await toolsPane(page).getByText(/\d+ tools/).first().textContent()) ?? '';
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save snapshot' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^loupe-.+-\d{8}T\d{6}Z\.json$/);
    const saved = join(artifacts, file.suggestedFilename());
    await file.saveAs(saved);
    const snapshot = JSON.parse(readFileSync(saved, 'utf8')) as { format: string; connected: boolean; toolCount: number };
    expect(snapshot.format).toBe('loupe.snapshot/1');
    expect(snapshot.connected).toBe(true);
    expect(countText).toContain(snapshot.toolCount.toLocaleString('en-US'));

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByTestId('snapshot-file').setInputFiles(saved);
    await expect(page.getByText('Snapshot', { exact: true }).first()).toBeVisible();
    await expect(toolsPane(page).getByText(`${snapshot.toolCount.toLocaleString('en-US')} tools`)).toBeVisible();
    await shot(page, '06-snapshot-open');

    await page.getByTestId('snapshot-file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"format": "loupe.snapshot/1", "tools": [') });
    await expect(page.getByRole('alert').filter({ hasText: /snapshot/i }).first()).toBeVisible();
    await shot(page, '07-snapshot-corrupt');
  });

  test('a wrong command shows its error and the app still works', async ({ page }) => {
    await openApp(page, host);
    await expect(connectedPill(page)).toBeVisible();
    await connectStdio(page, 'loupe-no-such-command', '--flag');
    await expect(page.getByRole('alert').filter({ hasText: /not found|loupe-no-such-command/i }).first()).toBeVisible();
    await shot(page, '08-wrong-command');
    await connectStdio(page, process.execPath, `${testServers.paginating} --tools 30`);
    await expect(toolsPane(page).getByText('32 tools')).toBeVisible();
  });

  test('hostile tool text renders inert: no dialog, no injected image, no javascript: link', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openApp(page, host);
    await expect(connectedPill(page)).toBeVisible();
    await connectStdio(page, process.execPath, `${testServers.fault} --hostile`);
    await expect(toolList(page).getByRole('option').first()).toBeVisible();
    const options = toolList(page).getByRole('option');
    const count = await options.count();
    for (let index = 0; index < count; index++) {
      await options.nth(index).click();
      await page.waitForTimeout(50);
    }
    await expect(page.getByText('<script>alert(1)</script>').first()).toBeVisible();
    await expect(page.getByText('<img src=x onerror=alert(1)>').first()).toBeVisible();
    await expect(page.getByText(/javascript:alert\(1\)/).first()).toBeVisible();
    await shot(page, '09-hostile');
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
    expect(await page.locator('script:not([src])').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  test('the host refuses a stale token and a WebSocket from a foreign origin', async ({ page, playwright }) => {
    const anonymous = await playwright.request.newContext();
    const refused = await anonymous.get(`${host.origin}/?token=stale`);
    expect(refused.status()).toBe(401);
    expect(await refused.text()).not.toContain(new URL(host.url).searchParams.get('token') ?? 'no token');
    await anonymous.dispose();

    await openApp(page, host);
    await expect(connectedPill(page)).toBeVisible();
    // an attacker's page on another local port holds no token; even offering `loupe`, its WebSocket is refused
    const attacker: Server = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end('<!doctype html><title>other local page</title>');
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    const address = attacker.address();
    const attackerPort = typeof address === 'object' && address ? address.port : 0;
    const other = await page.context().newPage();
    await other.goto(`http://127.0.0.1:${attackerPort}/`);
    const outcome = await other.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const socket = new WebSocket(url, ['loupe']);
          socket.onopen = () => resolve('open');
          socket.onerror = () => resolve('refused');
          setTimeout(() => resolve('timeout'), 5000);
        }),
      `ws://127.0.0.1:${host.port}/ws`,
    );
    expect(outcome).toBe('refused');
    await other.close();
    await new Promise<void>((resolve) => attacker.close(() => resolve()));
  });
});
