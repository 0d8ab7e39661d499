/**
 * Messages of an exact size for the tap's recording-limit tests, written and digested in pieces (never built whole):
 * a JSON-RPC notification `{"jsonrpc":"2.0","method":…,"params":{"level":"info","data":"xxx…"}}` of `bytes` bytes
 * (test/tap/bigLineServer.mjs writes the same).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Frame } from '../../src/shared/frames.js';

const piece = Buffer.alloc(1024 * 1024, 'x');

/** The message's head, how many "x" fill it, and its tail, so that it is `bytes` bytes long with `ending`. */
function parts(bytes: number, method: string, ending: string): { head: string; fill: number; tail: string } {
  const head = `{"jsonrpc":"2.0","method":"${method}","params":{"level":"info","data":"`;
  const tail = `"}}${ending}`;
  return { head, fill: bytes - head.length - tail.length, tail };
}

/** Writes the message (`bytes` long, `ending` included), a piece at a time, each after `write` took the last. */
export async function writeMessage(
  write: (bytes: Buffer | string) => Promise<void> | void,
  bytes: number,
  method: string,
  ending = '',
): Promise<void> {
  const { head, fill, tail } = parts(bytes, method, ending);
  await write(head);
  for (let left = fill; left > 0; left -= piece.length)
    await write(left >= piece.length ? piece : piece.subarray(0, left));
  await write(tail);
}

/** The message's SHA-256 and its first 4096 bytes (no ending), computed a piece at a time. */
export function messageDigest(bytes: number, method: string): { sha256: string; head: string } {
  const { head, fill, tail } = parts(bytes, method, '');
  const hash = createHash('sha256').update(head);
  for (let left = fill; left > 0; left -= piece.length)
    hash.update(left >= piece.length ? piece : piece.subarray(0, left));
  hash.update(tail);
  return { sha256: hash.digest('hex'), head: (head + 'x'.repeat(4096)).slice(0, 4096) };
}

/** The journal's whole lines (the tap may be writing the next one) once `ready` holds for them. */
export async function journalWhen(path: string, ready: (frames: Frame[]) => boolean): Promise<Frame[]> {
  for (;;) {
    const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
    const frames = text
      .slice(0, text.lastIndexOf('\n') + 1)
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Frame);
    if (ready(frames)) return frames;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The peak resident memory of a process so far, in bytes (Linux: VmHWM). */
export function peakRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1]) * 1024;
}

/** The marker the tap records in place of a frame past its limit (src/core/tap/frameCapture.ts). */
export function markerNote(what: string, size: number, limit: number, sha256: string): string {
  return `${what} of ${size} bytes passed the tap's recording limit of ${limit} bytes (--max-frame-bytes) and passed on unchanged; sha256 ${sha256}: only the first 4096 bytes are recorded`;
}
