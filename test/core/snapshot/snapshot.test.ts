import { mkdtemp, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { walkList } from '../../../src/core/lists/pageWalker.js';
import { connect } from '../../../src/core/session/connect.js';
import { buildSnapshot } from '../../../src/core/snapshot/buildSnapshot.js';
import { parseSnapshot } from '../../../src/core/snapshot/parseSnapshot.js';
import { readSnapshot } from '../../../src/core/snapshot/readSnapshot.js';
import { serializeSnapshot } from '../../../src/core/snapshot/serializeSnapshot.js';
import { writeSnapshot } from '../../../src/core/snapshot/writeSnapshot.js';
import type { McpSession } from '../../../src/core/types.js';
import { LoupeError } from '../../../src/shared/errors.js';
import type { Snapshot } from '../../../src/shared/snapshot.js';
import type { Target } from '../../../src/shared/target.js';
import { expectedViolations } from '../../helpers/violations.js';
import { faultServer, startHttpServer, type RunningHttpServer } from '../../helpers/servers.js';

let directory = '';
const sessions: McpSession[] = [];
const servers: RunningHttpServer[] = [];

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'loupe-snapshot-'));
});

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

/** Connects, walks tools, calls echo with `echo` (so the server sends it back), and builds the snapshot. */
async function record(target: Target & { transport: 'stdio' | 'http' | 'sse' | 'auto' }, echo?: string): Promise<Snapshot> {
  const session = await connect(target, { timeoutMs: 5_000 });
  sessions.push(session);
  const tools = await walkList(session, 'tools');
  if (echo !== undefined) await session.request('tools/call', { name: 'echo', arguments: { text: echo } });
  return buildSnapshot({
    target,
    testedAt: new Date('2026-11-29T12:00:00.000Z'),
    handshake: session.handshake,
    tools,
    frames: session.recorder.frames(),
    framesDropped: session.recorder.stats().overflow,
    loupeVersion: '0.1.0-test',
  });
}

function snapshotError(text: string): LoupeError {
  try {
    parseSnapshot(text);
  } catch (error) {
    if (error instanceof LoupeError) return error;
    throw error;
  }
  throw new Error('parseSnapshot accepted the text');
}

