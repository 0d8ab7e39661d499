/**
 * Saving a snapshot without losing the record already on disk. A snapshot is the record that settles disputes: a
 * run that failed (the server did not connect, or its tool list did not read whole) must not destroy a good one.
 * So when this record is a failure and the path asked for holds anything but the record of a failed connection (a
 * connected record, or a file that is not a snapshot Loupe can read: not ours to destroy either), the file there stays
 * as it was and this record is written beside it, `<name>.failed-<UTC date-time>.json`; the caller says which.
 * A good record replaces what is there, as asked. A name Loupe chose itself (`--out <folder>`: the person named no
 * file) never replaces anything: a name taken gets `-2`, `-3`, ….
 */
import { lstat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import type { Snapshot } from '../../shared/snapshot.js';
import { parseSnapshot } from './parseSnapshot.js';
import { readSnapshot } from './readSnapshot.js';
import { serializeSnapshot } from './serializeSnapshot.js';
import { writeFileAtomic } from './writeSnapshot.js';

export interface SnapshotSaved {
  /** Where this record was written. */
  path: string;
  /** Set when this failed record went beside a file it would have replaced: that file, left as it was. */
  kept?: string;
  /** Why it was kept: "a connected record" / "not a snapshot Loupe can read (…)". */
  keptBecause?: string;
}

/** Whether the record is a failure: not connected, or its tool list did not read to the end. */
export function recordsFailure(snapshot: Pick<Snapshot, 'connected' | 'toolsComplete'>): boolean {
  return !snapshot.connected || !snapshot.toolsComplete;
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

/** The path, or the first of `<stem>-2<ext>`, `<stem>-3<ext>`, … that nothing is at. */
export async function freePath(path: string): Promise<string> {
  if (!(await exists(path))) return path;
  const extension = extname(path);
  const stem = join(dirname(path), basename(path, extension));
  for (let number = 2; ; number++) {
    const candidate = `${stem}-${number}${extension}`;
    if (!(await exists(candidate))) return candidate;
  }
}

/** `run.json` → `run.failed-20261201T101500Z.json` (free: a number is added when that is taken too). */
function failedPath(path: string, testedAt: string): Promise<string> {
  const extension = extname(path) || '.json';
  const stem = join(dirname(path), basename(path, extname(path)));
  const parsed = new Date(testedAt);
  const stamp = (Number.isNaN(parsed.getTime()) ? new Date() : parsed)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return freePath(`${stem}.failed-${stamp}${extension}`);
}

/** Why the file at path must not be replaced by a failure, or undefined when it may (the record of a failure). */
async function worthKeeping(path: string): Promise<string | undefined> {
  try {
    // A connected record keeps what it listed even when its list stopped early: only a failed connection goes.
    const existing = await readSnapshot(path);
    return existing.connected ? 'it holds a connected record' : undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `it is not a snapshot Loupe can read (${reason}), so not one to replace with a failure`;
  }
}

/**
 * Writes the snapshot at path (atomically, owner-only: writeSnapshot.ts), or beside it when it records a failure
 * and path holds something worth keeping. `chosen`: Loupe picked the name (a folder was given), so nothing there is
 * replaced at all.
 */
export async function saveSnapshot(
  path: string,
  snapshot: Snapshot,
  options: { chosen?: boolean } = {},
): Promise<SnapshotSaved> {
  return saveRecord(path, () => snapshot, serializeSnapshot(snapshot), options);
}

/**
 * The same for a snapshot's text as built (the app's Save snapshot). The text is read (parseSnapshot) only when a
 * file is already at the path: whether it is a failure matters only then.
 */
export async function saveSnapshotText(
  path: string,
  text: string,
  options: { chosen?: boolean } = {},
): Promise<SnapshotSaved> {
  return saveRecord(path, () => parseSnapshot(text), text, options);
}

type RecordFacts = Pick<Snapshot, 'connected' | 'toolsComplete' | 'testedAt'>;

async function saveRecord(
  path: string,
  facts: () => RecordFacts,
  text: string,
  options: { chosen?: boolean },
): Promise<SnapshotSaved> {
  if (options.chosen) {
    const free = await freePath(path);
    await writeFileAtomic(free, text);
    return { path: free };
  }
  if (await exists(path)) {
    const snapshot = facts();
    const because = recordsFailure(snapshot) ? await worthKeeping(path) : undefined;
    if (because !== undefined) {
      const beside = await failedPath(path, snapshot.testedAt);
      await writeFileAtomic(beside, text);
      return { path: beside, kept: path, keptBecause: because };
    }
  }
  await writeFileAtomic(path, text);
  return { path };
}
