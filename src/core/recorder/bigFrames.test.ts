// A big frame recorded with its bytes keeps them instead of its text, off the JavaScript heap, decoded when read
// (frameRecorder.ts, offHeapLength). What a reader sees must not change: `raw` exactly as recorded, the byte count, the
// JSON of the frame (the journal's and a snapshot's line), a structured clone, an assignment.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../shared/frames.js';
import { FrameRecorder, offHeapLength } from './frameRecorder.js';

/** A tools/list response of about `size` characters, whose descriptions say `word`. */
function page(id: number, size: number, word: string): string {
  const tools: { name: string; description: string }[] = [];
  for (let index = 0; JSON.stringify(tools).length < size; index += 1)
    tools.push({ name: `tool_${id}_${index}`, description: `${word} ${index}` });
  return JSON.stringify({ jsonrpc: '2.0', id, result: { tools } });
}

/** Whether the frame holds its text as a plain string (not read through an accessor). */
const heldAsString = (frame: Frame): boolean =>
  typeof Object.getOwnPropertyDescriptor(frame, 'raw')?.value === 'string';

describe('big frames', () => {
  it('keeps a big frame off the heap and gives back its text exactly, ASCII or not', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'loupe-big-frames-'));
    try {
      const journalPath = join(folder, 'journal.jsonl');
      const recorder = new FrameRecorder({ journalPath });
      const texts = [
        page(1, 3 * offHeapLength, 'plain'),
        page(2, 3 * offHeapLength, 'héllo wörld 世界 🧪'),
        page(3, offHeapLength / 4, 'small'),
      ];
      const published: string[] = [];
      recorder.subscribe((frame) => published.push(frame.raw));
      for (const text of texts) recorder.record('in', text, { utf8: Buffer.from(text, 'utf8') });
      const frames = recorder.all();
      expect(frames.map(heldAsString)).toEqual([false, false, true]);
      expect(frames.map((frame) => frame.raw)).toEqual(texts);
      expect(published).toEqual(texts);
      expect(frames.map((frame) => frame.bytes)).toEqual(
        texts.map((text) => Buffer.byteLength(text, 'utf8')),
      );
      // Every field, in the order a plain frame has them.
      const plain = frames.map((frame) => ({ ...frame }));
      expect(plain.map((frame) => Object.keys(frame))).toEqual(
        frames.map(() => ['seq', 't', 'wall', 'direction', 'kind', 'raw', 'bytes', 'id']),
      );
      expect(frames.map((frame) => JSON.stringify(frame))).toEqual(
        plain.map((frame) => JSON.stringify(frame)),
      );
      expect(structuredClone(frames)).toEqual(plain);
      await recorder.close();
      const lines = (await readFile(journalPath, 'utf8')).trimEnd().split('\n');
      expect(lines.map((line) => (JSON.parse(line) as Frame).raw)).toEqual(texts);
      expect(lines).toEqual(plain.map((frame) => JSON.stringify(frame)));
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('keeps a batch element, a text without its bytes and an assignment exact', () => {
    const recorder = new FrameRecorder();
    const first = page(1, 2 * offHeapLength, 'batched');
    const second = page(2, 2 * offHeapLength, 'zwéi');
    const line = `[${first} , ${second}]`;
    const batch = recorder.record('in', line, { utf8: Buffer.from(line) }).map(({ frame }) => frame);
    expect(batch.map((frame) => frame.raw)).toEqual([first, second]);
    expect(batch.map(heldAsString)).toEqual([true, true]);
    const http = page(3, 2 * offHeapLength, 'no bytes given');
    const [unbound] = recorder.record('in', http);
    expect(heldAsString(unbound.frame)).toBe(true);
    expect(unbound.frame.raw).toBe(http);
    const text = page(4, 2 * offHeapLength, 'assigned');
    const [kept] = recorder.record('in', text, { utf8: Buffer.from(text) });
    expect(heldAsString(kept.frame)).toBe(false);
    kept.frame.raw = 'replaced';
    expect(kept.frame.raw).toBe('replaced');
    expect(JSON.parse(JSON.stringify(kept.frame)) as Frame).toMatchObject({ seq: 4, raw: 'replaced', id: 4 });
  });
});
