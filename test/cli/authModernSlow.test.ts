/**
 * A person who takes 15 s to sign in to a protected 2026-07-28 server (test/servers/oidcModern.mjs: oidc-provider in
 * front of the v2 SDK, strict modern): `loupe list` prints the sign-in URL and waits; the test is the person,
 * opening that URL only after 15 s and logging in at the provider's pages. The era probe's 5 s counts only the
 * server's time, not the sign-in: with --protocol auto and --protocol modern alike Loupe speaks 2026-07-28 and
 * never falls back to initialize.
 */
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInAtOidcProvider } from '../helpers/oidcBrowser.js';
import { startOidcModernServer, type RunningHttpServer } from '../helpers/servers.js';
import { requireBuild, startLoupe, type LoupeProcess } from './loupe.js';

const personMs = 15_000;
let server: RunningHttpServer | undefined;
beforeAll(requireBuild);
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

function printedUrl(loupe: LoupeProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const found = loupe.stderrLines.find((entry) => /^http:\/\/127\.0\.0\.1:\d+\/auth\?/.test(entry));
      if (found) {
        clearInterval(timer);
        resolve(found);
      }
    }, 50);
    loupe.child.once('exit', () => {
      clearInterval(timer);
      reject(new Error(`loupe exited before printing the URL: ${loupe.stderrLines.join('\n')}`));
    });
  });
}

describe('signing in slowly to a 2026-07-28 server', () => {
  it.each(['auto', 'modern'])(
    '--protocol %s: signed in after 15 s, the server is spoken to in 2026-07-28',
    async (protocol) => {
      server = await startOidcModernServer();
      const folder = mkdtempSync(join(tmpdir(), 'loupe-cli-modern-slow-'));
      const journal = join(folder, 'frames.jsonl');
      const loupe = startLoupe([
        'list',
        '--url',
        server.url,
        '--protocol',
        protocol,
        '--auth-store',
        join(folder, 'auth'),
        '--journal',
        journal,
      ]);
      const url = await printedUrl(loupe);
      // The person opens the page 15 s later: three probe times, one and a half request timeouts.
      await new Promise((resolve) => setTimeout(resolve, personMs));
      expect(loupe.child.exitCode, loupe.stderrLines.join('\n')).toBeNull();
      await signInAtOidcProvider(url);
      const [code] = (await once(loupe.child, 'exit')) as [number | null];
      expect(code, loupe.stderrLines.join('\n')).toBe(0);
      expect(loupe.stdoutLines[0]).toMatch(/^MCP 2026-07-28 \(modern era\)/);
      expect(loupe.stdoutLines.join('\n')).toContain('whoami');
      const sent = readFileSync(journal, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { direction: string; method?: string })
        .filter((frame) => frame.direction === 'out' && frame.method !== undefined)
        .map((frame) => frame.method);
      expect(sent).not.toContain('initialize');
      expect(sent.filter((method) => method === 'server/discover').length).toBeGreaterThanOrEqual(1);
      const log = (await (await fetch(new URL('/control/log', server.url))).json()) as {
        grants: string[];
        methods: string[];
      };
      expect(log.grants).toEqual(['authorization_code']);
      expect(log.methods[0]).toBe('server/discover');
      expect(log.methods).not.toContain('initialize');
    },
    60_000,
  );
});
