/**
 * Interactive `loupe list --url` against a real OpenID Provider (oidc-provider in front of an SDK server that checks
 * bearer tokens, test/servers/oidcProtected.mjs): Loupe prints the authorization URL and waits; the test is the
 * user, following that URL through the provider's login and consent pages with fetch; Loupe lists the tools.
 * The second run lists with the saved sign-in, and neither the store nor the output holds a token in clear.
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
});