describe('buildSnapshot from a real session', () => {
  it('records the facts of the exchange and round-trips through the file exactly', async () => {
    const snapshot = await record(faultServer('--violations', '--no-control', '--page-size', '6'));
    expect(snapshot.format).toBe('loupe.snapshot/1');
    expect(snapshot.testedAt).toBe('2026-11-29T12:00:00.000Z');
    expect(snapshot.connected).toBe(true);
    expect(snapshot.transport).toBe('stdio');
    expect(snapshot.serverInfo).toEqual({ name: 'loupe-fault-server', version: '1.0.0' });
    expect(snapshot.instructions).toBe('A test server that misbehaves on purpose.');
    expect(snapshot.toolCount).toBe(20);
    expect(snapshot.toolNames[5]).toBe('dup_tool');
    expect(snapshot.toolNames.filter((name) => name === 'dup_tool')).toHaveLength(2);
    expect(snapshot.anyToolDescribed).toBe(true);
    expect(snapshot.pages).toHaveLength(4);
    expect(snapshot.roundTripMs).toBe(snapshot.pages[0].rttMs);
    expect(snapshot.toolsComplete).toBe(true);
    expect(snapshot.findings.map((finding) => [finding.code, finding.tool, finding.index])).toEqual([
      ...expectedViolations,
      ['deprecated-feature', undefined, undefined],
    ]);
    // The fault server declares logging, which MCP 2026-07-28 deprecates: a session-level info finding.
    expect(snapshot.findings.at(-1)?.message).toMatch(/^The server declares the logging capability\. Logging is deprecated as of MCP 2026-07-28/);
    expect(snapshot.summary.toolCount).toBe(20);
    expect(snapshot.frames.some((frame) => frame.kind === 'stderr' && frame.raw.includes('fault server: started'))).toBe(true);
    expect(snapshot.frames.filter((frame) => frame.method === 'tools/list' && frame.kind === 'request')).toHaveLength(4);

    const path = join(directory, 'round-trip.json');
    await writeSnapshot(path, snapshot);
    expect(await readSnapshot(path)).toEqual(snapshot);
    expect(await readFile(path, 'utf8')).toBe(serializeSnapshot(snapshot));
  });

  it('says no tool is described when every description is absent or blank', async () => {
    const snapshot = await record(faultServer('--violations', '--no-control'));
    const blank = buildSnapshot({
      target: { transport: 'demo' },
      testedAt: '2026-11-29T12:00:00Z',
      tools: {
        kind: 'tools',
        items: [{ name: 'a', description: ' ' }, { name: 'b' }, { name: 'c', description: '' }],
        pages: [{ index: 1, itemCount: 3, rttMs: 4.5 }],
        complete: true,
        startedAt: 0,
        endedAt: 5,
      },
      frames: snapshot.frames,
      framesDropped: 3,
      loupeVersion: 'x',
    });
    expect(blank).toMatchObject({ anyToolDescribed: false, toolCount: 3, toolNames: ['a', 'b', 'c'], roundTripMs: 4.5, framesDropped: 3, connected: false });
    expect(blank.testedAt).toBe('2026-11-29T12:00:00.000Z');
    expect(parseSnapshot(serializeSnapshot(blank))).toEqual(blank);
  });

  it('records a failed connection with its error and no tools', () => {
    const snapshot = buildSnapshot({
      target: { transport: 'stdio', command: 'no-such-command', args: [] },
      testedAt: new Date(0),
      error: { kind: 'command-not-found', message: 'no-such-command: command not found' },
      frames: [],
      framesDropped: 0,
      loupeVersion: 'x',
    });
    expect(snapshot).toMatchObject({ connected: false, error: { kind: 'command-not-found' }, toolCount: 0, roundTripMs: null, toolsComplete: false, pages: [] });
    expect(snapshot.summary.nameLength).toBeNull();
    expect(parseSnapshot(serializeSnapshot(snapshot))).toEqual(snapshot);
  });
});

describe('redaction', () => {
  it('keeps a secret env value out of the file even where the server echoes it', async () => {
    const token = 'tok-3f9a8b7c6d5e';
    const base = faultServer();
    const target: Target = { ...base, args: [...base.args, '--api-key', 'argument-secret-42'], env: { API_TOKEN: token, MODE: 'visible-mode' } };
    const snapshot = await record(target, `echo ${token} back`);
    const text = serializeSnapshot(snapshot);
    expect(text).not.toContain(token);
    expect(text).not.toContain('argument-secret-42');
    expect(snapshot.target).toMatchObject({ env: { API_TOKEN: '[redacted]', MODE: 'visible-mode' } });
    expect(snapshot.target.transport === 'stdio' && snapshot.target.args.slice(-2)).toEqual(['--api-key', '[redacted]']);
    const echoed = snapshot.frames.filter((frame) => frame.raw.includes('echo [redacted] back'));
    expect(echoed.map((frame) => frame.direction).sort()).toEqual(['in', 'out']);
  });

  it('keeps an Authorization header value out of the file over HTTP, also when only the credential is echoed', async () => {
    const server = await startHttpServer('http', ['--tools', '3']);
    servers.push(server);
    const credential = 'abc.def.ghi-SECRET"quote';
    const target: Target = {
      transport: 'http',
      url: `${server.url}?access_token=query-secret-99&page=1`,
      headers: [
        { name: 'Authorization', value: `Bearer ${credential}` },
        { name: 'X-Trace', value: 'trace-visible' },
      ],
    };
    const snapshot = await record(target, `the credential is ${credential}`);
    const text = serializeSnapshot(snapshot);
    expect(text).not.toContain('abc.def.ghi-SECRET');
    expect(text).not.toContain('query-secret-99');
    expect(text).toContain('trace-visible');
    expect(snapshot.target).toMatchObject({ headers: [{ name: 'Authorization', value: '[redacted]' }, { name: 'X-Trace', value: 'trace-visible' }] });
    expect(snapshot.target.transport === 'http' && snapshot.target.url).toContain('access_token=%5Bredacted%5D');
    expect(snapshot.frames.some((frame) => frame.raw.includes('the credential is [redacted]'))).toBe(true);
  });
});

