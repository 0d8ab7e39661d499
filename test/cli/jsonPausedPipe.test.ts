/**
 * `loupe list --json` into a pipe whose reader does not read for a while (a pager nobody scrolls): a real CLI
 * process, a listing of 50,000 tools (about 40 MB of JSON) from the paginating test server over stdio, and a reader
 * process (fixtures/heldReader.mjs) holding the pipe's read end unread. While loupe waits for it, what it has handed
 * to the pipe stays within what the pipe holds (it generates the document as the reader takes it, rather than
 * queueing 40 MB for it) and its peak RSS, read from /proc, stays bounded; once read, the document is whole, valid
 * JSON. Loupe is taken as waiting when it has begun writing and neither its CPU time nor its writes move between
 * polls: the state a person sees as "it stopped and waits for me".
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPaths } from '../helpers/servers.js';
import { loupeBin, repositoryRoot, requireBuild } from './loupe.js';

const heldReader = fileURLToPath(new URL('./fixtures/heldReader.mjs', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'loupe-paused-pipe-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
beforeAll(requireBuild);

const tools = 50_000;
const mebibyte = 1024 * 1024;

/** What /proc says of a running process: resident set now and at its peak, bytes written, CPU ticks. */
interface ProcessState {
  rss: number;
  peakRss: number;
  written: number;
  cpu: number;
}

function processState(pid: number): ProcessState | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kilobytes = (key: string): number =>
      Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1]) * 1024;
    const written = Number(/wchar: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1]);
    // Fields 14 and 15 of stat (utime, stime), counted after the command name's closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return {
      rss: kilobytes('VmRSS'),
      peakRss: kilobytes('VmHWM'),
      written,
      cpu: Number(fields[11]) + Number(fields[12]),
    };
  } catch {
    return undefined;
  }
}

describe('loupe list --json into a paused pipe', () => {
  it('hands on no more than the pipe takes while unread, keeps its RSS bounded, and the document is whole once read', async () => {
    const out = join(folder, 'listing.json');
    const reader = spawn(process.execPath, [heldReader, out], { stdio: ['pipe', 'pipe', 'inherit'] });
    await once(reader.stdout, 'data');
    const loupe = spawn(
      process.execPath,
      [
        loupeBin,
        'list',
        '--json',
        '--page-limit',
        '1000',
        '--',
        process.execPath,
        serverPaths.paginating,
        '--tools',
        String(tools),
        '--page-size',
        '1000',
        '--no-control',
      ],
      {
        cwd: repositoryRoot,
        stdio: ['ignore', reader.stdin, 'pipe'],
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    // The pipe's write end is loupe's alone now: its end is the document's end.
    reader.stdin.destroy();
    let stderr = '';
    loupe.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    let exited = false;
    const closed = once(loupe, 'close').then(([code]) => {
      exited = true;
      return code as number | null;
    });

    // Waiting for the reader: it has begun writing (a first 64 KB piece), and nothing moves for five polls.
    let paused: ProcessState | undefined;
    let previous: ProcessState | undefined;
    let still = 0;
    while (paused === undefined) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (exited) throw new Error(`loupe exited while its reader held the pipe unread: ${stderr}`);
      const now = processState(loupe.pid ?? 0);
      if (!now) continue;
      const moved = !previous || now.cpu !== previous.cpu || now.written !== previous.written;
      still = !moved && now.written >= 64 * 1024 ? still + 1 : 0;
      previous = now;
      if (still >= 5) paused = now;
    }

    reader.kill('SIGUSR1');
    expect(await closed, stderr).toBe(0);
    await once(reader, 'close');
    const size = statSync(out).size;
    const document = JSON.parse(readFileSync(out, 'utf8')) as {
      kind: string;
      complete: boolean;
      items: { name: string }[];
      pages: unknown[];
    };
    expect(document.kind).toBe('tools');
    expect(document.complete).toBe(true);
    expect(document.items).toHaveLength(tools);
    expect(document.items.at(-1)?.name).toBe('tool_50000');
    expect(document.pages).toHaveLength(tools / 1000);
    expect(size).toBeGreaterThan(30 * mebibyte);

    // Everything loupe wrote (its requests to the server too) while unread: within the pipe and a piece, far from
    // the document. A loupe that queued the document for its reader had handed on 16 MB here, and held the rest.
    expect(paused.written).toBeLessThan(size / 8);
    // Its peak resident set so far, the listing of 50,000 tools held: the goal README's benchmark table sets.
    expect(paused.peakRss).toBeLessThan(300 * mebibyte);
  }, 180_000);
});
