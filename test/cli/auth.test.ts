/**
 * `loupe` signing in to a protected server (test/servers/protected.mjs) as a user would: non-interactively, and
 * interactively with the test acting as the browser; then every file Loupe wrote (the auth store, the journal, a
 * snapshot) and everything it printed is searched for the tokens the server issued: none appears in clear.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startProtectedServer, type RunningHttpServer } from '../helpers/servers.js';
import { requireBuild, runLoupe, startLoupe } from './loupe.js';

let server: RunningHttpServer | undefined;
beforeAll(requireBuild);
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function issuedTokens(base: string): Promise<string[]> {
  const log = (await (await fetch(`${base}/control/log`)).json()) as { tokens: string[] };
  return log.tokens;
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory).map((name) => join(directory, name));
}

describe('loupe signing in', () => {
  it('signs in without a browser, and no token is in clear in the store, the journal, the snapshot or the output', async () => {
    server = await startProtectedServer();
    const work = mkdtempSync(join(tmpdir(), 'loupe-cli-auth-'));
    const store = join(work, 'store');
    const url = `${server.url}/mcp`;
    const common = ['--url', url, '--auth-non-interactive', '--auth-store', store];
    const listed = await runLoupe(['list', ...common, '--journal', join(work, 'journal.jsonl'), '--debug']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('whoami');
    // --debug shows each step, masked.
    expect(listed.stderr).toMatch(
      /^auth: prm GET http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp → 200/m,
    );
    expect(listed.stderr).toMatch(/^auth: token POST http:\/\/127\.0\.0\.1:\d+\/as1\/token → 200/m);
    const snapshot = await runLoupe(['snapshot', ...common, '--out', join(work, 'server.snapshot.json')]);
    expect(snapshot.code, snapshot.stderr).toBe(0);
    const tokens = await issuedTokens(server.url);
    // One sign-in (access + refresh token); the snapshot run reused it.
    expect(tokens).toHaveLength(2);
    const written = [...filesUnder(store), join(work, 'journal.jsonl'), join(work, 'server.snapshot.json')];
    expect(
      filesUnder(store)
        .map((path) => path.slice(store.length + 1))
        .sort(),
    ).toEqual(['auth.json', 'auth.key']);
    for (const path of written) {
      const text = readFileSync(path, 'utf8');
      for (const token of tokens) expect(text.includes(token), `${path} holds a token in clear`).toBe(false);
    }
    for (const token of tokens) {
      expect(listed.stdout + listed.stderr + snapshot.stdout + snapshot.stderr).not.toContain(token);
    }

    const logout = await runLoupe(['auth', 'logout', '--url', url, '--auth-store', store]);
    expect(logout.code).toBe(0);
    expect(logout.stdout.trim()).toBe(`Signed out of ${url}.`);
    const again = await runLoupe(['auth', 'logout', '--url', url, '--auth-store', store]);
    expect(again.stdout.trim()).toBe(`No saved sign-in for ${url}.`);
  });

  it('prints the authorization URL and waits for the browser’s redirect to its loopback receiver', async () => {
    server = await startProtectedServer();
    const store = mkdtempSync(join(tmpdir(), 'loupe-cli-auth-'));
    const loupe = startLoupe(['list', '--url', `${server.url}/mcp`, '--auth-store', store]);
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const found = loupe.stderrLines.find((entry) =>
          entry.startsWith(`${server?.url ?? ''}/as1/authorize?`),
        );
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
    const authorization = new URL(line);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    // The test is the browser: the authorization server redirects to the loopback receiver.
    const granted = await fetch(line, { redirect: 'manual' });
    const location = granted.headers.get('location') ?? '';
    expect(location.startsWith(authorization.searchParams.get('redirect_uri') ?? '-')).toBe(true);
    const page = await fetch(location);
    expect(await page.text()).toContain('Signed in.');
    const [code] = (await once(loupe.child, 'exit')) as [number | null];
    expect(code, loupe.stderrLines.join('\n')).toBe(0);
    expect(loupe.stdoutLines.join('\n')).toContain('whoami');
  });

  it('uses a token given with --token as it is, and names the cause when the server refuses it', async () => {
    server = await startProtectedServer();
    const refused = await runLoupe(['list', '--url', `${server.url}/mcp`, '--token', 'not-a-token']);
    expect(refused.code).toBe(1);
    const [errorLine, cause] = refused.stderr.trim().split('\n');
    expect(errorLine).toBe(
      'loupe: auth-failed: Sign-in failed at reading the server’s challenge: the server refused the token given with --token (HTTP 401)',
    );
    expect(cause).toMatch(/^ {2}likely cause: The server wants credentials \(HTTP 401\)/);
    const store = mkdtempSync(join(tmpdir(), 'loupe-cli-auth-'));
    const signedIn = await runLoupe([
      'list',
      '--url',
      `${server.url}/mcp`,
      '--auth-non-interactive',
      '--auth-store',
      store,
    ]);
    expect(signedIn.code, signedIn.stderr).toBe(0);
    const [accessToken] = await issuedTokens(server.url);
    const withToken = await runLoupe(['list', '--url', `${server.url}/mcp`, '--token', accessToken ?? '']);
    expect(withToken.code, withToken.stderr).toBe(0);
    expect(withToken.stdout).toContain('whoami');
  });

  it('refuses malformed sign-in flags as usage errors (exit 2)', async () => {
    const mode = await runLoupe(['list', '--url', 'http://127.0.0.1:9/mcp', '--auth', 'maybe']);
    expect(mode.code).toBe(2);
    expect(mode.stderr.trim()).toBe('loupe: usage: --auth is auto or none; got "maybe"');
    const action = await runLoupe(['auth', '--url', 'http://127.0.0.1:9/mcp']);
    expect(action.code).toBe(2);
    expect(action.stderr.trim()).toBe('loupe: usage: auth wants an action: loupe auth logout --url <url>');
    const noServer = await runLoupe(['auth', 'logout', '--demo']);
    expect(noServer.code).toBe(2);
    expect(noServer.stderr.trim()).toBe('loupe: usage: auth logout needs the server: --url <url>');
  });
});
