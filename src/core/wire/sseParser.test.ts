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
});
