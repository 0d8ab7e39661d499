/**
 * An agent's session, as the person sees it in Chromium: the official SDK 1.x Client (the agent's host, offering no
 * elicitation) starts `node bin/loupe.js mcp` (a real process) and opens server-everything through it; the running
 * browser host shows the session live, marked as the agent's, with the tools it listed; the question for a call of a
 * tool not annotated read-only waits in the page until the person, after reading it, allows it, and the call goes
 * through; the person's Stop ends the session, and the agent is told.
 * Screenshots: /tmp/agent/agent-session.png, agent-question.png, agent-stopped.png.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, test } from '@playwright/test';
import { repositoryRoot, startHostProcess, type HostProcess } from '../hostProcess';
import { connectedPill } from '../pageHelpers';

const screenshots = '/tmp/agent';
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

let host: HostProcess;
const folder = mkdtempSync(join(tmpdir(), 'loupe-e2e-agent-'));
const runtime = join(folder, 'run');

test.beforeAll(async () => {
  host = await startHostProcess([], { LOUPE_RUNTIME_DIR: runtime });
});

test.afterAll(async () => {
  await host?.stop();
});

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args }, undefined, {
    timeout: 300_000,
  })) as CallToolResult;
}

test("an agent's session shows live as the agent's, its question waits for the person, and Stop ends it", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(host.url);
  await expect(connectedPill(page)).toBeVisible({ timeout: 30_000 });

  const config = join(folder, '.mcp.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } },
    }),
  );
  mkdirSync(join(folder, 'home'), { recursive: true });
  const client = new Client({ name: 'e2e-agent', version: '3.1.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [
        loupeBin,
        'mcp',
        '--targets',
        config,
        '--settings',
        join(folder, 'settings.json'),
        '--snapshots',
        join(folder, 'snapshots'),
      ],
      env: { PATH: process.env.PATH ?? '', HOME: join(folder, 'home'), LOUPE_RUNTIME_DIR: runtime },
      cwd: folder,
      stderr: 'ignore',
    }),
  );
  try {
    const opened = await call(client, 'open_session', { server: 'everything' });
    const session = String((opened.structuredContent as { session: string }).session);
    const listed = await call(client, 'list', { session, kind: 'tools' });
    const count = (listed.structuredContent as { count: number }).count;
    expect(count).toBe(13);

    // The session joins the strip on its own, named as the agent's.
    const tab = page
      .getByRole('tablist', { name: 'Sessions' })
      .getByRole('tab', { name: /^agent: e2e-agent 3\.1\.0 → mcp-serv/ });
    await expect(tab).toBeVisible({ timeout: 30_000 });
    await tab.click();
    await expect(page.getByTestId('header-tapped')).toContainText(
      'an agent’s session through loupe mcp, shown live',
    );
    // The session's card heads the Server view: the agent's note and its Stop, no tap fault rules.
    await page.getByRole('tab', { name: 'Server', exact: true }).click();
    const card = page.getByRole('region', { name: 'Session' });
    await expect(card.getByTestId('agent-note')).toContainText(
      `e2e-agent 3.1.0 opened it through loupe mcp (its session ${session})`,
    );
    await expect(card.getByRole('region', { name: 'Tap faults' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Tools', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Tool list' }).getByText(`${count} tools`)).toBeVisible();
    await page.screenshot({ path: join(screenshots, 'agent-session.png') });

    // A call that may change things: the question waits in the page; the call waits for the answer.
    let settled = false;
    const calling = call(client, 'call_tool', { session, tool: 'toggle-simulated-logging' }).finally(
      () => (settled = true),
    );
    const question = page.getByRole('dialog', { name: 'The server asks you for input' });
    await expect(question).toBeVisible({ timeout: 30_000 });
    await expect(question).toContainText('"toggle-simulated-logging"');
    await page.screenshot({ path: join(screenshots, 'agent-question.png') });
    // The person reads it; the agent is still waiting.
    await page.waitForTimeout(2000);
    expect(settled).toBe(false);
    await question
      .getByLabel(/^Allow/)
      .first()
      .check();
    await question.getByRole('button', { name: 'Accept' }).click();
    const called = await calling;
    expect(called.isError).toBeFalsy();
    expect(called.structuredContent).toMatchObject({ isError: false, asked: { via: 'loupe' } });

    // Stop.
    await page.getByRole('tab', { name: 'Server', exact: true }).click();
    await card.getByRole('button', { name: 'Stop the agent’s session' }).click();
    await expect(page.locator('.status-pill')).toContainText(/Closed|Loupe ended/, { timeout: 30_000 });
    await expect
      .poll(async () => {
        const after = await call(client, 'list', { session, kind: 'tools' });
        return after.isError ? JSON.stringify(after.content) : 'still open';
      })
      .toContain('session-stopped');
    await page.screenshot({ path: join(screenshots, 'agent-stopped.png') });
  } finally {
    await client.close();
  }
});
