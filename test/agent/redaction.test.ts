/**
 * Secrets never reach the agent: a configured server-everything holds two real credentials in its env — one under a
 * secret-looking name (API_TOKEN), one under a plain name (UPSTREAM_DSN) — and its get-env tool returns its whole
 * environment. Directly, the call's result holds both values; through `loupe mcp` (the built command, the SDK 1.x
 * Client over stdio) neither appears anywhere the agent can read: list_targets, open_session, the call's result,
 * every frame (paged and whole), the snapshot resource and the snapshot file.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild } from '../cli/loupe.js';
import {
  agentFolder,
  callAgent,
  everythingScript,
  sdkAgent,
  type AgentClient,
  type AgentFolder,
} from './agentHarness.js';
import { direct } from './directServer.js';

// Letters and digits, as a real credential is; made per run so no file of the repository holds it.
const token = `sk-live-${randomBytes(12).toString('hex')}9z`;
const dsn = `dsn${randomBytes(10).toString('hex')}q7`;

let folder: AgentFolder;
let agent: AgentClient;

beforeAll(async () => {
  requireBuild();
  folder = agentFolder({
    secretive: {
      command: process.execPath,
      args: [everythingScript, 'stdio'],
      env: { API_TOKEN: token, UPSTREAM_DSN: dsn },
    },
  });
  agent = await sdkAgent(folder);
}, 60_000);

afterAll(async () => {
  await agent?.close();
});

async function readText(uri: string): Promise<string> {
  const read = await agent.client.readResource({ uri });
  const content = read.contents[0];
  if (!content || !('text' in content)) throw new Error(`${uri} has no text`);
  return content.text;
}

function secretFree(text: string): void {
  expect(text).not.toContain(token);
  expect(text).not.toContain(dsn);
  // Nor a part long enough to matter.
  expect(text).not.toContain(token.slice(8, 20));
  expect(text).not.toContain(dsn.slice(3, 15));
}

describe('secrets never in results', () => {
  it('the env credentials a direct call reveals are [redacted] in everything the agent reads', async () => {
    const plain = await direct(process.execPath, [everythingScript, 'stdio'], {
      API_TOKEN: token,
      UPSTREAM_DSN: dsn,
    });
    try {
      const revealed = JSON.stringify(await plain.client.callTool({ name: 'get-env', arguments: {} }));
      expect(revealed).toContain(token);
      expect(revealed).toContain(dsn);
    } finally {
      await plain.close();
    }
    const targets = await callAgent(agent.client, 'list_targets');
    secretFree(JSON.stringify(targets));
    expect(JSON.stringify(targets)).toContain('"API_TOKEN":"[redacted]"');
    const opened = await callAgent(agent.client, 'open_session', { server: 'secretive' });
    secretFree(JSON.stringify(opened));
    const session = String(opened.session);
    // get-env is annotated read-only: no question.
    const called = await callAgent(agent.client, 'call_tool', { session, tool: 'get-env' });
    const result = JSON.stringify(called.result);
    secretFree(result);
    expect(result).toMatch(/API_TOKEN[^,]*\[redacted\]/);
    expect(result).toMatch(/UPSTREAM_DSN[^,]*\[redacted\]/);
    let next: string | undefined = `loupe://sessions/${session}/frames/pages/1`;
    while (next) {
      const text = await readText(next);
      secretFree(text);
      next = (JSON.parse(text) as { next?: string }).next;
    }
    const response = (called.frames as { response: number }).response;
    const whole = await readText(`loupe://sessions/${session}/frames/${response}`);
    secretFree(whole);
    expect(whole).toContain('[redacted]');
    const snapshot = await callAgent(agent.client, 'snapshot', { session });
    secretFree(JSON.stringify(snapshot));
    const snapshotText = await readText(String(snapshot.uri));
    expect(JSON.parse(snapshotText)).toMatchObject({ connected: true, toolCount: 13 });
    secretFree(snapshotText);
    secretFree(readFileSync(String(snapshot.file), 'utf8'));
    secretFree(JSON.stringify(await callAgent(agent.client, 'list_sessions')));
  }, 120_000);
});
