/**
 * Several sessions in one backend, over the in-memory carrier: each session its own connection, recorder and
 * lists; every event tagged with its session; closing one leaves the others; a second client (a reloaded page)
 * finds the sessions with their frames and lists as they were, without asking the server again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createContractClient, memoryChannelPair, serveContract } from '../../src/shared/carrier.js';
import type { LoupeApi } from '../../src/shared/contract.js';
import type { Frame, PushedFrame } from '../../src/shared/frames.js';
import { paginatingServer, startHttpServer, type RunningHttpServer } from '../helpers/servers.js';
import { rejection } from '../helpers/rejection.js';
import { startHarness, type Harness } from './backendHarness.js';

let harness: Harness | undefined;
let http: RunningHttpServer | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await http?.stop();
  http = undefined;
});

function methods(frames: Frame[]): string[] {
  return frames.filter((frame) => frame.direction === 'out' && frame.method).map((frame) => frame.method ?? '');
}

/** A second client on the same backend, as a reloaded page or a second window is. */
function secondClient(current: Harness): LoupeApi {
  const [serverSide, clientSide] = memoryChannelPair();
  serveContract(current.backend.methodsFor, current.backend.events, serverSide, { batchMs: 1 });
  return createContractClient(clientSide);
}

describe('several sessions', () => {
  it('holds a stdio and an HTTP session at once, each with its own frames, lists and tagged events', async () => {
    harness = startHarness();
    http = await startHttpServer('http', ['--tools', '7', '--page-size', '3', '--no-control']);
    const root = harness.api;
    const sessionsSeen: string[][] = [];
    root.on('onSessions', (list) => sessionsSeen.push(list.map((info) => info.id)));
    const statusBySession = new Map<string, string[]>();
    root.on('onStatus', (status, session) => {
      const key = session ?? '(none)';
      statusBySession.set(key, [...(statusBySession.get(key) ?? []), status.state]);
    });

    const first = await root.openSession();
    const second = await root.openSession();
    expect([first.id, second.id]).toEqual(['s1', 's2']);
    expect(first.status).toEqual({ state: 'idle' });
    const one = root.forSession(first.id);
    const two = root.forSession(second.id);

    await one.connect(paginatingServer('--tools', '12', '--page-size', '5', '--no-control'));
    await two.connect(http.target);
    const [toolsOne, toolsTwo] = await Promise.all([one.list('tools'), two.list('tools')]);
    expect(toolsOne.items).toHaveLength(12);
    expect(toolsOne.pages).toHaveLength(3);
    expect(toolsTwo.items).toHaveLength(7);
    expect(toolsTwo.pages).toHaveLength(3);

    const framesOne = await one.frames(0, 1000);
    const framesTwo = await two.frames(0, 1000);
    expect(methods(framesOne).filter((method) => method === 'tools/list')).toHaveLength(3);
    expect(methods(framesTwo).filter((method) => method === 'tools/list')).toHaveLength(3);
    // Each recorder numbers its own frames from 1, and holds only its own server's answers.
    expect(framesOne[0].seq).toBe(1);
    expect(framesTwo[0].seq).toBe(1);
    expect(framesOne.map((frame) => frame.raw).join('\n')).toContain('"tool_0012"');
    expect(framesTwo.map((frame) => frame.raw).join('\n')).not.toContain('"tool_0012"');
    expect((await one.status()).state).toBe('connected');
    expect(await two.status()).toMatchObject({ state: 'connected', target: http.target });

    expect((await root.sessions()).map((info) => [info.id, info.status.state])).toEqual([
      ['s1', 'connected'],
      ['s2', 'connected'],
    ]);
    // Events come in batches, maybe after the answers above. Polled: the harness's own onStatus listener runs
    // before this test's, so a predicate on statusBySession checked there misses the event that completes it.
    const heardBy = Date.now() + 15_000;
    while (!(statusBySession.get('s2') ?? []).includes('connected') && Date.now() < heardBy) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(statusBySession.get('s1')).toEqual(['connecting', 'connected']);
    expect(statusBySession.get('s2')).toEqual(['connecting', 'connected']);
    expect(statusBySession.has('(none)')).toBe(false);
    expect(sessionsSeen.at(-1)).toEqual(['s1', 's2']);

    // A bound API hears only its own session's frames.
    const heardByTwo: PushedFrame[] = [];
    two.on('onFrames', (batch) => heardByTwo.push(...batch));
    const before = (await two.frames(0, 1000)).length;
    await one.list('prompts').catch(() => undefined);
    await two.list('prompts').catch(() => undefined);
    const allOfTwo = await two.frames(0, 1000);
    expect(allOfTwo.length).toBeGreaterThan(before);
    const last = allOfTwo.at(-1)?.seq ?? 0;
    const deadline = Date.now() + 5000;
    while (!heardByTwo.some((frame) => frame.seq === last) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    // Everything heard is session 2's own (same seq, same bytes); session 1's prompts/list is not among it.
    const heardNew = heardByTwo.filter((frame) => frame.seq > before);
    // (Its prompts/list page crossed without its text, as list pages do: its recorded moment and length are its own.)
    expect(heardNew.map((frame) => [frame.seq, frame.wall, frame.bytes])).toEqual(allOfTwo.slice(before).map((frame) => [frame.seq, frame.wall, frame.bytes]));
    for (const frame of heardByTwo) if (frame.raw !== undefined) expect(frame.raw).toBe(allOfTwo[frame.seq - 1].raw);

    // Closing one session ends its connection; the other goes on.
    await one.closeSession();
    expect((await root.sessions()).map((info) => info.id)).toEqual(['s2']);
    expect((await two.list('tools')).items).toHaveLength(7);
    const gone = await rejection(one.status());
    expect(gone.kind).toBe('no-session');
    expect(gone.message).toContain('s1');
    // Events are batched: the closing's onSessions may land after closeSession resolved.
    await harness.waitFor('onSessions', (list) => list.length === 1 && list[0].id === 's2');
    expect(sessionsSeen.at(-1)).toEqual(['s2']);
  });

  it('a second client finds the sessions, their frames, kept lists, calls and list changes, and no new request is sent', async () => {
    harness = startHarness();
    const root = harness.api;
    const opened = await root.openSession();
    const session = root.forSession(opened.id);
    await session.connect(paginatingServer('--tools', '9', '--page-size', '4'));
    await session.list('tools');
    const echoed = await session.callTool({ tool: 'echo', arguments: { text: 'kept' }, callId: 'c-echo' });
    expect(echoed.isError).toBe(false);
    await session.callTool({ tool: 'trigger_list_changed', arguments: {}, callId: 'c-trigger' });
    await harness.waitFor('onListChanged', ({ result }) => result.kind === 'tools');
    const framesBefore = await session.frames(0, 1000);

    const reloaded = secondClient(harness);
    const found = await reloaded.sessions();
    expect(found.map((info) => [info.id, info.status.state])).toEqual([[opened.id, 'connected']]);
    const again = reloaded.forSession(opened.id);
    const kept = await again.keptLists();
    // 9 numbered + echo + trigger; the change added added_1 and removed tool_0001.
    expect(kept.map((result) => [result.kind, result.items.length, result.complete])).toEqual([['tools', 11, true]]);
    const calls = await again.keptCalls();
    expect(calls.map((call) => [call.callId, call.tool, call.state])).toEqual([
      ['c-echo', 'echo', 'done'],
      ['c-trigger', 'trigger_list_changed', 'done'],
    ]);
    expect(calls[0].arguments).toEqual({ text: 'kept' });
    expect(calls[0].outcome?.result.content).toEqual([{ type: 'text', text: 'kept' }]);
    const changes = await again.keptListChanges();
    expect(changes.map((change) => [change.diff.kind, change.diff.added, change.diff.removed])).toEqual([
      ['tools', ['added_1'], ['tool_0001']],
    ]);
    expect(changes[0].before.map((item) => item.name)).toContain('tool_0001');
    expect(changes[0].result.items.map((item) => item.name)).toContain('added_1');
    const framesAfter = await again.frames(0, 1000);
    expect(framesAfter.map((frame) => [frame.seq, frame.raw])).toEqual(framesBefore.map((frame) => [frame.seq, frame.raw]));
    expect(await again.pendingServerRequests()).toEqual([]);
  });

  it('calls naming no session go to the first session, opened on demand; a foreign session name is refused', async () => {
    harness = startHarness();
    const root = harness.api;
    expect(await root.sessions()).toEqual([]);
    // Settings and the like name no session and open none.
    await root.getSettings();
    expect(await root.sessions()).toEqual([]);
    await root.connect(paginatingServer('--tools', '3', '--no-control'));
    const listed = await root.sessions();
    expect(listed.map((info) => [info.id, info.status.state])).toEqual([['s1', 'connected']]);
    expect((await root.forSession('s1').list('tools')).items).toHaveLength(3);

    const unknown = await rejection(root.forSession('s99').list('tools'));
    expect(unknown.kind).toBe('no-session');
    expect(unknown.message).toContain('s99');
  });
});
