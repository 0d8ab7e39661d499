/**
 * The record and check tools through the built `loupe mcp` (the SDK 1.x Client over stdio, server-everything): lint
 * and scan judge every tool; snapshot writes a file the agent reads as a resource; diff against it finds nothing
 * changed; run_collection runs the steps with their assertions (a failing one says expected and actual), and a
 * collection that calls a tool not annotated read-only waits for the person's yes like call_tool does.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild } from '../cli/loupe.js';
import {
  agentFolder,
  callAgent,
  refusal,
  sdkAgent,
  type AgentClient,
  type AgentFolder,
} from './agentHarness.js';

let folder: AgentFolder;
let agent: AgentClient;

beforeAll(async () => {
  requireBuild();
  folder = agentFolder();
  agent = await sdkAgent(folder);
  await agent.client.listTools();
}, 60_000);

afterAll(async () => {
  await agent?.close();
});

const sumSteps = [
  { name: 'listed', method: 'tools/list', expect: { present: ['get-sum'], count: { equals: 13 } } },
  {
    name: 'sum',
    method: 'tools/call',
    tool: 'get-sum',
    arguments: { a: 1, b: 2 },
    expect: { isError: false, text: { contains: 'is 3' } },
  },
  {
    name: 'wrong',
    method: 'tools/call',
    tool: 'get-sum',
    arguments: { a: 1, b: 2 },
    expect: { text: { contains: 'nope' } },
  },
];

describe('record and check through loupe mcp', () => {
  it('lint, scan, snapshot, diff and run_collection on server-everything', async () => {
    const session = String((await callAgent(agent.client, 'open_session', { server: 'everything' })).session);
    const lint = await callAgent(agent.client, 'lint', { session });
    expect(lint.counts).toMatchObject({ error: 0 });
    expect((lint.findings as { tool?: string }[]).some((finding) => finding.tool === 'echo')).toBe(true);
    const scan = await callAgent(agent.client, 'scan', { session });
    expect(scan).toMatchObject({ server: 'mcp-servers/everything', counts: { error: 0 } });

    const snapshot = await callAgent(agent.client, 'snapshot', { session });
    expect(snapshot).toMatchObject({
      connected: true,
      toolCount: 13,
      toolsComplete: true,
      lists: { tools: 13, prompts: 4 },
    });
    const file = JSON.parse(readFileSync(String(snapshot.file), 'utf8')) as {
      format: string;
      toolNames: string[];
    };
    expect(file.format).toBe('loupe.snapshot/1');
    expect(file.toolNames).toContain('get-sum');
    const diff = await callAgent(agent.client, 'diff', { session });
    expect(diff).toMatchObject({
      before: { uri: snapshot.uri },
      after: { live: true, session },
      counts: { breaking: 0, drift: 0, compatible: 0 },
      total: 0,
    });

    const run = await callAgent(agent.client, 'run_collection', {
      session,
      collection: { format: 'loupe.collection/1', name: 'sums', steps: sumSteps },
    });
    expect(run).toMatchObject({ name: 'sums', counts: { passed: 2, failed: 1 }, passed: false });
    const failed = (
      run.steps as { name: string; status: string; assertions: { expected: unknown; actual: unknown }[] }[]
    ).find((step) => step.status === 'failed');
    expect(failed).toMatchObject({
      name: 'wrong',
      assertions: [{ expected: 'nope', actual: 'The sum of 1 and 2 is 3.' }],
    });

    // A step that may change things: asked like call_tool, and no one can be asked here.
    const changing = {
      format: 'loupe.collection/1',
      name: 'toggles',
      steps: [
        {
          name: 'toggle',
          method: 'tools/call',
          tool: 'toggle-simulated-logging',
          arguments: {},
          expect: { isError: false },
        },
      ],
    };
    expect((await refusal(agent.client, 'run_collection', { session, collection: changing })).kind).toBe(
      'consent-unavailable',
    );
  }, 120_000);
});
