/**
 * The frame digest of a snapshot (core/snapshot/frameDigest.ts) on a real session's frames (the fault server over
 * stdio, three pages of tools): every change after writing is found by parseSnapshot, the one reader, as
 * snapshot-digest-mismatch naming the first frame that differs — a frame edited, removed, moved, added at the end —
 * or what else changed (framesDropped, the digest); reordered keys and whitespace are no change; a file without a
 * digest, or with one made in a way this Loupe does not know, reads unverified.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { walkList } from '../../../src/core/lists/pageWalker.js';
import { connect } from '../../../src/core/session/connect.js';
import { buildSnapshot } from '../../../src/core/snapshot/buildSnapshot.js';
import { unverifiedReason, verifyFrames } from '../../../src/core/snapshot/frameDigest.js';
import { parseSnapshot } from '../../../src/core/snapshot/parseSnapshot.js';
import { serializeSnapshot } from '../../../src/core/snapshot/serializeSnapshot.js';
import { toErrorData, type LoupeErrorData } from '../../../src/shared/errors.js';
import type { Snapshot } from '../../../src/shared/snapshot.js';
import { faultServer } from '../../helpers/servers.js';

let text = '';

beforeAll(async () => {
  const target = faultServer('--tools', '12', '--page-size', '4');
  const session = await connect(target, { timeoutMs: 10_000 });
  try {
    const tools = await walkList(session, 'tools');
    text = serializeSnapshot(
      buildSnapshot({
        target,
        testedAt: '2026-12-01T10:00:00.000Z',
        handshake: session.handshake,
        tools,
        frames: session.recorder.frames(),
        framesDropped: 0,
        loupeVersion: '0.1.0-test',
      }),
    );
  } finally {
    await session.close();
  }
}, 30_000);

/** The file's snapshot, changed by `edit`, written again and read back: the error it gives. */
function refusal(edit: (snapshot: Snapshot) => void): LoupeErrorData {
  const snapshot = JSON.parse(text) as Snapshot;
  edit(snapshot);
  try {
    parseSnapshot(JSON.stringify(snapshot, null, 2));
  } catch (error) {
    return toErrorData(error);
  }
  throw new Error('the changed file was read as it is');
}

describe('the frame digest', () => {
  it('a snapshot as written verifies, with a digest per frame', () => {
    const snapshot = parseSnapshot(text);
    expect(snapshot.frames.length).toBeGreaterThanOrEqual(8);
    expect(snapshot.integrity?.method).toBe('loupe.frames-sha256/1');
    expect(snapshot.integrity?.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(snapshot.integrity?.frames).toHaveLength(snapshot.frames.length);
    expect(verifyFrames(snapshot)).toBe(true);
    expect(unverifiedReason(snapshot)).toBeUndefined();
  });

  it('a frame edited (any field), removed or moved: the first frame that differs, by index and seq', () => {
    const edited = refusal((snapshot) => {
      const frame = snapshot.frames[5];
      if (frame) frame.t += 1;
    });
    expect(edited).toMatchObject({ kind: 'snapshot-digest-mismatch', data: { frame: 5 } });
    expect(edited.message).toMatch(/^frames\[5\] \(seq \d+\) is not the frame that was written/);

    const seqs = (JSON.parse(text) as Snapshot).frames.map((frame) => frame.seq);
    expect(refusal((snapshot) => snapshot.frames.splice(3, 1))).toMatchObject({
      data: { frame: 3, seq: seqs[4] },
    });
    expect(
      refusal((snapshot) => {
        const [moved] = snapshot.frames.splice(2, 1);
        if (moved) snapshot.frames.push(moved);
      }),
    ).toMatchObject({ data: { frame: 2 } });
  });

  it('a frame added at the end, framesDropped or the digest changed: said as such', () => {
    const added = refusal((snapshot) => {
      const last = snapshot.frames.at(-1);
      if (last) snapshot.frames.push({ ...last, seq: last.seq + 1 });
    });
    expect(added.kind).toBe('snapshot-digest-mismatch');
    expect(added.message).toMatch(
      /^The file holds \d+ frames; \d+ were written \(frames were added at the end\)\./,
    );
    expect(refusal((snapshot) => (snapshot.framesDropped = 3)).message).toMatch(
      /^The frames do not add up to the digest written with them/,
    );
    expect(
      refusal((snapshot) => {
        if (snapshot.integrity) snapshot.integrity.digest = `sha256:${'0'.repeat(64)}`;
      }).kind,
    ).toBe('snapshot-digest-mismatch');
  });

  it('keys reordered and whitespace changed are no change', () => {
    const snapshot = JSON.parse(text) as Snapshot;
    const reordered = {
      ...snapshot,
      frames: snapshot.frames.map((frame) => Object.fromEntries(Object.entries(frame).reverse())),
    };
    expect(verifyFrames(parseSnapshot(JSON.stringify(reordered)))).toBe(true);
  });

  it('no digest, or one made another way: read, unverified, with the reason', () => {
    const snapshot = JSON.parse(text) as Snapshot;
    delete snapshot.integrity;
    const old = parseSnapshot(JSON.stringify(snapshot));
    expect(verifyFrames(old)).toBe(false);
    expect(unverifiedReason(old)).toBe('it has no frame digest (written before Loupe kept one)');
    const other = parseSnapshot(
      JSON.stringify({ ...snapshot, integrity: { method: 'someone-else/9', digest: 'x', frames: [] } }),
    );
    expect(unverifiedReason(other)).toBe(
      'its frame digest is made as "someone-else/9", which this Loupe does not know',
    );
  });
});
