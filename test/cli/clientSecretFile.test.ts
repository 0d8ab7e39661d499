/**
 * `--client-secret-file <path>` for the client-credentials grant, through the built `loupe` CLI against
 * oidc-provider (test/servers/oidcMachine.mjs): the secret comes from a file (never on the command line), one
 * trailing line break is not part of it, and nothing printed shows it; a wrong secret in the file is the provider's
 * invalid_client; a missing or empty file is a usage error naming the file, before any token request.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverPaths, startPrintingUrl, type RunningHttpServer } from '../helpers/servers.js';
import { requireBuild, runLoupe } from './loupe.js';

let server: RunningHttpServer | undefined;
beforeAll(requireBuild);
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const directory = mkdtempSync(join(tmpdir(), 'loupe-secret-file-'));
const secretFile = (name: string, text: string): string => {
  const path = join(directory, name);
  writeFileSync(path, text, { mode: 0o600 });
  return path;
};

async function start(): Promise<string> {
  const keys = mkdtempSync(join(tmpdir(), 'loupe-machine-keys-'));
  server = await startPrintingUrl([serverPaths.oidcMachine, '--key-dir', keys], 'http', 'oidc-machine');
  return server.url;
}

const grants = async (url: string): Promise<string[]> =>
  ((await (await fetch(new URL('/control/log', url))).json()) as { grants: string[] }).grants;

const list = (url: string, ...flags: string[]) =>
  runLoupe([
    'list',
    '--url',
    url,
    '--grant',
    'client-credentials',
    '--client-id',
    'loupe-machine-basic',
    '--client-auth',
    'basic',
    '--auth-store',
    mkdtempSync(join(tmpdir(), 'loupe-grants-store-')),
    ...flags,
  ]);

describe('--client-secret-file', () => {
  it('client credentials with the secret from a file list the tools; the secret is never printed', async () => {
    const url = await start();
    const run = await list(
      url,
      '--client-secret-file',
      secretFile('good', 'machine-secret-basic-41c\n'),
      '--debug',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('whoami');
    expect(await grants(url)).toEqual(['client_credentials']);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/machine-secret/);
  }, 60_000);

  it('a wrong secret in the file is refused by the provider; a missing or empty file is named, nothing sent', async () => {
    const url = await start();
    const wrong = await list(url, '--client-secret-file', secretFile('wrong', 'not-the-secret\n'));
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(
      /Sign-in failed at the token request: http:\/\/127\.0\.0\.1:\d+\/token refused: invalid_client/,
    );
    expect(wrong.stderr).not.toContain('not-the-secret');
    const absent = join(directory, 'absent');
    const missing = await list(url, '--client-secret-file', absent);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`--client-secret-file: cannot read "${absent}" (no such file)`);
    const emptyPath = secretFile('empty', '\n');
    const empty = await list(url, '--client-secret-file', emptyPath);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain(
      `--client-secret-file: "${emptyPath}" must hold the secret on one line (it is empty)`,
    );
    // Only the wrong secret reached the provider's token endpoint, and it was refused.
    expect(await grants(url)).toEqual([]);
  }, 60_000);
});
