import { describe, expect, it } from 'vitest';
import { Http1Reader, field, type BodyRule, type Http1Head } from './http1Reader.js';

interface Message {
  line: string;
  host?: string;
  data: string;
}

/** Feeds bytes in pieces of `size`; gathers what the reader saw: messages, the raw bytes in order, why it gave up. */
function read(bytes: Buffer, size: number, rule: (head: Http1Head) => BodyRule = () => 'framed') {
  const messages: Message[] = [];
  const passed: Buffer[] = [];
  let current: { line: string; host?: string; data: Buffer[] } | undefined;
  let opaque: string | undefined;
  const reader = new Http1Reader({
    head: (head) => {
      passed.push(head.bytes);
      const host = field(head, 'host');
      current = { line: head.line, ...(host === undefined ? {} : { host }), data: [] };
      return rule(head);
    },
    raw: (part) => passed.push(Buffer.from(part)),
    data: (part) => current?.data.push(Buffer.from(part)),
    end: () => {
      if (!current) return;
      const { data, ...rest } = current;
      messages.push({ ...rest, data: Buffer.concat(data).toString('latin1') });
      current = undefined;
    },
    opaque: (reason) => (opaque = reason),
  });
  for (let at = 0; at < bytes.length; at += size) reader.push(bytes.subarray(at, at + size));
  return { messages, passed: Buffer.concat(passed), opaque, reader };
}

const crlf = (...lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');

const pipelined = Buffer.concat([
  crlf('POST /mcp HTTP/1.1', 'Host: 127.0.0.1:4000', 'Content-Length: 13', '', '{"jsonrpc":1}'),
  crlf(
    'POST /mcp HTTP/1.1',
    'host: localhost',
    'Transfer-Encoding: chunked',
    '',
    '5;ext=1',
    'hello',
    'a',
    ', chunked!',
    '0',
    'X-Trailer: yes',
    '',
    '',
  ),
  crlf('GET /mcp HTTP/1.1', 'Host: x', 'Accept: text/event-stream', '', ''),
  crlf('DELETE /mcp HTTP/1.1', 'Host: x', 'Content-Length: 0', '', ''),
]);

describe('Http1Reader', () => {
  it('finds each pipelined request and its decoded body, and every byte passes once, in order, whatever the chunking', () => {
    for (const size of [1, 2, 3, 7, 16, 64, pipelined.length]) {
      const { messages, passed, opaque } = read(pipelined, size);
      expect(opaque).toBeUndefined();
      expect(messages).toEqual([
        { line: 'POST /mcp HTTP/1.1', host: '127.0.0.1:4000', data: '{"jsonrpc":1}' },
        { line: 'POST /mcp HTTP/1.1', host: 'localhost', data: 'hello, chunked!' },
        { line: 'GET /mcp HTTP/1.1', host: 'x', data: '' },
        { line: 'DELETE /mcp HTTP/1.1', host: 'x', data: '' },
      ]);
      expect(passed.equals(pipelined)).toBe(true);
    }
  });

  it('reads answers: a body to HEAD, a 1xx and a 204 have none, one without a length runs to the end of the connection', () => {
    const answers = Buffer.concat([
      crlf('HTTP/1.1 100 Continue', '', ''),
      crlf('HTTP/1.1 200 OK', 'Content-Length: 99', '', ''),
      crlf('HTTP/1.1 204 No Content', '', ''),
      crlf('HTTP/1.1 200 OK', 'Content-Type: text/event-stream', '', 'data: 1', '', 'data: 2', '', ''),
    ]);
    const lines: string[] = [];
    const rule = (head: Http1Head): BodyRule => {
      lines.push(head.line);
      // The second answer is to a HEAD request: its Content-Length describes a body not sent.
      return lines.length === 1 || lines.length === 2 || head.line.includes(' 204 ') ? 'none' : 'framed';
    };
    for (const size of [1, 5, answers.length]) {
      lines.length = 0;
      const { messages, passed, reader } = read(answers, size, rule);
      expect(messages.map((message) => message.line)).toEqual([
        'HTTP/1.1 100 Continue',
        'HTTP/1.1 200 OK',
        'HTTP/1.1 204 No Content',
      ]);
      reader.finish();
      expect(passed.equals(answers)).toBe(true);
    }
    lines.length = 0;
    const { messages, reader } = read(answers, 9, rule);
    reader.finish();
    expect(messages).toHaveLength(4);
    expect(messages[3]).toEqual({ line: 'HTTP/1.1 200 OK', data: 'data: 1\r\n\r\ndata: 2\r\n\r\n' });
  });

  it('gives up on what it cannot follow, and still passes every byte', () => {
    const bad = Buffer.concat([
      crlf('POST / HTTP/1.1', 'Transfer-Encoding: chunked', '', 'zz', 'oops', ''),
      crlf('GET / HTTP/1.1', '', ''),
    ]);
    for (const size of [1, 4, bad.length]) {
      const { messages, passed, opaque, reader } = read(bad, size);
      expect(opaque).toBe('a malformed chunk size "zz"');
      expect(reader.isOpaque).toBe(true);
      expect(messages).toEqual([]);
      expect(passed.equals(bad)).toBe(true);
    }
    const huge = Buffer.concat([crlf('GET / HTTP/1.1', `X-Big: ${'a'.repeat(70_000)}`, '', '')]);
    const { opaque, passed } = read(huge, 4096);
    expect(opaque).toBe('a head over 64 KB');
    expect(passed.equals(huge)).toBe(true);
    const length = crlf('POST / HTTP/1.1', 'Content-Length: 12abc', '', 'body');
    const malformed = read(length, 3);
    expect(malformed.opaque).toBe('a malformed Content-Length');
    expect(malformed.passed.equals(length)).toBe(true);
  });

  it('a head that says "opaque" (a protocol switch) lets everything after it pass unread', () => {
    const upgrade = Buffer.concat([
      crlf('HTTP/1.1 101 Switching Protocols', 'Upgrade: x', '', ''),
      Buffer.from([0x81, 0x00, 0x0d, 0x0a]),
    ]);
    const { messages, passed } = read(upgrade, 2, () => 'opaque');
    expect(messages).toEqual([]);
    expect(passed.equals(upgrade)).toBe(true);
  });
});