describe('writeSnapshot', () => {
  it('replaces the file by rename, leaving no temporary file behind', async () => {
    const snapshot = buildSnapshot({ target: { transport: 'demo' }, testedAt: new Date(0), frames: [], framesDropped: 0, loupeVersion: 'x' });
    const path = join(directory, 'atomic.json');
    await writeFile(path, 'old contents');
    const before = await stat(path);
    await writeSnapshot(path, snapshot);
    const after = await stat(path);
    expect(after.ino).not.toBe(before.ino);
    expect(await readFile(path, 'utf8')).toBe(serializeSnapshot(snapshot));
    expect((await readdir(directory)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('fails with io-error into a missing directory and writes nothing', async () => {
    const snapshot = buildSnapshot({ target: { transport: 'demo' }, testedAt: new Date(0), frames: [], framesDropped: 0, loupeVersion: 'x' });
    const error = await writeSnapshot(join(directory, 'missing', 'x.json'), snapshot).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LoupeError);
    expect((error as LoupeError).kind).toBe('io-error');
    expect((error as LoupeError).message).toContain(join(directory, 'missing', 'x.json'));
  });
});

describe('parseSnapshot and readSnapshot on bad files', () => {
  const valid = serializeSnapshot(
    buildSnapshot({
      target: { transport: 'stdio', command: 'node', args: ['server.js'] },
      testedAt: new Date(0),
      handshake: {
        transport: 'stdio',
        requestedProtocolVersion: '2025-11-25',
        protocolVersion: '2025-11-25',
        serverInfo: { name: 's', version: '1' },
        capabilities: { tools: {} },
        roundTripMs: 3,
      },
      tools: { kind: 'tools', items: [{ name: 'a', inputSchema: { type: 'object' } }], pages: [{ index: 1, itemCount: 1, rttMs: 2 }], complete: true, startedAt: 0, endedAt: 1 },
      frames: [
        { seq: 1, t: 0.5, wall: 1, direction: 'out', kind: 'request', raw: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}', bytes: 46, method: 'tools/list', id: 1 },
        { seq: 2, t: 2.5, wall: 3, direction: 'in', kind: 'invalid', raw: 'garbage', bytes: 7, parseError: 'not JSON' },
      ],
      framesDropped: 0,
      loupeVersion: 'x',
    }),
  );
  const mutate = (change: (value: Record<string, unknown>) => void): string => {
    const value = JSON.parse(valid) as Record<string, unknown>;
    change(value);
    return JSON.stringify(value);
  };

  it('accepts a valid file', () => {
    expect(parseSnapshot(valid).toolNames).toEqual(['a']);
  });

  const cases: [string, string, RegExp][] = [
    ['text that is not JSON', '{"format": "loupe.snapshot/1", ', /not JSON/],
    ['an empty file', '', /the file is empty/],
    ['a JSON array', '[1, 2]', /holds a JSON array, not an object/],
    ['no format', mutate((value) => delete value.format), /no "format" field/],
    ['a foreign format', mutate((value) => (value.format = 'har/1.2')), /its format is "har\/1\.2", expected "loupe\.snapshot\/1"/],
    ['a newer version', mutate((value) => (value.format = 'loupe.snapshot/2')), /format version 2 .*reads version 1/],
    ['a missing field', mutate((value) => delete value.toolCount), /toolCount is missing/],
    ['a mistyped field', mutate((value) => (value.connected = 'yes')), /connected should be true or false, found the string "yes"/],
    ['a bad time', mutate((value) => (value.testedAt = 'yesterday')), /testedAt should be an ISO 8601 time/],
    ['a malformed frame', mutate((value) => ((value.frames as Record<string, unknown>[])[1].raw = 42)), /frames\[1\]\.raw should be a string, found the number 42/],
    ['a frame with an unknown direction', mutate((value) => ((value.frames as Record<string, unknown>[])[0].direction = 'up')), /frames\[0\]\.direction should be one of "in", "out"/],
    ['frames that are not a list', mutate((value) => (value.frames = {})), /frames should be an array, found an object/],
    ['an unknown finding code', mutate((value) => (value.findings = [{ code: 'made-up', severity: 'info', message: 'm' }])), /findings\[0\]\.code should be one of/],
    ['a bad target', mutate((value) => ((value.target as Record<string, unknown>).args = 'server.js')), /target\.args should be an array/],
    ['counts that disagree with the tools', mutate((value) => (value.toolCount = 5)), /toolCount \(5\) .* the 1 tools/],
    // JSON.parse reads 1e999 as Infinity: the message names the literal, not "should be a number, found a number".
    ['a round trip of 1e999', valid.replace(/"roundTripMs": ?[\d.]+/, '"roundTripMs": 1e999'), /^Invalid snapshot: roundTripMs is not a finite number \(1e999 overflows\)\.$/],
    ['a frame time of -2e400', valid.replace(/"t": ?2\.5/, '"t": -2e400'), /^Invalid snapshot: frames\[1\]\.t is not a finite number \(-2e400 overflows\)\.$/],
    ['a fractional count', mutate((value) => (value.framesDropped = 1.5)), /^Invalid snapshot: framesDropped should be a whole number ≥ 0, found the number 1\.5\.$/],
  ];
  for (const [name, text, message] of cases) {
    it(`rejects ${name} with snapshot-invalid naming the cause`, () => {
      const error = snapshotError(text);
      expect(error.kind).toBe('snapshot-invalid');
      expect(error.message).toMatch(message);
    });
  }

  it('gives io-error for a missing file and names the file for a corrupt one', async () => {
    const missing = join(directory, 'nope.json');
    await expect(readSnapshot(missing)).rejects.toMatchObject({ detail: { kind: 'io-error', message: `No snapshot file at ${missing}.` } });
    const corrupt = join(directory, 'corrupt.json');
    await writeFile(corrupt, valid.slice(0, valid.length / 2));
    const error = await readSnapshot(corrupt).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LoupeError);
    expect((error as LoupeError).kind).toBe('snapshot-invalid');
    expect((error as LoupeError).message).toContain(`${corrupt}: Not a Loupe snapshot: the file is not JSON`);
  });
});

describe('redaction of short values', () => {
  it('redacts a short secret-looking value in the target but does not scrub it from other text', () => {
    const snapshot = buildSnapshot({
      target: { transport: 'stdio', command: 'node', args: [], env: { KEYBOARD: 'yes', SECRET: 'hunter22' } },
      testedAt: new Date(0),
      tools: {
        kind: 'tools',
        items: [{ name: 'ask', description: 'Answers yes, never hunter22.' }],
        pages: [{ index: 1, itemCount: 1, rttMs: 1 }],
        complete: true,
        startedAt: 0,
        endedAt: 1,
      },
      frames: [],
      framesDropped: 0,
      loupeVersion: 'x',
    });
    expect(snapshot.target).toMatchObject({ env: { KEYBOARD: '[redacted]', SECRET: '[redacted]' } });
    expect(snapshot.tools[0].description).toBe('Answers yes, never [redacted].');
  });
});
