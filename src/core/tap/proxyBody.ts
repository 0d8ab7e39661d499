/**
 * A request's body in the HTTP tap's proxy (httpTap.ts): read whole before it goes upstream (fault rules match on its
 * messages), unless it passes the recording limit — then what was read goes upstream at once and the rest follows as
 * it comes, unmatched by the rules, digested for the record (frameCapture.ts) and never held whole.
 */
import type { ClientRequest, IncomingMessage } from 'node:http';
import { FrameCapture, type Captured } from './frameCapture.js';

export type ProxyBody = { whole: Buffer } | { start: Buffer[]; capture: FrameCapture };

/** Reads the body: whole, or past `limit` its first chunks (the request is left paused, the rest unread). */
export function readBody(request: IncomingMessage, limit: number): Promise<ProxyBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      chunks.push(chunk);
      size += chunk.length;
      if (size <= limit) return;
      request.pause();
      request.off('data', onData);
      request.off('end', onEnd);
      const capture = new FrameCapture(limit);
      for (const part of chunks) capture.push(part);
      resolve({ start: chunks, capture });
    };
    const onEnd = (): void =>
      resolve({ whole: chunks.length === 1 ? (chunks[0] ?? Buffer.alloc(0)) : Buffer.concat(chunks) });
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', reject);
  });
}

/** The messages of a POST body: one, or each of a batch. */
export function bodyMessages(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map((item) => JSON.stringify(item)) : [text];
  } catch {
    return [text];
  }
}

/**
 * Sends a body past the limit upstream: its first chunks, then the rest as the host sends it (waiting for the
 * upstream as it goes); `done` gets the record of it once it has all passed.
 */
export function sendRest(
  body: { start: Buffer[]; capture: FrameCapture },
  request: IncomingMessage,
  outgoing: ClientRequest,
  done: (captured: Captured) => void,
): void {
  for (const part of body.start) outgoing.write(part);
  body.start = [];
  request.on('data', (chunk: Buffer) => {
    body.capture.push(chunk);
    if (!outgoing.write(chunk)) {
      request.pause();
      outgoing.once('drain', () => request.resume());
    }
  });
  request.on('end', () => {
    outgoing.end();
    done(body.capture.finish());
  });
  request.resume();
}
