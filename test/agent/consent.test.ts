/**
 * The person stays in charge of what an agent does through `loupe mcp` (the built command, driven by the SDK 1.x
 * Client over stdio, against server-everything and the paginating server):
 * - a call of a tool not annotated read-only waits for the person's yes, asked through the agent's host
 *   (elicitation), answered seconds later at a person's pace — the server sees the call only after the yes; a no is
 *   'call-declined' and the server never sees it; "allow every such call" is remembered for the session;
 * - a server the person did not configure opens only on their yes ('target-declined' otherwise);
 * - with no one to ask (no elicitation, no Loupe running), 'consent-unavailable';
 * - a runaway agent is 'rate-limited', told how long to wait.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ElicitRequestSchema,
  type ElicitRequest,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { requireBuild } from '../cli/loupe.js';
import { serverPaths } from '../helpers/servers.js';
import {
  agentFolder,
  callAgent,
  refusal,
  sdkAgent,
  type AgentClient,
  type AgentFolder,
} from './agentHarness.js';

interface FramePage {
  frames: { seq: number; wall: number; direction: string; method?: string; raw: string }[];
  next?: string;
}

let folder: AgentFolder;
const agents: AgentClient[] = [];

beforeAll(() => {
  requireBuild();
  folder = agentFolder();
});

afterEach(async () => {
  for (const agent of agents.splice(0)) await agent.close();
});

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An agent whose host asks its person: each question is answered by `answer`, after `waitMs` (the person reads). */
async function askingAgent(
  answer: (request: ElicitRequest) => ElicitResult,
  waitMs: number,
  flags: string[] = [],
): Promise<{ agent: AgentClient; asked: { message: string; answeredAt: number }[] }> {
  const agent = await sdkAgent(folder, { flags, capabilities: { elicitation: {} } });
  agents.push(agent);
  const asked: { message: string; answeredAt: number }[] = [];
  agent.client.setRequestHandler(ElicitRequestSchema, async (request) => {
    await delay(waitMs);
    asked.push({ message: request.params.message, answeredAt: Date.now() });
    return answer(request);
  });
  return { agent, asked };
}

/** Every frame of the session, read through the frames resource template page by page. */
async function allFrames(agent: AgentClient, session: string): Promise<FramePage['frames']> {
  const frames: FramePage['frames'] = [];
  let next: string | undefined = `loupe://sessions/${session}/frames/pages/1`;
  while (next) {
    const read = await agent.client.readResource({ uri: next });
    const content = read.contents[0];
    const page = JSON.parse(content && 'text' in content ? content.text : '{}') as FramePage;
    frames.push(...page.frames);
    next = page.next;
  }
  return frames;
}

const toolCalls = (frames: FramePage['frames'], tool: string) =>
  frames.filter((frame) => frame.method === 'tools/call' && frame.raw.includes(`"name":"${tool}"`));

