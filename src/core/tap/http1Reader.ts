/**
 * An incremental reader of one direction of an HTTP/1.1 connection (RFC 9112): fed the bytes as they come, in
 * chunks of any size, it finds each message's head and where its body ends (Content-Length, chunked, or the end of
 * the connection) and hands on the body both as sent (`raw`, framing included) and decoded (`data`). It never
 * changes a byte: the TCP pass-through (httpPassThrough.ts) forwards what it is given, and reads with this only to
 * know where a request's Host line is and what to record.
 *
 * What it cannot follow (a head over 64 KB, a malformed chunk size, a protocol switched by 101) turns it opaque:
 * every later byte goes to `raw` unread, so the bytes still pass and only the recording stops.
 */

export interface Http1Head {
  /** The request line or status line, without its CRLF. */
  line: string;
  /** The fields in order, names lowercased, values trimmed. */
  fields: [string, string][];
  /** The head's exact bytes, CRLFs and the blank line included. */
  bytes: Buffer;
}

/** What the message after a head carries: a body framed by its headers, none, or everything that follows (opaque). */
export type BodyRule = 'framed' | 'none' | 'opaque';

export interface Http1Handlers {
  /** A message's head; the answer says how its body is framed (a response to HEAD, a 1xx, 204 or 304 has none). */
  head(head: Http1Head): BodyRule;
  /** Body bytes as they came, chunk framing included (and, once opaque, every byte). */
  raw(bytes: Buffer): void;
  /** Body bytes decoded (chunk framing removed). */
  data(bytes: Buffer): void;
  /** The message's body is complete. */
  end(): void;
  /** The reader stopped following the bytes (why, for the record). */
  opaque?(reason: string): void;
}

const maxHead = 64 * 1024;
const crlfcrlf = Buffer.from('\r\n\r\n');

/** A header's value by lowercased name (the first of several). */
export function field(head: Http1Head, name: string): string | undefined {
  for (const [key, value] of head.fields) if (key === name) return value;
  return undefined;
}

type State =
  | { at: 'head' }
  | { at: 'length'; left: number }
  | { at: 'chunk-size' }
  | { at: 'chunk-data'; left: number }
  | { at: 'chunk-end' }
  | { at: 'trailers' }
  | { at: 'close' }
  | { at: 'opaque' };

export class Http1Reader {
  private state: State = { at: 'head' };
  /** Bytes of a head or a chunk-size line not complete yet. */
  private pending: Buffer = Buffer.alloc(0);

  constructor(private readonly on: Http1Handlers) {}

  /** Whether the reader gave up following the bytes. */
  get isOpaque(): boolean {
    return this.state.at === 'opaque';
  }

  push(chunk: Buffer): void {
    let bytes = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = Buffer.alloc(0);
    while (bytes.length > 0) {
      const used = this.step(bytes);
      if (used < 0) {
        // Not enough for the next step: kept for the next chunk.
        this.pending = bytes;
        return;
      }
      bytes = bytes.subarray(used);
    }
  }

  /** The connection ended: a body that runs to the end of the connection is complete. */
  finish(): void {
    if (this.state.at === 'close') {
      this.state = { at: 'head' };
      this.on.end();
    }
  }

  /** Consumes from the start of bytes; returns how many, or -1 when more bytes are needed first. */
  private step(bytes: Buffer): number {
    const state = this.state;
    switch (state.at) {
      case 'opaque':
      case 'close':
        this.on.raw(bytes);
        if (state.at === 'close') this.on.data(bytes);
        return bytes.length;
      case 'head':
        return this.readHead(bytes);
      case 'length': {
        const take = Math.min(state.left, bytes.length);
        const part = bytes.subarray(0, take);
        this.on.raw(part);
        this.on.data(part);
        state.left -= take;
        if (state.left === 0) this.endMessage();
        return take;
      }
      case 'chunk-size': {
        const end = bytes.indexOf('\r\n');
        if (end < 0) return bytes.length > 1024 ? this.giveUp(bytes, 'a chunk-size line over 1 KB') : -1;
        const line = bytes.subarray(0, end).toString('latin1');
        const size = /^([0-9a-fA-F]{1,12})[ \t]*(;.*)?$/.exec(line);
        if (!size) return this.giveUp(bytes, `a malformed chunk size "${line.slice(0, 40)}"`);
        this.on.raw(bytes.subarray(0, end + 2));
        const length = parseInt(size[1], 16);
        this.state = length === 0 ? { at: 'trailers' } : { at: 'chunk-data', left: length };
        return end + 2;
      }
      case 'chunk-data': {
        const take = Math.min(state.left, bytes.length);
        const part = bytes.subarray(0, take);
        this.on.raw(part);
        this.on.data(part);
        state.left -= take;
        if (state.left === 0) this.state = { at: 'chunk-end' };
        return take;
      }
      case 'chunk-end': {
        if (bytes.length < 2) return -1;
        if (bytes[0] !== 0x0d || bytes[1] !== 0x0a) return this.giveUp(bytes, 'a chunk not ended by CRLF');
        this.on.raw(bytes.subarray(0, 2));
        this.state = { at: 'chunk-size' };
        return 2;
      }
      case 'trailers': {
        // Trailer fields, each a line, then an empty line.
        const end = bytes.indexOf('\r\n');
        if (end < 0) return bytes.length > maxHead ? this.giveUp(bytes, 'trailers over 64 KB') : -1;
        this.on.raw(bytes.subarray(0, end + 2));
        if (end === 0) this.endMessage();
        return end + 2;
      }
    }
  }

  private readHead(bytes: Buffer): number {
    const end = bytes.indexOf(crlfcrlf);
    if (end < 0) return bytes.length > maxHead ? this.giveUp(bytes, 'a head over 64 KB') : -1;
    const text = bytes.subarray(0, end).toString('latin1');
    const lines = text.split('\r\n');
    const fields: [string, string][] = [];
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      fields.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
    }
    const head: Http1Head = { line: lines[0], fields, bytes: bytes.subarray(0, end + 4) };
    const rule = this.on.head(head);
    const used = end + 4;
    if (rule === 'opaque') {
      this.state = { at: 'opaque' };
      return used;
    }
    if (rule === 'none') {
      this.endMessage();
      return used;
    }
    const encoding = field(head, 'transfer-encoding');
    if (encoding !== undefined && /(^|,)\s*chunked\s*$/i.test(encoding)) {
      this.state = { at: 'chunk-size' };
      return used;
    }
    const length = field(head, 'content-length');
    if (length !== undefined) {
      if (!/^\d{1,15}$/.test(length))
        return used + this.giveUp(bytes.subarray(used), 'a malformed Content-Length');
      const left = Number(length);
      if (left === 0) this.endMessage();
      else this.state = { at: 'length', left };
      return used;
    }
    // A request without either has no body; a response's runs to the end of the connection.
    if (/^HTTP\//.test(head.line)) this.state = { at: 'close' };
    else this.endMessage();
    return used;
  }

  private endMessage(): void {
    this.state = { at: 'head' };
    this.on.end();
  }

  /** Stops reading: these bytes and all later ones pass to raw unread. */
  private giveUp(bytes: Buffer, reason: string): number {
    this.state = { at: 'opaque' };
    this.on.opaque?.(reason);
    this.on.raw(bytes);
    return bytes.length;
  }
}
