/** A big list crosses to the lens thread once: what this side packs, the thread puts back whole. */
import { describe, expect, it } from 'vitest';
import { keptLists, ListsHeld, ListsSent, shareAbove } from './lensShare.js';

const list = (size: number, tag: string) =>
  Array.from({ length: size }, (_, index) => ({ name: `${tag}${index}` }));

/** What the thread receives: a structured clone of the message, as postMessage gives it. */
function cross(sent: ListsSent, held: ListsHeld, input: unknown): unknown {
  const packed = sent.pack(input);
  const message = structuredClone({ input: packed.input, lists: packed.lists, refs: packed.refs });
  sent.sent(packed);
  return held.unpack(message);
}

describe('lens lists', () => {
  it('sends a big list with its first job, names it after, and the thread puts it back where it was', () => {
    const sent = new ListsSent();
    const held = new ListsHeld();
    const tools = list(shareAbove, 'tool');
    const first = sent.pack({ surface: { tools, instructions: 'x' }, others: [] });
    expect(first.lists.map((shared) => shared.items)).toEqual([tools]);
    expect(first.refs).toEqual([{ path: ['surface', 'tools'], id: first.lists[0]?.id }]);
    // The caller's input is not changed: the copy without the list is the one posted.
    expect(first.input).toEqual({ surface: { tools: null, instructions: 'x' }, others: [] });
    sent.sent(first);
    expect(held.unpack(structuredClone(first))).toEqual({
      surface: { tools, instructions: 'x' },
      others: [],
    });
    // The same array again, as the input itself: named, not sent.
    const again = sent.pack(tools);
    expect(again.lists).toEqual([]);
    expect(again.input).toBeNull();
    sent.sent(again);
    expect(held.unpack(structuredClone(again))).toEqual(tools);
    expect(sent.count).toBe(1);
  });

  it('sends a list twice in one job once; a small list and deeper lists go as they are', () => {
    const sent = new ListsSent();
    const tools = list(shareAbove, 't');
    const packed = sent.pack({ items: tools, surface: { tools }, deep: { a: { b: tools } } });
    expect(packed.lists).toHaveLength(1);
    expect(packed.refs.map((ref) => ref.path)).toEqual([['items'], ['surface', 'tools']]);
    // Two levels down at most: the list three levels down crosses inside its job.
    expect((packed.input as { deep: { a: { b: unknown } } }).deep.a.b).toBe(tools);
    const small = list(shareAbove - 1, 's');
    expect(sent.pack(small)).toEqual({ input: small, lists: [], refs: [] });
  });

  it('both sides keep the same last lists: one dropped by the thread is sent again', () => {
    const sent = new ListsSent();
    const held = new ListsHeld();
    const lists = Array.from({ length: keptLists + 1 }, (_, index) => list(shareAbove, `l${index}_`));
    for (const each of lists) expect(cross(sent, held, { items: each })).toEqual({ items: each });
    expect(sent.count).toBe(keptLists + 1);
    // The newest are still held: named only.
    expect(cross(sent, held, lists[keptLists])).toEqual(lists[keptLists]);
    expect(sent.count).toBe(keptLists + 1);
    // The first was dropped on both sides: it crosses again and comes back whole.
    expect(cross(sent, held, lists[0])).toEqual(lists[0]);
    expect(sent.count).toBe(keptLists + 2);
  });

  it('a job naming a list the thread does not hold fails with the cause', () => {
    const sent = new ListsSent();
    const packed = sent.pack(list(shareAbove, 'x'));
    // Posted to a thread that never got the list (a new thread).
    expect(() => new ListsHeld().unpack({ input: packed.input, refs: packed.refs })).toThrow(
      `the lens thread holds no list ${packed.refs[0]?.id}`,
    );
  });

  it('takes no marker from the data: a tool holding any value is given back as it was', () => {
    const sent = new ListsSent();
    const held = new ListsHeld();
    const odd = [{ path: ['items'], id: 1, $lensList: 1, lists: [] }, ...list(shareAbove, 'o')];
    expect(cross(sent, held, { items: odd, name: 'x' })).toEqual({ items: odd, name: 'x' });
  });
});
