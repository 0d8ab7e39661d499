/**
 * The app's Save snapshot (saveSnapshotText, as src/main/menu.ts calls it with the backend's createSnapshot text):
 * a session that did not connect is saved beside a connected record the person picked, never over it; a good
 * record replaces as asked; a name Loupe picked replaces nothing. The CLI's --out: test/cli/snapshotKeep.test.ts.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkList } from '../../../src/core/lists/pageWalker.js';
import { connect } from '../../../src/core/session/connect.js';
import { buildSnapshot } from '../../../src/core/snapshot/buildSnapshot.js';
import { saveSnapshotText } from '../../../src/core/snapshot/saveSnapshot.js';
import { serializeSnapshot } from '../../../src/core/snapshot/serializeSnapshot.js';
import { faultServer } from '../../helpers/servers.js';

let directory = '';
let good = '';
let failed = '';

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'loupe-save-snapshot-'));
  const target = faultServer();
  const session = await connect(target, { timeoutMs: 10_000 });
  try {
    const tools = await walkList(session, 'tools');
    good = serializeSnapshot(
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
  failed = serializeSnapshot(
    buildSnapshot({
      target,
      testedAt: '2026-12-01T11:00:00.000Z',
      error: { kind: 'server-exited', message: 'Server exited with code 1' },
      frames: [],
      framesDropped: 0,
      loupeVersion: '0.1.0-test',
    }),
  );
}, 30_000);

afterAll(() => rm(directory, { recursive: true, force: true }));

describe("the app's Save snapshot", () => {
  it('a failed session picked over a connected record: saved beside it, the record kept and named', async () => {
    const path = join(directory, 'release.json');
    expect(await saveSnapshotText(path, good)).toEqual({ path });
    const saved = await saveSnapshotText(path, failed);
    expect(saved).toEqual({
      path: join(directory, 'release.failed-20261201T110000Z.json'),
      kept: path,
      keptBecause: 'it holds a connected record',
    });
    expect(await readFile(path, 'utf8')).toBe(good);
    expect(await readFile(saved.path, 'utf8')).toBe(failed);
    // Again: the name beside is taken, so it gets a number; still nothing replaced.
    const again = await saveSnapshotText(path, failed);
    expect(again.path).toBe(join(directory, 'release.failed-20261201T110000Z-2.json'));
    expect(await readFile(path, 'utf8')).toBe(good);
  });

  it('a good record replaces what the person picked; a name Loupe picked replaces nothing', async () => {
    const path = join(directory, 'fresh.json');
    await saveSnapshotText(path, failed);
    expect(await saveSnapshotText(path, good)).toEqual({ path });
    expect(await readFile(path, 'utf8')).toBe(good);
    const chosen = await saveSnapshotText(path, good, { chosen: true });
    expect(chosen).toEqual({ path: join(directory, 'fresh-2.json') });
    expect((await readdir(directory)).filter((name) => name.startsWith('fresh'))).toEqual([
      'fresh-2.json',
      'fresh.json',
    ]);
  });
});
