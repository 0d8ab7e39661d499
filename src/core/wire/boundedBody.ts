/**
 * Reading an HTTP body without trusting its size: bytes are counted as they arrive (after fetch has
 * decompressed them, so a gzip bomb is measured inflated) and reading stops once they pass the limit.
 */
import { isUtf8 } from 'node:buffer';

export interface BoundedBody {
  /** What was read: the whole body, or, past the limit, its first `limit` bytes. */
  bytes: Buffer;
  /** Bytes read from the stream (more than limit when it overflowed). */
  seen: number;
  overflow: boolean;
}

export async function readBounded(body: ReadableStream<Uint8Array>, limit: number): Promise<BoundedBody> {
  const reader = body.getReader();
  const chunks: Buffer[] = [];
  let seen = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const room = limit - seen;
    seen += value.length;
    if (value.length > room) {
      if (room > 0) chunks.push(Buffer.from(value.buffer, value.byteOffset, room));
      await reader.cancel().catch(() => undefined);
      return { bytes: Buffer.concat(chunks), seen, overflow: true };
    }
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.length));
  }
  return { bytes: Buffer.concat(chunks), seen, overflow: false };
}

/**
 * The text of a body as fetch's text() gives it (UTF-8, a leading BOM dropped, invalid bytes replaced),
 * with the exact bytes in base64 when that text does not round-trip to them.
 */
export function decodeBody(bytes: Buffer): { text: string; rawBase64?: string } {
  const text = new TextDecoder().decode(bytes);
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return isUtf8(bytes) && !bom ? { text } : { text, rawBase64: bytes.toString('base64') };
}

/** Bytes of text read as latin1 (one character per byte) decoded as UTF-8, exact bytes beside when needed. */
export function decodeLatin1(binary: string): { text: string; rawBase64?: string } {
  const bytes = Buffer.from(binary, 'latin1');
  const text = bytes.toString('utf8');
  return isUtf8(bytes) ? { text } : { text, rawBase64: bytes.toString('base64') };
}