describe('a call that may change things waits for the person', () => {
  it('asked through the host, yes after 2.5 s: the server sees the call only after the yes; read-only calls are not asked', async () => {
    const { agent, asked } = await askingAgent(() => ({ action: 'accept', content: { allow: true } }), 2500);
    const session = String((await callAgent(agent.client, 'open_session', { server: 'everything' })).session);
    const started = Date.now();
    const called = await callAgent(agent.client, 'call_tool', { session, tool: 'toggle-simulated-logging' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
    expect(called).toMatchObject({
      isError: false,
      asked: { via: 'host', because: 'does not annotate it read-only' },
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toMatch(/agent-test-host 1\.0\.0.*"toggle-simulated-logging".*Allow\?/s);
    const [request] = toolCalls(await allFrames(agent, session), 'toggle-simulated-logging');
    expect(request?.direction).toBe('out');
    expect(request?.wall).toBeGreaterThanOrEqual(asked[0]?.answeredAt ?? Infinity);
    // Annotated read-only: no question.
    const sum = await callAgent(agent.client, 'call_tool', {
      session,
      tool: 'get-sum',
      arguments: { a: 1, b: 2 },
    });
    expect(sum).not.toHaveProperty('asked');
    expect(asked).toHaveLength(1);
  }, 120_000);

  it('a no after 1.5 s is call-declined, and the server never receives the call', async () => {
    const { agent, asked } = await askingAgent(() => ({ action: 'accept', content: { allow: false } }), 1500);
    const session = String((await callAgent(agent.client, 'open_session', { server: 'everything' })).session);
    const refused = await refusal(agent.client, 'call_tool', {
      session,
      tool: 'simulate-research-query',
      arguments: { topic: 'x' },
    });
    expect(refused.kind).toBe('call-declined');
    expect(refused.message).toMatch(/The person declined.*through your host/);
    expect(asked).toHaveLength(1);
    expect(toolCalls(await allFrames(agent, session), 'simulate-research-query')).toEqual([]);
    // A host that cancels its form is a no too.
    const cancelled = await askingAgent(() => ({ action: 'cancel' }), 500);
    const other = String(
      (await callAgent(cancelled.agent.client, 'open_session', { server: 'everything' })).session,
    );
    expect(
      (
        await refusal(cancelled.agent.client, 'call_tool', {
          session: other,
          tool: 'toggle-subscriber-updates',
        })
      ).kind,
    ).toBe('call-declined');
  }, 120_000);

  it('"allow every such call on this session" is asked once, and only for that session', async () => {
    const { agent, asked } = await askingAgent(
      () => ({ action: 'accept', content: { allow: true, remember: true } }),
      1000,
    );
    const session = String((await callAgent(agent.client, 'open_session', { server: 'everything' })).session);
    await callAgent(agent.client, 'call_tool', { session, tool: 'toggle-simulated-logging' });
    const again = await callAgent(agent.client, 'call_tool', { session, tool: 'toggle-subscriber-updates' });
    expect(again).not.toHaveProperty('asked');
    expect(asked).toHaveLength(1);
    const second = String((await callAgent(agent.client, 'open_session', { server: 'everything' })).session);
    await callAgent(agent.client, 'call_tool', { session: second, tool: 'toggle-simulated-logging' });
    expect(asked).toHaveLength(2);
  }, 120_000);
});

describe('only configured or approved targets', () => {
  const unconfigured = { command: process.execPath, args: [serverPaths.paginating, '--tools', '7'] };

  it('an unconfigured command opens after the yes (2 s), and is refused by a no', async () => {
    const yes = await askingAgent(() => ({ action: 'accept', content: { allow: true } }), 2000);
    const opened = await callAgent(yes.agent.client, 'open_session', unconfigured);
    expect(opened).toMatchObject({ source: 'approved', serverInfo: { name: 'loupe-paginating-server' } });
    expect(yes.asked[0]?.message).toMatch(
      /run this command on your machine, as you: .*paginating\.mjs --tools 7.*Allow it to open this server\?/s,
    );
    const listed = await callAgent(yes.agent.client, 'list', {
      session: String(opened.session),
      kind: 'tools',
    });
    expect(listed.count).toBe(9);
    const no = await askingAgent(() => ({ action: 'decline' }), 1000);
    const refused = await refusal(no.agent.client, 'open_session', unconfigured);
    expect(refused.kind).toBe('target-declined');
    expect((await callAgent(no.agent.client, 'list_sessions')).sessions).toEqual([]);
    // A configured server opens without a question.
    await callAgent(no.agent.client, 'open_session', { server: 'paged' });
    expect(no.asked).toHaveLength(1);
    expect((await refusal(no.agent.client, 'open_session', { server: 'nowhere' })).kind).toBe(
      'unknown-server',
    );
  }, 120_000);

  it('with no one to ask (no elicitation, no Loupe running), both are consent-unavailable', async () => {
    const agent = await sdkAgent(folder);
    agents.push(agent);
    const refusedOpen = await refusal(agent.client, 'open_session', unconfigured);
    expect(refusedOpen.kind).toBe('consent-unavailable');
    expect(refusedOpen.message).toMatch(/your host offers no elicitation, and no Loupe app is running/);
    const session = String((await callAgent(agent.client, 'open_session', { server: 'everything' })).session);
    const refusedCall = await refusal(agent.client, 'call_tool', {
      session,
      tool: 'toggle-simulated-logging',
    });
    expect(refusedCall.kind).toBe('consent-unavailable');
    expect(toolCalls(await allFrames(agent, session), 'toggle-simulated-logging')).toEqual([]);
    // The person's --allow-calls lets the call through without asking.
    const allowed = await sdkAgent(folder, { flags: ['--allow-calls'] });
    agents.push(allowed);
    const other = String((await callAgent(allowed.client, 'open_session', { server: 'everything' })).session);
    expect(
      await callAgent(allowed.client, 'call_tool', { session: other, tool: 'toggle-simulated-logging' }),
    ).toMatchObject({ isError: false });
  }, 120_000);
});

describe('a runaway agent', () => {
  it('is rate-limited past --rate 3/60s, told how long to wait', async () => {
    const agent = await sdkAgent(folder, { flags: ['--rate', '3/60s'] });
    agents.push(agent);
    for (let index = 0; index < 3; index += 1) await callAgent(agent.client, 'list_targets');
    const limited = await refusal(agent.client, 'list_targets');
    expect(limited.kind).toBe('rate-limited');
    expect(limited.message).toMatch(/the person allows 3 calls every 60 s/);
    expect(limited.data?.retryAfterMs).toBeGreaterThan(10_000);
    expect(limited.data?.retryAfterMs).toBeLessThanOrEqual(20_000);
  }, 60_000);
});
