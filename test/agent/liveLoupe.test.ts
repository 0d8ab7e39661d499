/**
 * With a Loupe running (the browser host, reached over its real WebSocket as the page reaches it): the session an
 * agent opens through `loupe mcp` (the built command, the SDK 1.x Client over stdio) shows there live, marked as the
 * agent's, with the frames of what the agent does; a question the agent's host cannot ask (it offers no elicitation)
 * waits there for the person, who answers seconds later; and the person's Stop ends the session — the agent hears
 * 'session-stopped' from then on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../src/shared/sessions.js';
import { requireBuild } from '../cli/loupe.js';
import { startLiveHost, until, type LiveHost } from '../tap/liveHost.js';
import {
  agentFolder,
  callAgent,
  refusal,
  sdkAgent,
  type AgentClient,
  type AgentFolder,
} from './agentHarness.js';

let live: LiveHost;
let folder: AgentFolder;
let agent: AgentClient;

beforeAll(async () => {
  requireBuild();
  live = await startLiveHost();
  folder = agentFolder();
  agent = await sdkAgent(folder, { env: { LOUPE_RUNTIME_DIR: live.paths.directory } });
}, 60_000);

afterAll(async () => {
  await agent?.close();
  await live?.close();
});

/** The session in Loupe that shows the agent's session `id`. */
function shown(id: string): Promise<SessionInfo> {
  return until(`the agent's session ${id} in Loupe`, async () =>
    (await live.api.sessions()).find(
      (info) => info.status.state !== 'idle' && info.status.tapped?.agent?.session === id,
    ),
  );
}

describe("an agent's session in a running Loupe", () => {
  it('shows live as the agent’s, asks the person there, and stops when the person says so', async () => {
    const session = String((await callAgent(agent.client, 'open_session', { server: 'everything' })).session);
    const info = await shown(session);
    const tapped = info.status.state === 'idle' ? undefined : info.status.tapped;
    expect(tapped?.agent).toEqual({ host: 'agent-test-host 1.0.0', session });
    expect(tapped?.label).toBe('agent: agent-test-host 1.0.0 → mcp-servers/everything');
    const inLoupe = live.api.forSession(info.id);
    // What the agent does passes before the person's eyes: its listing's frames.
    await callAgent(agent.client, 'list', { session, kind: 'tools' });
    await until('the tools/list response in Loupe', async () =>
      (await inLoupe.frames(0, 10_000)).find(
        (frame) => frame.direction === 'in' && frame.raw.includes('"get-sum"'),
      ),
    );

    // The agent's host offers no elicitation: the question waits in Loupe, and the person answers after 2 s.
    const started = Date.now();
    const calling = callAgent(agent.client, 'call_tool', { session, tool: 'toggle-simulated-logging' });
    const question = await until(
      'the question in Loupe',
      async () => (await inLoupe.pendingServerRequests())[0],
    );
    expect(question.method).toBe('elicitation/create');
    expect(question.params.message).toMatch(/"toggle-simulated-logging".*Allow\?/s);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await inLoupe.answerServerRequest(
      question.requestId,
      { result: { action: 'accept', content: { allow: true } } },
      'allowed',
    );
    const called = await calling;
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(called).toMatchObject({ isError: false, asked: { via: 'loupe' } });

    // A no in Loupe is final for that call.
    const refusing = refusal(agent.client, 'call_tool', { session, tool: 'toggle-subscriber-updates' });
    const second = await until(
      'the second question in Loupe',
      async () => (await inLoupe.pendingServerRequests())[0],
    );
    await inLoupe.answerServerRequest(
      second.requestId,
      { result: { action: 'accept', content: { allow: false } } },
      'declined',
    );
    expect((await refusing).kind).toBe('call-declined');

    // The person presses Stop.
    await inLoupe.stopAgentSession();
    const stopped = await until('the agent told its session was stopped', async () => {
      const result = await refusal(agent.client, 'list', { session, kind: 'tools' }).catch(() => undefined);
      return result?.kind === 'session-stopped' ? result : undefined;
    });
    expect(stopped.message).toMatch(/The person stopped session/);
    expect((await callAgent(agent.client, 'list_sessions')).sessions).toEqual([]);
    // And Loupe shows it ended.
    await until('the session closed in Loupe', async () =>
      (await inLoupe.status()).state === 'closed' ? true : undefined,
    );
  }, 120_000);
});
