/**
 * The grants without a person, through the built `loupe` CLI, against oidc-provider (test/servers/oidcMachine.mjs):
 * client credentials with client_secret_basic, client_secret_post and private_key_jwt (a PEM file and a JWK), the
 * JWT bearer grant with a workload's JWT from a file or a command (its refusals surfaced, one request each), and
 * DPoP: a bound token from the provider (with and without its nonce), presented in the DPoP scheme with a fresh
 * proof per request, the MCP server's nonce retried once. Nothing printed or stored shows a secret.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
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

interface MachineLog {
  grants: string[];
  tokenTypes: string[];
  thumbprints: (string | null)[];
  schemes: string[];
  jtis: string[];
  rsNonceChallenges: number;
  refused: string[];
}

async function start(...flags: string[]): Promise<{ url: string; keys: string }> {
  const keys = mkdtempSync(join(tmpdir(), 'loupe-machine-keys-'));
  server = await startPrintingUrl(
    [serverPaths.oidcMachine, '--key-dir', keys, ...flags],
    'http',
    'oidc-machine',
  );
  return { url: server.url, keys };
}

async function machineLog(url: string): Promise<MachineLog> {
  return (await (await fetch(new URL('/control/log', url))).json()) as MachineLog;
}

const store = () => ['--auth-store', mkdtempSync(join(tmpdir(), 'loupe-grants-store-'))];

describe('loupe with the grants without a person, at oidc-provider', () => {
  it.each([
    [
      'client_secret_basic',
      [
        '--client-id',
        'loupe-machine-basic',
        '--client-secret',
        'machine-secret-basic-41c',
        '--client-auth',
        'basic',
      ],
    ],
    [
      'client_secret_post',
      [
        '--client-id',
        'loupe-machine-post',
        '--client-secret',
        'machine-secret-post-9d2',
        '--client-auth',
        'post',
      ],
    ],
  ])('client credentials with %s list the tools', async (_method, flags) => {
    const { url } = await start();
    const run = await runLoupe([
      'list',
      '--url',
      url,
      '--grant',
      'client-credentials',
      ...flags,
      ...store(),
      '--debug',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('whoami');
    const log = await machineLog(url);
    expect(log.grants).toEqual(['client_credentials']);
    expect(log.schemes.every((scheme) => scheme === 'Bearer')).toBe(true);
    expect(run.stderr).toMatch(/auth: grant POST http:\/\/127\.0\.0\.1:\d+\/token → 200/);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/machine-secret/);
  });

  it('client credentials with private_key_jwt, from a PEM file and from a JWK file', async () => {
    const { url, keys } = await start();
    for (const file of ['client-key.pem', 'client-key.jwk']) {
      const run = await runLoupe([
        'list',
        '--url',
        url,
        '--grant',
        'client-credentials',
        '--client-id',
        'loupe-machine-jwt',
        '--private-key-file',
        join(keys, file),
        ...store(),
        '--debug',
      ]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('whoami');
      expect(run.stderr).toContain('"token_endpoint_auth_method":"private_key_jwt"');
    }
    expect((await machineLog(url)).grants).toEqual(['client_credentials', 'client_credentials']);
  });

  it('names a missing key file, a malformed JWK and a refused client, before or at the one token request', async () => {
    const { url, keys } = await start();
    const base = [
      'list',
      '--url',
      url,
      '--grant',
      'client-credentials',
      '--client-id',
      'loupe-machine-jwt',
      ...store(),
    ];
    const missing = await runLoupe([...base, '--private-key-file', join(keys, 'absent.pem')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      `cannot read the private key file "${join(keys, 'absent.pem')}" (no such file)`,
    );
    const malformed = await runLoupe([
      ...base,
      '--private-key-jwk',
      '{"kty":"EC","crv":"P-256","x":"AAAA","y":"BBBB","d":"CCCC"}',
    ]);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toMatch(
      /Sign-in failed at the JWT assertion: the private key JWK is a malformed EC JWK/,
    );
    const wrongSecret = await runLoupe([
      'list',
      '--url',
      url,
      '--grant',
      'client-credentials',
      '--client-id',
      'loupe-machine-basic',
      '--client-secret',
      'not-the-secret',
      ...store(),
    ]);
    expect(wrongSecret.code).toBe(1);
    expect(wrongSecret.stderr).toMatch(
      /Sign-in failed at the token request: http:\/\/127\.0\.0\.1:\d+\/token refused: invalid_client/,
    );
    expect(wrongSecret.stderr).not.toContain('not-the-secret');
    expect((await machineLog(url)).grants).toEqual([]);
  });

  it('the JWT bearer grant with a workload JWT from a file and from a command; refusals surfaced once, not retried', async () => {
    const { url, keys } = await start();
    const base = ['list', '--url', url, '--client-id', 'loupe-workload'];
    const fromFile = await runLoupe([
      ...base,
      '--assertion-file',
      join(keys, 'workload.jwt'),
      ...store(),
      '--debug',
    ]);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(fromFile.stdout).toContain('whoami');
    expect(fromFile.stderr).toContain('"sub":"ci-job-7"');
    const fromCommand = await runLoupe([
      ...base,
      '--assertion-command',
      `cat '${join(keys, 'workload.jwt')}'`,
      ...store(),
    ]);
    expect(fromCommand.code, fromCommand.stderr).toBe(0);
    expect((await machineLog(url)).grants).toEqual([
      'urn:ietf:params:oauth:grant-type:jwt-bearer',
      'urn:ietf:params:oauth:grant-type:jwt-bearer',
    ]);

    const wrongAudience = await runLoupe([
      ...base,
      '--assertion-file',
      join(keys, 'workload-wrong-aud.jwt'),
      ...store(),
    ]);
    expect(wrongAudience.code).toBe(1);
    expect(wrongAudience.stderr).toMatch(
      /Sign-in failed at the token request: http:\/\/127\.0\.0\.1:\d+\/token refused: invalid_grant \(grant request is invalid\)/,
    );
    expect((await machineLog(url)).refused).toEqual([
      'urn:ietf:params:oauth:grant-type:jwt-bearer: invalid_grant',
    ]);

    const expired = await runLoupe([
      ...base,
      '--assertion-file',
      join(keys, 'workload-expired.jwt'),
      ...store(),
    ]);
    expect(expired.code).toBe(1);
    expect(expired.stderr).toMatch(
      /Sign-in failed at the JWT assertion: the workload’s JWT from file ".*workload-expired\.jwt" expired \d+ s ago/,
    );
    const failing = await runLoupe([
      ...base,
      '--assertion-command',
      'echo token service down >&2; exit 3',
      ...store(),
    ]);
    expect(failing.code).toBe(1);
    expect(failing.stderr).toContain('the command for the workload’s JWT exited with 3: token service down');
    // Neither reached the token endpoint; the wrong audience was asked once.
    expect((await machineLog(url)).refused).toHaveLength(1);
    // Five loupe processes in a row, each signing in over HTTP: the file's 30 s per test fits one or two of them on a
    // machine at load 12-16 (a loaded clean-clone .ci/run took 30.2 s here), so this test has a budget for five.
  }, 150_000);

  it('the snapshot and the journal keep the grant’s steps as masked frames', async () => {
    const { url, keys } = await start('--dpop');
    const out = join(keys, 'snapshot.json');
    const journal = join(keys, 'journal.jsonl');
    const run = await runLoupe([
      'snapshot',
      '--out',
      out,
      '--journal',
      journal,
      '--url',
      url,
      '--client-id',
      'loupe-workload',
      '--assertion-file',
      join(keys, 'workload.jwt'),
      ...store(),
    ]);
    expect(run.code, run.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    const snapshot = JSON.parse(text) as { frames: { http?: { auth?: string } }[] };
    expect(snapshot.frames.flatMap((frame) => (frame.http?.auth ? [frame.http.auth] : []))).toEqual([
      'challenge',
      'prm',
      'as-metadata',
      'dpop',
      'registration',
      'assertion',
      'grant',
      'dpop',
    ]);
    for (const saved of [text, readFileSync(journal, 'utf8')]) {
      expect(saved).toContain('"sub\\":\\"ci-job-7\\"');
      expect(saved).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}/);
    }
  });

  it('DPoP: a bound token, the DPoP scheme and a fresh proof on every request; both nonces retried once', async () => {
    const { url } = await start('--dpop', '--as-nonce', '--rs-nonce');
    const auth = store();
    const run = await runLoupe([
      'call',
      'whoami',
      '--url',
      url,
      '--grant',
      'client-credentials',
      '--client-id',
      'loupe-machine-basic',
      '--client-secret',
      'machine-secret-basic-41c',
      ...auth,
      '--debug',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('client loupe-machine-basic');
    const log = await machineLog(url);
    expect(log.grants).toEqual(['client_credentials']);
    expect(log.tokenTypes).toEqual(['DPoP']);
    expect(log.rsNonceChallenges).toBe(1);
    expect(log.schemes.length).toBeGreaterThanOrEqual(3);
    expect(new Set(log.schemes)).toEqual(new Set(['DPoP']));
    expect(new Set(log.jtis).size).toBe(log.jtis.length);
    // The token endpoint's nonce: refused without it (400), granted with it; then the MCP server's, once.
    expect(run.stderr).toMatch(/auth: grant POST \S+\/token → 400 .*"nonce":false/);
    expect(run.stderr).toMatch(/auth: grant POST \S+\/token → 200 .*"nonce":true.*"token_type":"DPoP"/);
    expect(run.stderr).toMatch(/auth: dpop → 401 .*retried with the MCP server’s nonce/);
    expect(log.refused).toEqual(['client_credentials: use_dpop_nonce']);
    // The key is sealed with the token: the next run presents the saved bound token without a new grant.
    const again = await runLoupe(['list', '--url', url, ...auth]);
    expect(again.code, again.stderr).toBe(0);
    expect((await machineLog(url)).grants).toEqual(['client_credentials']);
    const saved = readdirSync(auth[1] ?? '')
      .map((name) => readFileSync(join(auth[1] ?? '', name), 'utf8'))
      .join('\n');
    expect(saved).toContain('"tokenType": "DPoP"');
    // No private JWK member and no JWT in the clear. (A bare "eyJ" is not the test: the sealed values and the key file
    // are random base64, which holds those three letters about once in 260,000 positions; a JWT's dots never occur.)
    expect(saved).not.toMatch(/"d":|eyJ[\w-]*\.[\w-]*\./);
  });
});
