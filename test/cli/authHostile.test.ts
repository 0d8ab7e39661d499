/**
 * Hostile sign-in metadata through the real `loupe` CLI (test/servers/hostileAuth.mjs): an authorization, token or
 * registration endpoint that is not https (plain http only on a loopback host), or an authorization server named
 * with another scheme, is refused before anything is registered, exchanged or printed as a sign-in URL, in one
 * auth-failed line naming the step, the field and the URL (quoted, never as a link). A metadata request that never
 * answers is named as that sign-in step, not as the MCP request it happened under.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHostileAuthServer, type RunningHttpServer } from '../helpers/servers.js';
import { requireBuild, runLoupe } from './loupe.js';

let server: RunningHttpServer | undefined;
beforeAll(requireBuild);
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function serverLog(url: string): Promise<{ paths: string[]; registrations: number; tokens: number }> {
  return (await (await fetch(new URL('/control/log', url))).json()) as {
    paths: string[];
    registrations: number;
    tokens: number;
  };
}

const refusals = [
  {
    mode: 'javascript-authorize',
    line: 'loupe: auth-failed: Sign-in failed at authorization server metadata: authorization_endpoint "javascript:alert(document.domain)//" has the scheme "javascript:", not https; Loupe does not use it',
  },
  {
    mode: 'file-token',
    line: 'loupe: auth-failed: Sign-in failed at authorization server metadata: token_endpoint "file:///etc/passwd" has the scheme "file:", not https; Loupe does not use it',
  },
  {
    mode: 'http-register',
    line: 'loupe: auth-failed: Sign-in failed at authorization server metadata: registration_endpoint "http://auth.example.test/register" is plain http on a host that is not loopback (the authorization spec requires https); Loupe does not use it',
  },
  {
    mode: 'prm-javascript',
    line: 'loupe: auth-failed: Sign-in failed at protected resource metadata: authorization_servers[0] "javascript:alert(1)" has the scheme "javascript:", not https; Loupe does not use it',
  },
];

describe('loupe refusing hostile sign-in metadata', () => {
  it.each(refusals)('$mode: refused before registering or printing a URL', async ({ mode, line }) => {
    server = await startHostileAuthServer(mode);
    const store = mkdtempSync(join(tmpdir(), 'loupe-hostile-auth-'));
    const run = await runLoupe(['list', '--url', server.url, '--auth-store', store]);
    expect(run.code, run.stderr).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(line);
    expect(run.stderr).not.toContain('Open this URL');
    expect(run.stdout).toBe('');
    const log = await serverLog(server.url);
    expect(log.registrations).toBe(0);
    expect(log.tokens).toBe(0);
    expect(log.paths).not.toContain('POST /register');
  });

  it('a metadata request that never answers is named as that sign-in step', async () => {
    server = await startHostileAuthServer('silent-metadata');
    const store = mkdtempSync(join(tmpdir(), 'loupe-hostile-auth-'));
    const run = await runLoupe(['list', '--url', server.url, '--auth-store', store, '--timeout', '3000']);
    expect(run.code, run.stderr).toBe(1);
    const metadataUrl = new URL('/.well-known/oauth-authorization-server', server.url).href;
    expect(run.stderr.split('\n')[0]).toBe(
      `loupe: auth-failed: Sign-in failed at authorization server metadata: ${metadataUrl} got no answer within 3 s`,
    );
    expect(run.stderr).not.toContain('server/discover got no answer');
    expect(run.stderr).not.toContain('initialize got no answer');
    const log = await serverLog(server.url);
    // One probe, one sign-in: no fallback to initialize while the sign-in was still under way.
    expect(log.paths.filter((path) => path === 'POST /mcp')).toHaveLength(1);
    expect(log.registrations).toBe(0);
  }, 30_000);
});
