import { describe, expect, it } from 'vitest';
import { SseParser, type SseEvent } from './sseParser.js';

describe('SseParser', () => {
  it('parses events split anywhere, with every line ending, comments, ids, retry and multi-line data', () => {
    const events: SseEvent[] = [];
    const parser = new SseParser((event) => events.push(event));
    const text =
      ': comment\r\nevent: endpoint\r\ndata: /message?sessionId=1\r\n\r\nid: 7\nretry: 500\ndata: {"a":\ndata:1}\n\nid: 8\ndata:\n\r\rdata: x\r\n';
    for (const char of text) parser.push(char);
    expect(events).toEqual([
      { event: 'endpoint', data: '/message?sessionId=1' },
      { event: 'message', data: '{"a":\n1}', id: '7', retry: 500 },
      { event: 'message', data: '', id: '8' },
    ]);
    parser.push('\n');
    expect(events.at(-1)).toEqual({ event: 'message', data: 'x', id: '8' });
  });

  it('reports an event past maxEventLength once with its data prefix, drops the rest and goes on after it', () => {
    const events: SseEvent[] = [];
    const oversized: [string, number][] = [];
    const parser = new SseParser((event) => events.push(event), {
      maxEventLength: 8,
      onOversize: (prefix, seen) => oversized.push([prefix, seen]),
    });
    parser.push('data: ok\n\ndata: 0123');
    parser.push('456789');
    parser.push('more\r');
    parser.push('\ndata: still the same event\n');
    expect(oversized).toEqual([['0123456789', 10]]);
    parser.push('\nid: 5\ndata: next\n\n');
    expect(events).toEqual([
      { event: 'message', data: 'ok' },
      { event: 'message', data: 'next', id: '5' },
    ]);
    expect(parser.sawEventId).toBe(true);
  });

  it('works on latin1 text as on bytes: multi-line data past the limit is cut across lines', () => {
    const oversized: [string, number][] = [];
    const parser = new SseParser(() => undefined, {
      maxEventLength: 6,
      onOversize: (prefix, seen) => oversized.push([prefix, seen]),
    });
    parser.push('data: abc\ndata: def\n');
    expect(oversized).toEqual([['abc\ndef', 7]]);
    expect(parser.sawEventId).toBe(false);
  });
});
