/**
 * Sign-in steps in snapshots: a snapshot's auth frames load back as steps, and a file whose frame marks a step
 * with something other than a name (hostile input: the UI prints it) is refused as snapshot-invalid, naming where.
 */
import { describe, expect, it } from 'vitest';
import { parseSnapshot } from '../../src/core/snapshot/parseSnapshot.js';
import { LoupeError } from '../../src/shared/errors.js';
import { buildSnapshot } from '../../src/core/snapshot/buildSnapshot.js';
import { serializeSnapshot } from '../../src/core/snapshot/serializeSnapshot.js';

function snapshotWith(http: Record<string, unknown>): string {
  const text = serializeSnapshot(
    buildSnapshot({
      target: { transport: 'http', url: 'http://127.0.0.1:9/mcp' },
      testedAt: '2026-11-30T22:00:00.000Z',
      error: { kind: 'auth-failed', message: 'Sign-in failed at token' },
      frames: [
        {
          seq: 1,
          t: 0,
          wall: 1_764_540_000_000,
          direction: 'out',
          kind: 'http',
          raw: '{"step":"token","ms":3,"learned":{},"checks":[]}',
          bytes: 48,
          http: { auth: 'token' },
        },
      ],
      framesDropped: 0,
      loupeVersion: '0.1.0',
    }),
  );
  const parsed = JSON.parse(text) as { frames: { http: Record<string, unknown> }[]; integrity?: unknown };
  parsed.frames[0].http = http;
  // A file made by hand: a frame changed after writing would not match the digest Loupe wrote with it.
  delete parsed.integrity;
  return JSON.stringify(parsed);
}

describe('auth frames in snapshots', () => {
  it('keep the step name', () => {
    const loaded = parseSnapshot(snapshotWith({ auth: 'token', method: 'POST', status: 400 }));
    expect(loaded.frames[0].http).toEqual({ auth: 'token', method: 'POST', status: 400 });
  });

  it('refuse a step marker that is not a string', () => {
    try {
      parseSnapshot(snapshotWith({ auth: { toString: 'x' } }));
      expect.unreachable('parsed');
    } catch (error) {
      expect(error).toBeInstanceOf(LoupeError);
      expect((error as LoupeError).kind).toBe('snapshot-invalid');
      expect((error as LoupeError).message).toContain('frames[0].http.auth');
    }
  });
});
