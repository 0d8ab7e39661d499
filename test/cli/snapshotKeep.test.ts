/**
 * A failed `loupe snapshot` never destroys the record already on disk: over a connected snapshot (or a file that is
 * not a snapshot) `--out existing.json` leaves that file byte for byte and writes the failure beside it, saying
 * where (stderr, and `kept` in --json); over the record of another failed connection it replaces it, as asked. In a
 * folder, where Loupe picks the name, nothing already there is replaced at all. The app's Save snapshot goes through
 * the same writer (core/snapshot/saveSnapshot.ts; test/core/snapshot/saveSnapshot.test.ts).
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/shared/snapshot.js';
import { requireBuild, runLoupe } from './loupe.js';

beforeAll(requireBuild);

const directory = mkdtempSync(join(tmpdir(), 'loupe-cli-snapshot-keep-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const missing = ['--', 'loupe-no-such-command-xyz'];

function read(path: string): Snapshot {
  return JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The files of a folder whose names start with prefix, other than those listed. */
function besides(folder: string, prefix: string, except: readonly string[]): string[] {
  return readdirSync(folder).filter((name) => name.startsWith(prefix) && !except.includes(name));
}

describe('a failed snapshot keeps the record already there', { timeout: 60_000 }, () => {
  it('--out a connected snapshot: that file stays byte for byte, the failure is written beside it and named', async () => {
    const out = join(directory, 'release.json');
    const good = await runLoupe(['snapshot', '--demo', '--out', out]);
    expect(good.code, good.stderr).toBe(0);
    const before = readFileSync(out);

    const run = await runLoupe(['snapshot', '--out', out, ...missing]);
    expect(run.code).toBe(1);
    expect(readFileSync(out).equals(before)).toBe(true);
    const [beside, ...more] = besides(directory, 'release.', ['release.json']);
    expect(more).toEqual([]);
    expect(beside).toMatch(/^release\.failed-\d{8}T\d{6}Z\.json$/);
    const failedPath = join(directory, beside ?? '');
    expect(read(failedPath)).toMatchObject({ connected: false, error: { kind: 'command-not-found' } });
    expect(run.stdout.trim()).toMatch(
      new RegExp(
        `^Wrote ${escaped(failedPath)}: not connected \\(command-not-found\\), \\d+ frames? recorded$`,
      ),
    );
    expect(run.stderr.split('\n')[0]).toBe(
      `loupe: kept ${out} as it was (it holds a connected record): this failed run was written beside it, to ${failedPath}`,
    );
  });

  it('--json says where it went and which file was kept', async () => {
    const out = join(directory, 'json.json');
    expect((await runLoupe(['snapshot', '--demo', '--out', out])).code).toBe(0);
    const before = readFileSync(out);
    const run = await runLoupe(['snapshot', '--json', '--out', out, ...missing]);
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout) as {
      out: string;
      kept?: string;
      keptBecause?: string;
      connected: boolean;
    };
    expect(document.kept).toBe(out);
    expect(document.keptBecause).toBe('it holds a connected record');
    expect(document.out).toMatch(
      new RegExp(`^${escaped(join(directory, 'json.failed-'))}\\d{8}T\\d{6}Z\\.json$`),
    );
    expect(document.connected).toBe(false);
    expect(readFileSync(out).equals(before)).toBe(true);
    expect(read(document.out).connected).toBe(false);
  });

  it('--out a file that is not a snapshot: kept too, not replaced by a failure', async () => {
    const out = join(directory, 'notes.json');
    writeFileSync(out, '{"my": "notes"}\n');
    const run = await runLoupe(['snapshot', '--out', out, ...missing]);
    expect(run.code).toBe(1);
    expect(readFileSync(out, 'utf8')).toBe('{"my": "notes"}\n');
    expect(run.stderr.split('\n')[0]).toMatch(
      new RegExp(
        `^loupe: kept ${escaped(out)} as it was \\(it is not a snapshot Loupe can read \\(.+\\), so not one to replace with a failure\\): this failed run was written beside it, to ${escaped(join(directory, 'notes.failed-'))}`,
      ),
    );
  });

  it('--out the record of a failed connection: replaced, as asked (nothing good to keep)', async () => {
    const out = join(directory, 'again.json');
    expect((await runLoupe(['snapshot', '--out', out, ...missing])).code).toBe(1);
    const first = read(out).testedAt;
    const run = await runLoupe(['snapshot', '--out', out, ...missing]);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain('kept');
    expect(read(out).testedAt).not.toBe(first);
    expect(besides(directory, 'again.', ['again.json'])).toEqual([]);
  });

  it('--out a folder: a name Loupe picks never replaces a file there, good or not (-2 is added)', async () => {
    const into = join(directory, 'into');
    mkdirSync(into);
    // Every name this run could pick, from a second ago to two minutes on: each already holds a record.
    const taken: string[] = [];
    const start = Date.now() - 1_000;
    for (let second = 0; second <= 121; second++) {
      const stamp = new Date(start + second * 1_000)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z')
        .replace(/[-:]/g, '');
      const name = `loupe-server-${stamp}.json`;
      writeFileSync(join(into, name), `{"record": ${second}}\n`);
      taken.push(name);
    }
    const run = await runLoupe(['snapshot', '--out', into, ...missing]);
    expect(run.code).toBe(1);
    taken.forEach((name, second) =>
      expect(readFileSync(join(into, name), 'utf8')).toBe(`{"record": ${second}}\n`),
    );
    const written = besides(into, 'loupe-', taken);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^loupe-server-\d{8}T\d{6}Z-2\.json$/);
    expect(read(join(into, written[0] ?? '')).connected).toBe(false);
  });
});
