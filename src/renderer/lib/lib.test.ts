import { describe, expect, it } from 'vitest';
import { niceTicks } from './chartScale';
import type { JsonObject } from '../../shared/json';
import { frame } from '../testing/fakeBackend';
import { FrameIndex } from './frameFilter';
import { FrameLog } from './frameLog';
import { computeTimings, percentile } from './timings';
import { formToTarget, splitArgs, targetToForm, emptyForm } from './targetForm';
import { buildHaystacks, filterHaystacks } from './toolFilter';

describe('FrameLog', () => {
  it('appends in place, skips frames it already holds, and finds by seq across gaps', () => {
    const log = new FrameLog();
    const array = log.frames;
    expect(log.append([frame(1), frame(2), frame(5)])).toBe(3);
    expect(log.append([frame(5), frame(6)])).toBe(1);
    expect(log.frames).toBe(array);
    expect(log.frames.map((f) => f.seq)).toEqual([1, 2, 5, 6]);
    expect(log.bySeq(5)?.seq).toBe(5);
    expect(log.bySeq(3)).toBeUndefined();
    expect(log.lastSeq).toBe(6);
  });
});

describe('FrameIndex', () => {
  const all = { method: '', direction: 'all' as const, text: '', terms: [] };

  it('extends its positions as frames arrive, and honours filters, clear and pause', () => {
    const log = new FrameLog();
    const index = new FrameIndex();
    log.append([
      frame(1),
      frame(2, {
        direction: 'in',
        kind: 'response',
        method: undefined,
        pairSeq: 1,
        rttMs: 4,
        raw: '{"id":1,"result":{"hello":true}}',
      }),
    ]);
    expect(index.compute({ log, filter: all, clearedThroughSeq: 0, limit: log.length })).toEqual([0, 1]);
    log.append([frame(3, { method: 'ping', raw: '{"method":"ping"}' })]);
    expect(index.compute({ log, filter: all, clearedThroughSeq: 0, limit: log.length })).toEqual([0, 1, 2]);
    // A response is found by its request's method.
    expect(
      index.compute({ log, filter: { ...all, method: 'tools/' }, clearedThroughSeq: 0, limit: log.length }),
    ).toEqual([0, 1]);
    expect(
      index.compute({ log, filter: { ...all, direction: 'in' }, clearedThroughSeq: 0, limit: log.length }),
    ).toEqual([1]);
    expect(
      index.compute({ log, filter: { ...all, text: 'HELLO' }, clearedThroughSeq: 0, limit: log.length }),
    ).toEqual([1]);
    expect(index.compute({ log, filter: all, clearedThroughSeq: 2, limit: log.length })).toEqual([2]);
    expect(index.compute({ log, filter: all, clearedThroughSeq: 0, limit: 1 })).toEqual([0]);
  });
});

describe('timings', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.95)).toBe(95);
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([], 0.5)).toBe(0);
  });

  it('groups round trips by the method of the request each response answers', () => {
    const log = FrameLog.of([
      frame(1, { method: 'initialize' }),
      frame(2, { direction: 'in', kind: 'response', method: undefined, pairSeq: 1, rttMs: 30 }),
      frame(3, { method: 'tools/list' }),
      frame(4, { direction: 'in', kind: 'response', method: undefined, pairSeq: 3, rttMs: 5 }),
      frame(5, { method: 'tools/list' }),
      frame(6, { direction: 'in', kind: 'error', method: undefined, pairSeq: 5, rttMs: 9 }),
    ]);
    const { methods, points } = computeTimings(log);
    expect(methods).toEqual([
      { method: 'tools/list', count: 2, p50: 5, p95: 9, max: 9 },
      { method: 'initialize', count: 1, p50: 30, p95: 30, max: 30 },
    ]);
    expect(points.map((point) => point.rttMs)).toEqual([30, 5, 9]);
  });
});

describe('connection form', () => {
  it('splits arguments like a shell', () => {
    expect(splitArgs(`server.js --name "two words" 'single q' a\\ b ""`)).toEqual([
      'server.js',
      '--name',
      'two words',
      'single q',
      'a b',
      '',
    ]);
  });

  it('builds stdio and URL targets and rejects malformed lines', () => {
    expect(
      formToTarget({
        ...emptyForm,
        command: 'node',
        args: 'x.js -v',
        env: 'A=1\n# comment\nB=two=2',
        cwd: '/tmp',
      }),
    ).toEqual({
      target: {
        transport: 'stdio',
        command: 'node',
        args: ['x.js', '-v'],
        env: { A: '1', B: 'two=2' },
        cwd: '/tmp',
      },
    });
    expect(formToTarget({ ...emptyForm, command: 'node', env: 'novalue' })).toEqual({
      error: 'Environment line “novalue” is not NAME=value.',
    });
    expect(
      formToTarget({
        ...emptyForm,
        transport: 'http',
        url: 'http://127.0.0.1:3001/mcp',
        headers: 'Authorization: Bearer x:y',
      }),
    ).toEqual({
      target: {
        transport: 'http',
        url: 'http://127.0.0.1:3001/mcp',
        headers: [{ name: 'Authorization', value: 'Bearer x:y' }],
      },
    });
    expect('error' in formToTarget({ ...emptyForm, transport: 'sse', url: 'ftp://x' })).toBe(true);
    expect('error' in formToTarget({ ...emptyForm, command: '  ' })).toBe(true);
  });

  it('round-trips a saved target through the form', () => {
    const target = {
      transport: 'stdio' as const,
      command: 'node',
      args: ['a b.js', 'plain'],
      env: { X: 'y' },
    };
    expect(formToTarget(targetToForm(target))).toEqual({ target });
  });
});

describe('filterHaystacks', () => {
  it('matches name, title and description, case-insensitively, never across two fields', () => {
    const items: JsonObject[] = [
      { name: 'alpha' },
      { name: 'b', title: 'ALPHA tool' },
      { name: 'c', description: 'uses alpha' },
      { name: 'd', title: 7 },
      { name: 'get', title: 'user' },
    ];
    const haystacks = buildHaystacks(items);
    expect(filterHaystacks(haystacks, 'Alpha')).toEqual([0, 1, 2]);
    expect(filterHaystacks(haystacks, '  ')).toEqual([0, 1, 2, 3, 4]);
    expect(filterHaystacks(haystacks, 'getuser')).toEqual([]);
    expect(filterHaystacks(buildHaystacks(items, ['name']), 'tool')).toEqual([]);
  });
});

describe('niceTicks', () => {
  it('ends at or above the largest value, in round steps', () => {
    expect(niceTicks(1069)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(83)).toEqual([0, 50, 100]);
    expect(niceTicks(1000)).toEqual([0, 500, 1000]);
    expect(niceTicks(0)).toEqual([0]);
  });
});
