/**
 * Every command that takes --json prints JSON on stdout, failures included: `{"error": {kind, code?, message,
 * doctor}}` (or, for snapshot and watch, their own document or line carrying `error`). One success and one failure
 * per command: a dead port, a bad file, a usage error found after --json was read. Each asserts that stdout parses
 * and the error's kind; the human line stays on stderr. Before, `snapshot --json` and `board --json` printed text
 * and `list --json` on a dead port printed nothing on stdout.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, requireBuild, runLoupe, startLoupe, type LoupeRun } from './loupe.js';

interface ErrorDocument {
  error: {
    kind: string;
    code?: number;
    message: string;
    doctor: { likelyCause: string; nextStep: string } | null;
  };
}

let folder: string;
let deadUrl: string;
let pinned: string;

beforeAll(async () => {
  requireBuild();
  folder = await mkdtemp(join(tmpdir(), 'loupe-json-'));
  deadUrl = `http://127.0.0.1:${await freePort()}/mcp`;
  pinned = join(folder, 'pinned.json');
  const written = await runLoupe(['snapshot', '--out', pinned, '--demo']);
  expect(written.code, written.stderr).toBe(0);
}, 60_000);
afterAll(() => rm(folder, { recursive: true, force: true }));

function parsed<T>(run: LoupeRun): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON: ${JSON.stringify(run.stdout.slice(0, 300))}; stderr: ${run.stderr}`);
  }
}

/** A failure: exit code, stdout one JSON error document of that kind, and the human line on stderr. */
function expectError(run: LoupeRun, code: number, kind: string): ErrorDocument['error'] {
  expect(run.code, run.stderr).toBe(code);
  const { error } = parsed<ErrorDocument>(run);
  expect(error.kind).toBe(kind);
  expect(typeof error.message).toBe('string');
  expect(run.stderr).toMatch(/^loupe: /);
  return error;
}

