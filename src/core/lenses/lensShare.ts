/**
 * A big list crosses to the lens thread once (lensThread.ts). The lenses after a listing (lint, the security scan,
 * portability, token costs) are each given the same list of tools; posted whole with each job, it was copied once per
 * lens on the thread that serves the app (a structured clone: 3.1 s of the host's thread at 50,000 tools, and the
 * garbage those copies made). Now an array of `shareAbove` items or more, found in a job's input (the input itself or
 * a property of a plain object in it, two levels down), is sent beside the job the first time, with a number, and
 * named by that number after; the thread keeps the last `keptLists`, in the order they were sent, and so does this
 * side, so both always agree on what the thread holds.
 *
 * The lists are put back where they were by path, never by a marker in the data: a server's tools can hold any
 * value, a marker included. A list is the same one when it is the same array: the lens functions do not change their
 * input (test/lenses/lensThread.test.ts checks each answer against the same function run inline).
 */
export const shareAbove = 256;
export const keptLists = 4;
const depth = 2;

export interface SharedList {
  id: number;
  items: readonly unknown[];
}

/** Where a list goes back in a job's input: the keys from the input down to it ([] for the input itself). */
export interface ListRef {
  path: string[];
  id: number;
}

export interface Packed {
  input: unknown;
  /** Lists sent with this job for the first time. */
  lists: SharedList[];
  refs: ListRef[];
}

/** This side's record of what the thread holds. */
export class ListsSent {
  private readonly ids = new WeakMap<readonly unknown[], number>();
  private held: number[] = [];
  private nextId = 1;
  /** Lists sent so far. */
  count = 0;

  /** A job's input with its big lists taken out: those the thread holds named, the others sent beside it. */
  pack(input: unknown): Packed {
    const lists: SharedList[] = [];
    const refs: ListRef[] = [];
    const take = (value: unknown, path: string[], level: number): unknown => {
      if (Array.isArray(value)) {
        if (value.length < shareAbove) return value;
        const known = this.ids.get(value);
        const holds = (id: number) => this.held.includes(id) || lists.some((list) => list.id === id);
        const id = known !== undefined && holds(known) ? known : this.nextId++;
        if (id !== known) {
          this.ids.set(value, id);
          lists.push({ id, items: value });
        }
        refs.push({ path, id });
        return null;
      }
      if (level >= depth || !isPlainObject(value)) return value;
      let copy: Record<string, unknown> | undefined;
      for (const [key, inner] of Object.entries(value)) {
        const taken = take(inner, [...path, key], level + 1);
        if (taken !== inner) (copy ??= { ...value })[key] = taken;
      }
      return copy ?? value;
    };
    return { input: take(input, [], 0), lists, refs };
  }

  /** The job was posted: its new lists are the thread's now (and the oldest beyond keptLists are not). */
  sent(packed: Packed): void {
    for (const list of packed.lists) this.held.push(list.id);
    this.count += packed.lists.length;
    this.held = keep(this.held);
  }
}

/** The thread's side: the lists it holds, by number. */
export class ListsHeld {
  private readonly lists = new Map<number, readonly unknown[]>();

  /** The job's input whole again: the lists sent with it kept, every ref put back in its place. */
  unpack(job: { input: unknown; lists?: SharedList[]; refs?: ListRef[] }): unknown {
    for (const list of job.lists ?? []) this.lists.set(list.id, list.items);
    let input = job.input;
    for (const ref of job.refs ?? []) {
      const items = this.lists.get(ref.id);
      if (!items) throw new Error(`the lens thread holds no list ${ref.id}`);
      input = placed(input, ref.path, items);
    }
    for (const id of [...this.lists.keys()].slice(0, Math.max(0, this.lists.size - keptLists)))
      this.lists.delete(id);
    return input;
  }
}

function keep(ids: number[]): number[] {
  return ids.length > keptLists ? ids.slice(ids.length - keptLists) : ids;
}

function placed(input: unknown, path: readonly string[], items: readonly unknown[]): unknown {
  if (path.length === 0) return items;
  const [key, ...rest] = path as [string, ...string[]];
  const object = input as Record<string, unknown>;
  object[key] = placed(object[key], rest, items);
  return object;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
