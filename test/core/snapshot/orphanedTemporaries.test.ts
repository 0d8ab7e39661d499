/**
 * A writer killed with SIGKILL mid-write leaves its temporary file; the next atomic write into the same
 * directory removes it (its pid is gone), as well as temporaries untouched for longer than staleAfterMs, and
 * nothing else.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { staleAfterMs, temporaryWriter } from '../../../src/core/snapshot/temporaryFiles.js';
import { writeFileAtomic } from '../../../src/core/snapshot/writeSnapshot.js';
import { ensureBuilt } from '../../backend/backendHarness.js';

const writerScript = fileURLToPath(new URL('./interruptedWriter.mjs', import.meta.url));

describe('orphaned temporary files of atomic writes', () => {
  let directory = '';
  let compiled = '';
  // The child runs the compiled engine (out/node), built here when missing or stale: tsc takes a while.
  beforeAll(() => {
    compiled = ensureBuilt('out/node/core/snapshot/writeSnapshot.js', ['src/core', 'src/shared']);
  }, 180_000);
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'loupe-orphans-'));
  });
  let child: ChildProcess | undefined;
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(directory, { recursive: true, force: true });
  });

  it('removes the temporary file of a writer killed with SIGKILL mid-write on the next write', async () => {
    const writer = spawn(process.execPath, [writerScript, compiled, join(directory, 'big.json')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child = writer;
    const exited = once(writer, 'exit');
    let output = '';
    for await (const chunk of writer.stdout) {
      output += String(chunk);
      if (output.includes('writing\n')) break;
    }
    expect(output).toBe('writing\n');
    const [orphan, ...others] = await readdir(directory);
    expect(others).toEqual([]);
    expect(temporaryWriter(orphan)).toBe(writer.pid);
    expect(orphan.startsWith('.big.json.loupe-tmp-')).toBe(true);
    expect((await stat(join(directory, orphan))).size).toBeGreaterThanOrEqual(1024 * 1024);

    writer.kill('SIGKILL');
    const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
    expect([code, signal]).toEqual([null, 'SIGKILL']);
    expect(await readdir(directory)).toEqual([orphan]);

    await writeFileAtomic(join(directory, 'small.json'), '{"ok":true}\n');
    expect(await readdir(directory)).toEqual(['small.json']);
    expect(await readFile(join(directory, 'small.json'), 'utf8')).toBe('{"ok":true}\n');
    expect((await stat(join(directory, 'small.json'))).mode & 0o777).toBe(0o600);
  });

  it("keeps a live writer's fresh temporary and unrelated files, and removes long-untouched temporaries", async () => {
    const fresh = `.a.json.loupe-tmp-${process.pid}-0a1b2c3d4e5f`;
    const old = `.b.json.loupe-tmp-${process.pid}-aabbccddeeff`;
    const earlierVersion = `.c.json.${process.pid}.0badf00d.tmp`;
    const unrelated = '.notes.loupe-tmp-draft';
    for (const name of [fresh, old, earlierVersion, unrelated])
      await writeFile(join(directory, name), 'partial');
    const longAgo = new Date(Date.now() - staleAfterMs - 60_000);
    for (const name of [old, earlierVersion, unrelated])
      await utimes(join(directory, name), longAgo, longAgo);

    await writeFileAtomic(join(directory, 'd.json'), '{}');
    expect((await readdir(directory)).sort()).toEqual([fresh, unrelated, 'd.json'].sort());
  });
});
