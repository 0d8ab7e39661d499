import { afterEach, describe, expect, it } from 'vitest';
import { buildSnapshot } from '../../../src/core/snapshot/buildSnapshot.js';
import { parseSnapshot } from '../../../src/core/snapshot/parseSnapshot.js';
import { serializeSnapshot } from '../../../src/core/snapshot/serializeSnapshot.js';
import { connect } from '../../../src/core/session/connect.js';
import type { McpSession } from '../../../src/core/types.js';
import { LoupeError } from '../../../src/shared/errors.js';
import type { Frame } from '../../../src/shared/frames.js';
import type { StdioTarget } from '../../../src/shared/target.js';
import { hostileStdioPath } from './hostileServer.js';

const sessions: McpSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

function hostile(mode: string): StdioTarget {
  return { transport: 'stdio', command: process.execPath, args: [hostileStdioPath, '--mode', mode] };
}

/** The session's frames written to a snapshot and read back. */
function snapshotFrames(session: McpSession): Frame[] {
  const snapshot = buildSnapshot({
    target: session.target,
    testedAt: new Date(),
    handshake: session.handshake,
    frames: session.recorder.frames(),
    framesDropped: 0,
    loupeVersion: 'test',
  });
  return parseSnapshot(serializeSnapshot(snapshot)).frames;
}

/** The first stderr frame starting with prefix, waiting (up to 5 s) for it to arrive. */
async function stderrLine(session: McpSession, prefix: string): Promise<Frame | undefined> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = session.recorder
      .frames()
      .find((frame) => frame.kind === 'stderr' && frame.raw.startsWith(prefix));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

/** The answer to initialize (auto probes with server/discover first, so its id is not 1). */
function initializeResponse<F extends { direction: string; id?: string | number; method?: string }>(
  frames: F[],
): F | undefined {
  const request = frames.find((frame) => frame.direction === 'out' && frame.method === 'initialize');
  return frames.find((frame) => frame.direction === 'in' && frame.id === request?.id);
}

// These servers are 2025-era only; the tests are about the wire, so they speak the legacy era outright.
describe('hostile stdio servers', () => {
  it('keeps the exact bytes of a line that is not valid UTF-8 beside its decoded text', async () => {
    const session = await connect(hostile('invalid-utf8'), { timeoutMs: 30_000, protocol: 'legacy' });
    sessions.push(session);
    const listed = await session.request('tools/list');
    const tools = listed.result.tools as { description: string }[];
    expect(tools[0].description).toBe('bad \uFFFD\uFFFD bytes');

    const frames = session.recorder.frames();
    const response = frames.find((frame) => frame.seq === listed.responseSeq);
    expect(response?.kind).toBe('response');
    expect(response?.rawBase64).toBeDefined();
    const exact = Buffer.from(response?.rawBase64 ?? '', 'base64');
    expect([...exact.subarray(exact.indexOf('bad ') + 4, exact.indexOf('bad ') + 6)]).toEqual([0xff, 0xfe]);
    // The server said on stderr exactly which bytes it wrote.
    const said = await stderrLine(session, 'wrote base64:');
    expect(said).toBeDefined();
    expect(response?.rawBase64).toBe(said?.raw.slice('wrote base64:'.length));
    // Valid UTF-8 lines carry no copy of their bytes.
    const initialize = initializeResponse(frames);
    expect(initialize?.kind).toBe('response');
    expect(initialize?.rawBase64).toBeUndefined();
    // A snapshot carries the exact bytes and reads back.
    const saved = snapshotFrames(session).find((frame) => frame.seq === listed.responseSeq);
    expect(saved?.rawBase64).toBe(response?.rawBase64);
  });

  it('stops buffering an endless stdout line at maxFrameBytes and fails the waiting request with frame-too-large', async () => {
    const limit = 1024 * 1024;
    const session = await connect(hostile('giant-line'), {
      timeoutMs: 30_000,
      maxFrameBytes: limit,
      protocol: 'legacy',
    });
    sessions.push(session);
    const outcome = await session.request('tools/list').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(LoupeError);
    const error = outcome as LoupeError;
    expect(error.kind).toBe('frame-too-large');
    expect(error.detail.data).toMatchObject({ limit });
    expect((error.detail.data as { bytesSeen: number }).bytesSeen).toBeGreaterThan(limit);

    const frames = session.recorder.frames();
    const initialize = initializeResponse(frames);
    expect(initialize?.kind).toBe('response');
    expect(initialize?.raw).toContain('hostile-giant-line');
    const truncated = frames.find((frame) => frame.kind === 'invalid');
    expect(truncated?.bytes).toBeLessThanOrEqual(limit);
    expect(truncated?.raw).toMatch(/^\{"jsonrpc":"2\.0","id":\d+,"result":\{"tools":\[\{"name":"giant"/);
    expect(truncated?.parseError).toContain('maxFrameBytes');
    expect(session.isOpen).toBe(true);
    // The session is still savable, the truncated frame included.
    const saved = snapshotFrames(session);
    expect(saved.find((frame) => frame.kind === 'invalid')?.raw).toBe(truncated?.raw);
    expect(saved.find((frame) => frame.direction === 'in' && frame.id === 1)?.kind).toBe('response');
  });
});
