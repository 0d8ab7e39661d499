import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../src/core/session/connect.js';
import type { Frame } from '../../../src/shared/frames.js';
import { LoupeError } from '../../../src/shared/errors.js';
import { scripted } from './scripted.js';
import { startEverything, type RunningServer } from './servers.js';

// Started once, each killed by its own test (server start-up dominates the time otherwise).
let legacy: RunningServer;
let streamable: RunningServer;
beforeAll(async () => {
  [legacy, streamable] = await Promise.all([startEverything('sse'), startEverything('streamableHttp')]);
});
afterAll(async () => {
  await Promise.all([legacy?.stop(), streamable?.stop()]);
});

describe('connections that end', () => {
  it('legacy SSE: the server going away ends the session as disconnected', async () => {
    const server = legacy;
    const session = await connect({ transport: 'sse', url: `http://127.0.0.1:${server.port}/sse` });
    try {
      await server.stop();
      await expect(session.closed).resolves.toMatchObject({ kind: 'disconnected' });
      expect(session.isOpen).toBe(false);
      const failure = await session.request('ping').catch((error: unknown) => error);
      expect((failure as LoupeError).detail.kind).toBe('disconnected');
    } finally {
      await session.close();
    }
  });

  it('Streamable HTTP: a request after the server went away is connection-refused and ends the session', async () => {
    const server = streamable;
    const session = await connect({ transport: 'http', url: `http://127.0.0.1:${server.port}/mcp` });
    try {
      await server.stop();
      const failure = await session.request('ping').catch((error: unknown) => error);
      expect((failure as LoupeError).detail.kind).toBe('connection-refused');
      await expect(session.closed).resolves.toMatchObject({ kind: 'disconnected' });
    } finally {
      await session.close();
    }
  });

  it('a request waiting when the session is closed is rejected as disconnected; close never hangs', async () => {
    const session = await connect(
      scripted('/* never answers */', { startup: "process.on('SIGTERM', () => {});" }),
    );
    const pending = session.request('tools/list', {}, { timeoutMs: 5000 }).catch((error: unknown) => error);
    const started = performance.now();
    await session.close();
    expect(performance.now() - started).toBeLessThan(2500);
    expect(((await pending) as LoupeError).detail).toMatchObject({ kind: 'disconnected' });
  });

  it('journals the whole session to JSON Lines when asked', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'loupe-session-'));
    try {
      const journalPath = join(directory, 'journal.jsonl');
      const session = await connect(
        scripted(
          `if (message.id !== undefined) send({ jsonrpc: '2.0', id: message.id, result: { ok: true } });`,
        ),
        {
          journalPath,
          frameLimit: 2,
        },
      );
      await session.request('tools/list', {});
      await session.close();
      const frames = (await readFile(journalPath, 'utf8'))
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as Frame);
      expect(frames.map((frame) => frame.method ?? frame.kind)).toEqual([
        'server/discover',
        'error',
        'initialize',
        'response',
        'notifications/initialized',
        'tools/list',
        'response',
      ]);
      expect(frames.map((frame) => frame.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(session.recorder.stats()).toMatchObject({
        total: 7,
        held: 2,
        overflow: 5,
        limit: 2,
        journalPath,
      });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
