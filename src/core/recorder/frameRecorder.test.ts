import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../shared/frames.js';
import { FrameRecorder } from './frameRecorder.js';

describe('FrameRecorder', () => {
  it('classifies valid envelopes and keeps the raw text and UTF-8 byte length', () => {
    const recorder = new FrameRecorder();
    const raw = '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"note":"héllo"}}';
    const [request] = recorder.record('out', raw);
    expect(request.frame).toMatchObject({
      seq: 1,
      direction: 'out',
      kind: 'request',
      method: 'tools/list',
      id: 1,
      raw,
    });
    expect(request.frame.bytes).toBe(raw.length + 1);
    expect(request.message).toEqual(JSON.parse(raw));
    expect(
      recorder.record('in', '{"jsonrpc":"2.0","method":"notifications/message","params":{}}')[0].frame.kind,
    ).toBe('notification');
    expect(
      recorder.record('in', '{"jsonrpc":"2.0","id":"a","error":{"code":-32601,"message":"nope"}}')[0].frame,
    ).toMatchObject({ kind: 'error', id: 'a' });
  });

  it('records garbage and non-envelopes as invalid with the reason', () => {
    const recorder = new FrameRecorder();
    const garbage = recorder.record('in', 'Server starting...')[0];
    expect(garbage.frame.kind).toBe('invalid');
    expect(garbage.frame.parseError).toMatch(/^not JSON: /);
    expect(garbage.message).toBeUndefined();
    expect(recorder.record('in', '{"id":1,"result":{}}')[0].frame.parseError).toBe('"jsonrpc" must be "2.0"');
    expect(recorder.record('in', '42')[0].frame.parseError).toMatch(/a JSON number, expected an object/);
    expect(
      recorder.record('in', '{"jsonrpc":"2.0","id":3,"result":{},"error":{"code":1,"message":"x"}}')[0].frame,
    ).toMatchObject({
      kind: 'invalid',
      id: 3,
      parseError: 'a response has both "result" and "error"',
    });
    expect(recorder.record('in', '')[0].frame.parseError).toBe('empty line');
  });

  it('splits a batch into one frame per element with its exact source text', () => {
    const recorder = new FrameRecorder();
    const raw = '[ {"jsonrpc":"2.0","id":1,"result":{"a":"],}"}} ,{"jsonrpc":"2.0","method":"x"}]';
    const frames = recorder.record('in', raw).map((entry) => entry.frame);
    expect(frames.map((frame) => frame.raw)).toEqual([
      '{"jsonrpc":"2.0","id":1,"result":{"a":"],}"}}',
      '{"jsonrpc":"2.0","method":"x"}',
    ]);
    expect(frames.map((frame) => frame.kind)).toEqual(['response', 'notification']);
    expect(recorder.record('in', '[]')[0].frame.parseError).toBe('empty JSON-RPC batch');
  });

  it('pairs requests and responses by id and direction', () => {
    const recorder = new FrameRecorder();
    recorder.record('out', '{"jsonrpc":"2.0","id":7,"method":"ping"}');
    recorder.record('in', '{"jsonrpc":"2.0","id":7,"method":"roots/list"}');
    const reply = recorder.record('out', '{"jsonrpc":"2.0","id":7,"result":{"roots":[]}}')[0].frame;
    const response = recorder.record('in', '{"jsonrpc":"2.0","id":7,"result":{}}')[0].frame;
    const stray = recorder.record('in', '{"jsonrpc":"2.0","id":"7","result":{}}')[0].frame;
    expect(reply.pairSeq).toBe(2);
    expect(response.pairSeq).toBe(1);
    expect(response.rttMs).toBeGreaterThanOrEqual(0);
    expect(stray.pairSeq).toBeUndefined();
  });

  it('classifies a message Loupe serialized itself exactly as parsing its text would', () => {
    const message = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo' } };
    const raw = JSON.stringify(message);
    const given = new FrameRecorder().record('out', raw, { message })[0];
    const parsed = new FrameRecorder().record('out', raw)[0];
    expect({ ...given.frame, t: 0, wall: 0 }).toEqual({ ...parsed.frame, t: 0, wall: 0 });
    expect(given.frame).toMatchObject({ kind: 'request', method: 'tools/call', id: 3, raw });
    expect(given.message).toEqual(parsed.message);
  });

  it('records stderr and http facts without parsing', () => {
    const recorder = new FrameRecorder();
    const stderr = recorder.record('in', '{"jsonrpc":"2.0","id":1,"result":{}}', { kind: 'stderr' })[0].frame;
    expect(stderr.kind).toBe('stderr');
    expect(stderr.id).toBeUndefined();
    const http = recorder.record('in', '', { kind: 'http', http: { status: 202, method: 'POST' } })[0].frame;
    expect(http).toMatchObject({ kind: 'http', http: { status: 202, method: 'POST' }, bytes: 0 });
  });

  it('is bounded: drops the oldest, counts overflow, pages by seq', () => {
    const recorder = new FrameRecorder({ limit: 3 });
    const seen: number[] = [];
    recorder.subscribe((frame) => seen.push(frame.seq));
    for (let index = 0; index < 5; index++) recorder.record('in', `{"jsonrpc":"2.0","method":"n${index}"}`);
    expect(recorder.stats()).toEqual({ total: 5, held: 3, overflow: 2, limit: 3 });
    expect(recorder.all().map((frame) => frame.method)).toEqual(['n2', 'n3', 'n4']);
    expect(recorder.frames(3).map((frame) => frame.seq)).toEqual([4, 5]);
    expect(recorder.frames(0, 2).map((frame) => frame.seq)).toEqual([3, 4]);
    expect(recorder.frames(5)).toEqual([]);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it('records 100,000 frames, holding the newest 50,000 with their pairs', () => {
    const recorder = new FrameRecorder({ limit: 50_000 });
    for (let index = 0; index < 100_000; index++) {
      recorder.record(
        index % 2 ? 'in' : 'out',
        index % 2
          ? `{"jsonrpc":"2.0","id":${index - 1},"result":{}}`
          : `{"jsonrpc":"2.0","id":${index},"method":"ping"}`,
      );
    }
    expect(recorder.stats()).toMatchObject({ total: 100_000, held: 50_000, overflow: 50_000 });
    expect(recorder.all()[0].seq).toBe(50_001);
    expect(recorder.all()[49_999].pairSeq).toBe(99_999);
    // Its speed is the bench's to measure (bench/sections/recording.mjs), not a timed assertion here.
  });

  it('journals every frame, in order, as JSON Lines, even those dropped from memory', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'loupe-journal-'));
    try {
      const journalPath = join(directory, 'session.jsonl');
      const recorder = new FrameRecorder({ limit: 2, journalPath });
      recorder.record('out', '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}');
      recorder.record('in', 'garbage');
      await recorder.flush();
      recorder.record('in', '{"jsonrpc":"2.0","id":1,"result":{}}');
      recorder.record('in', 'stderr text', { kind: 'stderr' });
      await recorder.close();
      const lines = (await readFile(journalPath, 'utf8')).trimEnd().split('\n');
      const frames = lines.map((line) => JSON.parse(line) as Frame);
      expect(frames.map((frame) => [frame.seq, frame.kind])).toEqual([
        [1, 'request'],
        [2, 'invalid'],
        [3, 'response'],
        [4, 'stderr'],
      ]);
      expect(frames[1].raw).toBe('garbage');
      expect(frames[2].pairSeq).toBe(1);
      expect(recorder.stats()).toMatchObject({ total: 4, held: 2, overflow: 2, journalPath });
      expect(recorder.journalError()).toBeUndefined();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
