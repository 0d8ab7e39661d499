import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPaths } from '../helpers/servers.js';
import { requireBuild, runLoupe, startLoupe } from './loupe.js';

beforeAll(requireBuild);

const directory = mkdtempSync(join(tmpdir(), 'loupe-cli-targets-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('target flags and --journal', { timeout: 60_000 }, () => {
  it('--cwd runs the server there (a relative script path resolves against it)', async () => {
    const run = await runLoupe([
      'list',
      '--cwd',
      join(serverPaths.fault, '..'),
      '--',
      process.execPath,
      'fault.mjs',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('12 tools · 3 pages');
  });

  it('--env reaches the server process', async () => {
    const script = 'process.stderr.write("region=" + process.env.LOUPE_REGION + "\\n"); process.exit(5)';
    const run = await runLoupe([
      'list',
      '--env',
      'LOUPE_REGION=eu-west',
      '--',
      process.execPath,
      '-e',
      script,
    ]);
    expect(run.code).toBe(1);
    const [errorLine, cause] = run.stderr.trim().split('\n');
    expect(errorLine).toMatch(/^loupe: server exited with code 5: region=eu-west$/);
    expect(cause).toBe('  likely cause: The command exited with exit code 5 before it could serve MCP. Its last stderr lines: “region=eu-west”.');
  });

  it('--journal keeps every frame on disk as JSON Lines', async () => {
    const journal = join(directory, 'frames.jsonl');
    const run = await runLoupe(['list', '--demo', '--journal', journal]);
    expect(run.code, run.stderr).toBe(0);
    const frames = readFileSync(journal, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { method?: string; direction: string });
    expect(frames.filter((frame) => frame.method === 'tools/list' && frame.direction === 'out')).toHaveLength(
      5,
    );
    expect(frames.some((frame) => frame.method === 'initialize')).toBe(true);
  });
});

describe('loupe web', { timeout: 60_000 }, () => {
  it('prints "Loupe is at <url>" first, serves there on 127.0.0.1, and stops on Ctrl-C', async () => {
    const web = startLoupe(['web', '--demo', '--port', '0']);
    try {
      const first = await web.waitForLine(() => true);
      expect(web.stdoutLines[0]).toBe(first);
      const match = /^Loupe is at (http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+)$/.exec(first);
      expect(match, first).not.toBeNull();
      // The page is served at the printed address with no cookie and no redirect; a wrong token is refused.
      const response = await fetch(match?.[1] ?? '', { redirect: 'manual' });
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toBeNull();
      const wrongToken = new URL(match?.[1] ?? '');
      wrongToken.searchParams.set('token', 'stale');
      expect((await fetch(wrongToken.href, { redirect: 'manual' })).status).toBe(401);
    } finally {
      expect(await web.stop()).toBe(0);
    }
  });
});
