/**
 * MCP Apps in Chromium through the browser host: official example servers from npm render their app inside
 * Loupe's sandbox frame and their buttons' tool calls reach Traffic marked as the app's; a hostile app
 * (test/servers/hostileApp.mjs) is stopped at each thing it tries.
 */
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { repositoryRoot, startHostProcess, type HostProcess } from '../hostProcess';
import { connectStdio, connectedPill, toolList } from '../pageHelpers';

const exampleServer = (name: string) => join(repositoryRoot, 'node_modules', '@modelcontextprotocol', name, 'dist', 'index.js');

async function callTool(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Filter tools' }).fill(name);
  await toolList(page).getByRole('option', { name: new RegExp(`^${name}\\b`) }).first().click();
  const panel = page.getByRole('region', { name: `Call ${name}` });
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
  test.beforeEach(async () => {
    host = await startHostProcess();
  });
  test.afterEach(async () => {
    await host?.stop();
  });

  for (const example of ['server-basic-vanillajs', 'server-basic-react']) {
    test(`${example}: the app renders in the sandbox frame and its button's tool call is in Traffic as the app's`, async ({ page }) => {
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
});
