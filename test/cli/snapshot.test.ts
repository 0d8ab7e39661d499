import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/shared/snapshot.js';
import { serverCommand } from '../helpers/servers.js';
import { requireBuild, runLoupe } from './loupe.js';

beforeAll(requireBuild);

const directory = mkdtempSync(join(tmpdir(), 'loupe-cli-snapshot-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function read(path: string): Snapshot {
  return JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
}

describe('loupe snapshot', { timeout: 60_000 }, () => {
  it('writes a complete snapshot of the demo and says so in one line', async () => {
    const out = join(directory, 'demo.json');
    const run = await runLoupe(['snapshot', '--demo', '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toMatch(new RegExp(`^Wrote ${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: loupe-demo 1\\.0\\.0, 163 tools over 5 pages, \\d+ findings, \\d+ frames$`));
    const snapshot = read(out);
    expect(snapshot.format).toBe('loupe.snapshot/1');
    expect(snapshot.connected).toBe(true);
    expect(Date.parse(snapshot.testedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(snapshot.testedAt).toMatch(/Z$/);
    expect(snapshot.toolCount).toBe(163);
    expect(snapshot.toolNames).toContain('get_weather_report');
    expect(snapshot.anyToolDescribed).toBe(true);
    expect(snapshot.pages).toHaveLength(5);
    expect(snapshot.toolsComplete).toBe(true);
    expect(snapshot.serverInfo).toMatchObject({ name: 'loupe-demo' });
    expect(snapshot.lists?.resources?.items).toHaveLength(60);
    expect(snapshot.lists?.prompts?.items).toHaveLength(3);
    const firstList = snapshot.frames.find((frame) => frame.method === 'tools/list' && frame.direction === 'out');
    expect(firstList?.raw).toContain('"tools/list"');
  });

  it('redacts secret-looking env values in the file', async () => {
    const out = join(directory, 'secret.json');
    const run = await runLoupe(['snapshot', '--out', out, '--env', 'API_TOKEN=hunter2', '--env', 'REGION=eu', '--', ...serverCommand('fault')]);
    expect(run.code, run.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain('hunter2');
    const snapshot = read(out);
    expect(snapshot.target).toMatchObject({ transport: 'stdio', env: { API_TOKEN: '[redacted]', REGION: 'eu' } });
  });

  it('still writes a snapshot when the server dies: connected:false, the error, the frames; exit 1', async () => {
    const out = join(directory, 'dead.json');
    const run = await runLoupe(['snapshot', '--out', out, '--', process.execPath, '-e', 'process.stderr.write("boom: no config\\n"); process.exit(7)']);
    expect(run.code).toBe(1);
    expect(run.stdout.trim()).toMatch(/: not connected \(server-exited\), \d+ frames? recorded$/);
    expect(run.stderr.trim()).toMatch(/^loupe: server exited with code 7: .*boom: no config/);
    const snapshot = read(out);
    expect(snapshot.connected).toBe(false);
    expect(snapshot.error?.kind).toBe('server-exited');
    expect(snapshot.toolCount).toBe(0);
    expect(snapshot.frames.some((frame) => frame.kind === 'stderr' && frame.raw === 'boom: no config')).toBe(true);
    // auto opens with the server/discover probe; the server died answering it, and its frame is kept.
    expect(snapshot.frames.some((frame) => frame.method === 'server/discover')).toBe(true);
  });

  it('records a command that does not exist as a failed test', async () => {
    const out = join(directory, 'missing.json');
    const run = await runLoupe(['snapshot', '--out', out, '--', 'loupe-no-such-command-xyz']);
    expect(run.code).toBe(1);
    const snapshot = read(out);
    expect(snapshot.connected).toBe(false);
    expect(snapshot.error?.kind).toBe('command-not-found');
  });

  it('--out a folder: the file is loupe-<server>-<UTC time>.json in it, without loupe twice', async () => {
    const into = join(directory, 'into');
    mkdirSync(into);
    const run = await runLoupe(['snapshot', '--demo', '--out', into]);
    expect(run.code, run.stderr).toBe(0);
    const names = readdirSync(into);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^loupe-demo-\d{8}T\d{6}Z\.json$/);
    const snapshot = read(join(into, names[0] ?? ''));
    const stamp = snapshot.testedAt.replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
    expect(names[0]).toBe(`loupe-demo-${stamp}.json`);
    expect(run.stdout).toMatch(new RegExp(`^Wrote ${join(into, names[0] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
  });

  it('a failed connection names the doctor’s likely cause and next step under the error line', async () => {
    const run = await runLoupe(['snapshot', '--out', join(directory, 'nothing.json'), '--', 'loupe-no-such-command-xyz']);
    expect(run.code).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^loupe: command not found: /);
    expect(lines.slice(1)).toEqual([
      '  likely cause: The command does not exist on this PATH or is not executable.',
      '  next step: Install it, or give its full path; for npm packages use npx -y <package>.',
    ]);
  });
});
