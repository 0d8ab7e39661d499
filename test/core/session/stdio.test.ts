import { describe, expect, it } from 'vitest';
import { LoupeError } from '../../../src/shared/errors.js';
import type { Frame } from '../../../src/shared/frames.js';
import { isJsonObject } from '../../../src/shared/json.js';
import { connect } from '../../../src/core/session/connect.js';
import { FrameRecorder } from '../../../src/core/recorder/frameRecorder.js';
import { everythingStdio } from './servers.js';
import { trackedSessions } from './trackedSessions.js';

const open = trackedSessions();

describe('stdio session against server-everything', () => {
  it('fills the handshake and records the initialize exchange', async () => {
    const seen: Frame[] = [];
    const session = await open(everythingStdio, { onFrame: (frame) => seen.push(frame) });
    const { handshake } = session;
    expect(handshake.transport).toBe('stdio');
    expect(handshake.requestedProtocolVersion).toBe('2025-11-25');
    expect(handshake.protocolVersion).toBe('2025-11-25');
    expect(handshake.serverInfo?.name).toBe('mcp-servers/everything');
    expect(isJsonObject(handshake.capabilities.tools)).toBe(true);
    expect(handshake.instructions?.length).toBeGreaterThan(0);
    expect(handshake.sessionId).toBeUndefined();
    expect(handshake.roundTripMs).toBeGreaterThan(0);

    const frames = session.recorder.frames();
    const request = frames.find((frame) => frame.method === 'initialize');
    const response = frames.find((frame) => frame.kind === 'response' && frame.pairSeq === request?.seq);
    expect(request?.direction).toBe('out');
    expect(JSON.parse(request?.raw ?? '{}')).toMatchObject({
      params: { clientInfo: { name: 'loupe' }, capabilities: {} },
    });
    expect(response?.direction).toBe('in');
    expect(response?.rttMs).toBe(handshake.roundTripMs);
    expect(
      frames.some((frame) => frame.method === 'notifications/initialized' && frame.direction === 'out'),
    ).toBe(true);
    expect(seen.map((frame) => frame.seq)).toEqual(frames.map((frame) => frame.seq).slice(0, seen.length));
  });

  it('lists tools with the result exactly as the frame carries it', async () => {
    const session = await open(everythingStdio);
    const response = await session.request('tools/list', {});
    const tools = response.result.tools;
    expect(Array.isArray(tools)).toBe(true);
    expect(Array.isArray(tools) && tools.length).toBeGreaterThanOrEqual(10);
    const frame = session.recorder.frames().find((candidate) => candidate.seq === response.responseSeq);
    expect(frame?.pairSeq).toBe(response.requestSeq);
    expect(frame?.rttMs).toBe(response.rttMs);
    expect(response.result).toEqual((JSON.parse(frame?.raw ?? '{}') as { result: unknown }).result);
    const request = session.recorder.frames().find((candidate) => candidate.seq === response.requestSeq);
    expect(request).toMatchObject({ direction: 'out', kind: 'request', method: 'tools/list' });
  });

  it('calls echo and answers ping', async () => {
    const session = await open(everythingStdio);
    const echo = await session.request('tools/call', { name: 'echo', arguments: { message: 'héllo loupe' } });
    expect(echo.result.content).toEqual([{ type: 'text', text: 'Echo: héllo loupe' }]);
    const ping = await session.request('ping');
    expect(ping.result).toEqual({});
    expect(session.isOpen).toBe(true);
  });

  it('rejects an unknown method with method-not-found', async () => {
    const session = await open(everythingStdio);
    const failure = await session.request('no/such/method', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LoupeError);
    expect((failure as LoupeError).detail).toMatchObject({ kind: 'method-not-found', code: -32601 });
  });

  it('close() ends the child and resolves closed with no reason', async () => {
    const session = await connect(everythingStdio);
    await session.close();
    expect(session.isOpen).toBe(false);
    await expect(session.closed).resolves.toBeUndefined();
    await expect(session.request('ping')).rejects.toMatchObject({ detail: { kind: 'disconnected' } });
  });

  it('keeps the frames of a failed connection in a recorder passed in', async () => {
    const recorder = new FrameRecorder();
    const failure = await connect(
      { transport: 'stdio', command: 'loupe-no-such-command-xyz', args: [] },
      { recorder },
    ).catch((error: unknown) => error);
    expect((failure as LoupeError).detail).toMatchObject({ kind: 'command-not-found' });
    expect((failure as LoupeError).message).toContain('loupe-no-such-command-xyz');
    const crashed = await connect(
      {
        transport: 'stdio',
        command: process.execPath,
        args: ['-e', 'process.stderr.write("bad config\\n"); process.exit(4)'],
      },
      { recorder },
    ).catch((error: unknown) => error);
    expect((crashed as LoupeError).detail).toMatchObject({ kind: 'server-exited', code: 4 });
    expect(recorder.all().map((frame) => [frame.kind, frame.raw])).toContainEqual(['stderr', 'bad config']);
    // auto opens with the server/discover probe: the crash answered it, and its frame is kept.
    expect(recorder.all().some((frame) => frame.method === 'server/discover')).toBe(true);
  });
});
