/**
 * The digest of a snapshot's frames: each frame's SHA-256 over its canonical JSON (keys sorted, so a file
 * re-indented or with its keys reordered still verifies; any changed value does not), and one SHA-256 over
 * framesDropped and those digests in order (a frame added, removed or moved changes it). The file keeps the whole
 * digest and the first 16 hex digits of each frame's, to name the frame that differs.
 *
 * What it proves: the frames are those the writer saved; corruption or an edit after saving is found, with the frame.
 * What it does not: who wrote the file (there is no key: whoever edits a frame can compute the digest again), that
 * the frames are what the server sent (a fabricated file verifies if it was made with its digest), and the fields
 * read from the frames (tools, findings, summary), which it does not cover.
 */
import { createHash } from 'node:crypto';
import { LoupeError } from '../../shared/errors.js';
import type { Frame } from '../../shared/frames.js';
import type { Snapshot, SnapshotIntegrity } from '../../shared/snapshot.js';

export const frameDigestMethod = 'loupe.frames-sha256/1';

/** Hex digits of each frame's digest kept in the file. */
const prefixLength = 16;

/** JSON with keys sorted at every level and undefined members left out, as JSON.stringify leaves them out. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    entries.sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function frameHash(frame: Frame, index: number): string {
  let text: string;
  try {
    text = canonical(frame);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    // Only a value nested past the stack's depth gets here: no frame Loupe writes nests more than two levels.
    throw new LoupeError({
      kind: 'snapshot-invalid',
      message: `Invalid snapshot: frames[${index}] nests a value too deeply to be a recorded frame.`,
      data: { path: `frames[${index}]` },
    });
  }
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function overall(framesDropped: number, hashes: readonly string[]): string {
  const hash = createHash('sha256').update(`${frameDigestMethod}\nframesDropped ${framesDropped}\n`, 'utf8');
  for (const item of hashes) hash.update(`${item}\n`, 'utf8');
  return `sha256:${hash.digest('hex')}`;
}

/** The integrity record of these frames, to write with them. */
export function frameIntegrity(frames: readonly Frame[], framesDropped: number): SnapshotIntegrity {
  const hashes = frames.map((frame, index) => frameHash(frame, index));
  return {
    method: frameDigestMethod,
    digest: overall(framesDropped, hashes),
    frames: hashes.map((hash) => hash.slice(0, prefixLength)),
  };
}

/**
 * Why the frames of a snapshot cannot be verified (no digest, or one made in a way this Loupe does not know), or
 * undefined when they can: parseSnapshot has then verified them. Cheap: nothing is hashed.
 */
export function unverifiedReason(snapshot: Pick<Snapshot, 'integrity'>): string | undefined {
  const integrity = snapshot.integrity;
  if (integrity === undefined) return 'it has no frame digest (written before Loupe kept one)';
  if (integrity.method !== frameDigestMethod)
    return `its frame digest is made as ${JSON.stringify(integrity.method)}, which this Loupe does not know`;
  return undefined;
}

function mismatch(message: string, data: Record<string, unknown>): LoupeError {
  return new LoupeError({
    kind: 'snapshot-digest-mismatch',
    message: `${message} The file was changed or corrupted after it was saved. (A digest shows that the record changed, not who changed it.)`,
    data,
  });
}

/**
 * Checks the frames of a parsed snapshot against its digest: true when they match, false when there is no digest to
 * check (unverifiedReason says why). A mismatch throws snapshot-digest-mismatch naming the first frame that differs
 * (its index and seq) when the per-frame digests tell, else what else changed.
 */
export function verifyFrames(snapshot: Pick<Snapshot, 'frames' | 'framesDropped' | 'integrity'>): boolean {
  const integrity = snapshot.integrity;
  if (integrity === undefined || unverifiedReason(snapshot) !== undefined) return false;
  const hashes = snapshot.frames.map((frame, index) => frameHash(frame, index));
  for (const [index, hash] of hashes.entries()) {
    const written = integrity.frames[index];
    if (written !== undefined && written !== hash.slice(0, prefixLength)) {
      const seq = snapshot.frames[index]?.seq;
      throw mismatch(
        `frames[${index}] (seq ${String(seq)}) is not the frame that was written: its digest differs.`,
        {
          path: `frames[${index}]`,
          frame: index,
          ...(seq === undefined ? {} : { seq }),
        },
      );
    }
  }
  if (integrity.frames.length !== hashes.length)
    throw mismatch(
      `The file holds ${hashes.length} frames; ${integrity.frames.length} were written (frames were ${hashes.length > integrity.frames.length ? 'added' : 'removed'} at the end).`,
      { path: 'frames', frames: hashes.length, written: integrity.frames.length },
    );
  if (overall(snapshot.framesDropped, hashes) !== integrity.digest)
    throw mismatch(
      'The frames do not add up to the digest written with them (framesDropped or the digest itself was changed).',
      {
        path: 'integrity.digest',
      },
    );
  return true;
}