describe('--json on success and on failure, per command', { timeout: 90_000 }, () => {
  it('list: items as sent; a dead port is connection-refused with the doctor; a bad --kind is usage', async () => {
    const ok = await runLoupe(['list', '--json', '--demo']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(parsed<{ items: unknown[] }>(ok).items).toHaveLength(163);
    const refused = expectError(
      await runLoupe(['list', '--json', '--url', deadUrl]),
      1,
      'connection-refused',
    );
    expect(refused.doctor?.likelyCause).toBe('Nothing listens at that host and port.');
    const usage = expectError(await runLoupe(['list', '--json', '--demo', '--kind', 'widgets']), 2, 'usage');
    expect(usage.message).toBe('--kind is one of tools, resources, templates, prompts, skills; got "widgets".');
    expect(usage.doctor).toBeNull();
  });

  it('list --config: the file as JSON; a config that is /dev/zero is an io-error', async () => {
    const config = join(folder, 'claude_desktop_config.json');
    await writeFile(config, JSON.stringify({ mcpServers: { demo: { command: 'node', args: ['x.js'] } } }));
    const ok = await runLoupe(['list', '--json', '--config', config]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(parsed<{ servers: { name: string }[] }>(ok).servers.map((server) => server.name)).toEqual([
      'demo',
    ]);
    const zero = expectError(await runLoupe(['list', '--json', '--config', '/dev/zero']), 1, 'io-error');
    expect(zero.message).toBe('/dev/zero: it is not a regular file but a character device');
  });

  it('call: the whole result; an unknown tool is rpc-error, a dead port connection-refused', async () => {
    const ok = await runLoupe(['call', 'echo', '--json', '--demo', '--args', '{"a":1}']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(parsed(ok)).toEqual({ content: [{ type: 'text', text: '{"a":1}' }] });
    const unknown = expectError(await runLoupe(['call', 'no_such_tool', '--json', '--demo']), 1, 'rpc-error');
    expect(unknown.code).toBe(-32602);
    expect(unknown.doctor?.likelyCause).toMatch(
      /^“no_such_tool” is not among the 163 tools the server listed/,
    );
    expectError(await runLoupe(['call', 'echo', '--json', '--url', deadUrl]), 1, 'connection-refused');
    expectError(await runLoupe(['call', '--json', '--demo']), 2, 'usage');
  });

  it('lint: findings as JSON; a dead port is connection-refused', async () => {
    const ok = await runLoupe(['lint', '--json', '--demo']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(parsed<{ findings: unknown[] }>(ok).findings.length).toBeGreaterThan(0);
    expectError(await runLoupe(['lint', '--json', '--url', deadUrl]), 1, 'connection-refused');
  });

  it('snapshot: where it wrote and what; a failed connection still writes, and says so as JSON', async () => {
    const out = join(folder, 'ok.json');
    const ok = await runLoupe(['snapshot', '--json', '--out', out, '--demo']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(parsed(ok)).toMatchObject({
      out,
      connected: true,
      serverInfo: { name: 'loupe-demo' },
      toolCount: 163,
      toolsComplete: true,
      pages: 5,
    });
    const failed = join(folder, 'failed.json');
    const run = await runLoupe(['snapshot', '--json', '--out', failed, '--url', deadUrl]);
    expect(run.code).toBe(1);
    const document = parsed<{ out: string; connected: boolean; error: ErrorDocument['error'] }>(run);
    expect(document).toMatchObject({ out: failed, connected: false, error: { kind: 'connection-refused' } });
    expect(document.error.doctor?.nextStep).toMatch(/^Start the server/);
    expectError(await runLoupe(['snapshot', '--json', '--demo']), 2, 'usage');
  });

  it('diff: the diff document; a missing file is an io-error with exit 2', async () => {
    const ok = await runLoupe(['diff', '--json', pinned, pinned]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(parsed<{ changes: unknown[] }>(ok).changes).toEqual([]);
    const missing = join(folder, 'missing.json');
    const error = expectError(await runLoupe(['diff', '--json', pinned, missing]), 2, 'io-error');
    expect(error.message).toBe(`No snapshot file at ${missing}.`);
    const failed = join(folder, 'failed.json');
    expectError(await runLoupe(['diff', '--json', failed, pinned]), 2, 'not-connected');
  });

  it('board: the rows and totals; a folder without snapshots is an io-error', async () => {
    const ok = await runLoupe(['board', '--json', pinned]);
    expect(ok.code, ok.stderr).toBe(0);
    const board = parsed<{
      rows: { serverName: string; readable: boolean }[];
      totals: { toolCount: number };
    }>(ok);
    expect(board.rows).toMatchObject([{ serverName: 'loupe-demo', readable: true }]);
    expect(board.totals.toolCount).toBe(163);
    const empty = join(folder, 'empty');
    await mkdir(empty);
    const error = expectError(await runLoupe(['board', '--json', empty]), 1, 'io-error');
    expect(error.message).toBe(`No snapshot files (*.json) in ${empty}.`);
    expectError(await runLoupe(['board', '--json', '--demo']), 2, 'usage');
  });

  it('auth logout: what was forgotten; without --url a usage error', async () => {
    const store = join(folder, 'auth');
    const ok = await runLoupe(['auth', 'logout', '--json', '--auth-store', store, '--url', deadUrl]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(parsed(ok)).toEqual({ url: deadUrl, signedOut: false, removed: 0 });
    const usage = expectError(await runLoupe(['auth', 'logout', '--json']), 2, 'usage');
    expect(usage.message).toBe('auth logout needs the server: --url <url>.');
  });

  it('watch: JSON lines; a dead port is one line with the error', async () => {
    const watching = startLoupe(['watch', '--json', '--demo']);
    const first = await watching.waitForLine((line) => line.includes('"listed"'));
    expect(JSON.parse(first)).toMatchObject({ event: 'listed', kind: 'tools', count: 163, complete: true });
    expect(await watching.stop()).toBe(0);
    const dead = await runLoupe(['watch', '--json', '--url', deadUrl]);
    expect(dead.stdout.trimEnd().split('\n')).toHaveLength(1);
    expectError(dead, 1, 'connection-refused');
  });

  it('web: one JSON line with the URL; a port in use is named as an io-error', async () => {
    const serving = startLoupe(['web', '--json', '--port', '0']);
    const first = await serving.waitForLine((line) => line.startsWith('{'));
    const line = JSON.parse(first) as { event: string; url: string };
    expect(line.event).toBe('listening');
    expect(line.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+$/);
    const port = new URL(line.url).port;
    const taken = await runLoupe(['web', '--json', '--port', port]);
    const error = expectError(taken, 1, 'io-error');
    expect(error.message).toBe(
      `Port ${port} on 127.0.0.1 is already in use: give another --port, or --port 0 for any free one`,
    );
    expect(taken.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(await serving.stop()).toBe(0);
  });
});
