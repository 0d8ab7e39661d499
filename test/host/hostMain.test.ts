/** `node out/node/host/main.js`: the first stdout line is the URL, the page answers, Ctrl-C stops it. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../backend/backendHarness.js';

const hostMain = (): string => ensureBuilt('out/node/host/main.js', ['src/host', 'src/core', 'src/shared']);

describe('host main', () => {
  beforeAll(() => {
    hostMain();
  }, 180_000);

  it('prints "Loupe is at <url>" first, serves the page without a cookie, and exits cleanly on SIGINT', async () => {
    const child = spawn(process.execPath, [hostMain(), '--port', '0', '--settings', '/nonexistent-dir-for-loupe/settings.json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const stderr: string[] = [];
    createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line));
    const firstLine = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL line; stderr: ${stderr.join('\n')}`)), 15_000);
      createInterface({ input: child.stdout }).once('line', (line) => {
        clearTimeout(timer);
        resolve(line);
      });
    });
    expect(firstLine).toMatch(/^Loupe is at http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/);
    const url = firstLine.slice('Loupe is at '.length);
    const stale = await fetch(url.replace(/\?token=.*/, '?token=stale'));
    expect(stale.status).toBe(401);
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(page.headers.get('location')).toBeNull();
    const exited = once(child, 'exit');
    child.kill('SIGINT');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
  });

  it('refuses an unknown option with a usage message and exit code 2', async () => {
    const child = spawn(process.execPath, [hostMain(), '--frobnicate'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(stderr).toContain('Unknown option --frobnicate');
  });
});
