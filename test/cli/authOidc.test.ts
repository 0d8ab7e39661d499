/**
 * Interactive `loupe list --url` against a real OpenID Provider (oidc-provider in front of an SDK server that checks
 * bearer tokens, test/servers/oidcProtected.mjs): Loupe prints the authorization URL and waits; the test is the
 * user, following that URL through the provider's login and consent pages with fetch; Loupe lists the tools.
 * The second run lists with the saved sign-in, and neither the store nor the output holds a token in clear. A
 * redirect with another state (a stale tab, a forged link) reaching the loopback receiver first is answered "not
 * the sign-in Loupe is waiting for" and neither ends the sign-in nor is taken for it.
 */
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInAtOidcProvider } from '../helpers/oidcBrowser.js';
import { startOidcProtectedServer, type RunningHttpServer } from '../helpers/servers.js';
import { requireBuild, runLoupe, startLoupe } from './loupe.js';

let server: RunningHttpServer | undefined;
beforeAll(requireBuild);
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** The sign-in URL loupe prints on stderr, once it has. */
function printedUrl(loupe: ReturnType<typeof startLoupe>): Promise<string> {
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

describe('loupe signing in at oidc-provider', () => {
  it('prints the URL, the user signs in at the provider, the tools list; the next run reuses the sign-in', async () => {
    server = await startOidcProtectedServer();
    const store = mkdtempSync(join(tmpdir(), 'loupe-cli-oidc-'));
    const loupe = startLoupe(['list', '--url', server.url, '--auth-store', store]);
    const line = await new Promise<string>((resolve, reject) => {
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
    const authorization = new URL(line);
    expect(authorization.searchParams.get('resource')).toBe(server.url);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    const visited = await signInAtOidcProvider(line);
    expect(visited.filter((url) => url.includes('/interaction/')).length).toBeGreaterThanOrEqual(2);
    expect(visited.at(-1)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?code=/);
    const [code] = (await once(loupe.child, 'exit')) as [number | null];
    expect(code, loupe.stderrLines.join('\n')).toBe(0);
    expect(loupe.stdoutLines.join('\n')).toContain('whoami');

    const again = await runLoupe(['list', '--url', server.url, '--auth-store', store]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('whoami');
    expect(again.stderr).not.toContain('Open this URL');

    const log = (await (await fetch(new URL('/control/log', server.url))).json()) as {
      grants: string[];
      tokens: string[];
    };
    expect(log.grants).toEqual(['authorization_code']);
    const printed = [...loupe.stdoutLines, ...loupe.stderrLines, again.stdout, again.stderr].join('\n');
    for (const name of readdirSync(store)) {
      const text = readFileSync(join(store, name), 'utf8');
      for (const token of log.tokens) expect(text.includes(token), `${name} holds a token`).toBe(false);
    }
    for (const token of log.tokens) expect(printed).not.toContain(token);
  });

  it('a redirect with another state is answered as not this sign-in, and the right one still signs in', async () => {
    server = await startOidcProtectedServer();
    const store = mkdtempSync(join(tmpdir(), 'loupe-cli-oidc-state-'));
    const loupe = startLoupe(['list', '--url', server.url, '--auth-store', store]);
    const authorization = new URL(await printedUrl(loupe));
    const redirect = new URL(authorization.searchParams.get('redirect_uri') ?? '');
    const forged = await fetch(`${redirect.href}?code=forged-code&state=not-the-one-loupe-sent`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('This is not the sign-in Loupe is waiting for.');
    const stateless = await fetch(`${redirect.href}?code=forged-code`);
    expect(stateless.status).toBe(400);
    // Still waiting: the sign-in goes on at the provider and its own redirect is taken.
    expect(loupe.child.exitCode).toBeNull();
    const visited = await signInAtOidcProvider(authorization.href);
    expect(visited.at(-1)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?code=/);
    const [code] = (await once(loupe.child, 'exit')) as [number | null];
    expect(code, loupe.stderrLines.join('\n')).toBe(0);
    expect(loupe.stdoutLines.join('\n')).toContain('whoami');
    // No error or warning: the one loupe line is what it declared (printed after every successful list).
    expect(loupe.stderrLines.filter((line) => line.startsWith('loupe:'))).toEqual([
      expect.stringMatching(/^loupe: client capabilities declared: /),
    ]);
  });
});
