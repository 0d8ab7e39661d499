/**
 * The text of the frames that crossed without it (list pages, PushedFrame in shared/frames.ts): read from the backend
 * by seq when a person opens, copies or searches them, and put whole into the session's frame log. What the backend
 * no longer holds (its recorder keeps the last `limit` frames) is named in the log's `missing`, with why, so a view
 * says so instead of showing a blank as if it were the frame.
 */
import type { Frame, PushedFrame } from '../../shared/frames';
import type { FrameLog } from '../lib/frameLog';
import { apiOf, shownStore, type ScopedStore } from '../sessions/sessionStore';
import { useLoupeStore } from './store';

/** Reads in flight, per log and seq: a second ask for the same frame waits on the first. */
const inFlight = new WeakMap<FrameLog, Map<number, Promise<void>>>();
/** How many frames are asked for at once. */
const chunk = 32;

/** The frame read back is the one that crossed: same seq, and recorded at the same moment with the same length. */
function sameFrame(read: Frame | undefined, crossed: PushedFrame): read is Frame {
  return (
    read !== undefined &&
    typeof read.raw === 'string' &&
    read.seq === crossed.seq &&
    read.wall === crossed.wall &&
    read.bytes === crossed.bytes
  );
}

function goneReason(seq: number, store: ScopedStore): string {
  const stats = store.getState().recorderStats;
  const cap = stats ? ` (it keeps the last ${stats.limit.toLocaleString('en-US')} frames)` : '';
  const journal = stats?.journalPath ? `; the journal ${stats.journalPath} has it` : '';
  return `The backend no longer holds frame #${seq}: its recorder dropped it from memory${cap}${journal}. Its text cannot be shown here.`;
}

async function readOne(log: FrameLog, seq: number, store: ScopedStore): Promise<void> {
  const crossed = log.bySeq(seq);
  if (!crossed || !('rawLeft' in crossed)) return;
  try {
    const [read] = await apiOf(store).frames(seq - 1, 1);
    if (sameFrame(read, crossed)) log.fill([read]);
    else log.missing.set(seq, goneReason(seq, store));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.missing.set(seq, `Frame #${seq}'s text could not be read from the backend: ${message}`);
  }
}

/** Reads the text of these frames of the session's log (those without it), then re-renders the views. */
export async function readFrameTexts(
  seqs: readonly number[],
  store: ScopedStore = shownStore(),
): Promise<void> {
  const log = store.getState().frameLog;
  let reads = inFlight.get(log);
  if (!reads) inFlight.set(log, (reads = new Map<number, Promise<void>>()));
  const waits: Promise<void>[] = [];
  const todo: number[] = [];
  for (const seq of seqs) {
    const pending = reads.get(seq);
    if (pending) waits.push(pending);
    else if (!log.missing.has(seq)) todo.push(seq);
  }
  const all = (async () => {
    for (let start = 0; start < todo.length; start += chunk) {
      await Promise.all(todo.slice(start, start + chunk).map((seq) => readOne(log, seq, store)));
      // The log may have been replaced meanwhile (a new connection): the fills went into the old one, unseen.
      if (store.getState().frameLog === log && store.isShown())
        useLoupeStore.setState((state) => ({ frameVersion: state.frameVersion + 1 }));
    }
  })();
  for (const seq of todo) reads.set(seq, all);
  try {
    await all;
  } finally {
    for (const seq of todo) reads.delete(seq);
  }
  await Promise.all(waits);
}
