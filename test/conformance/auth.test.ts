/**
 * The suite's `auth/*` client scenarios (all but the extensions), each driving the built `loupe` CLI through
 * client.mjs with --auth-non-interactive. A scenario the client must refuse also shows Loupe's one-line reason,
 * which names the step and the cause. Scenarios introduced in 2026-07-28 run loupe with `--protocol modern`
 * (client.mjs): they need the CLI to speak that revision after signing in.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { conformance, expectPassed, findRunner } from './harness.js';

beforeAll(findRunner, 320_000);

const signsIn = [
  'metadata-default',
  'metadata-var1',
  'metadata-var2',
  'metadata-var3',
  'basic-cimd',
  'scope-from-www-authenticate',
  'scope-from-scopes-supported',
  'scope-omitted-when-undefined',
  'scope-step-up',
  'token-endpoint-auth-basic',
  'token-endpoint-auth-post',
  'token-endpoint-auth-none',
  'pre-registration',
  '2025-03-26-oauth-metadata-backcompat',
  '2025-03-26-oauth-endpoint-fallback',
  'offline-access-scope',
  'offline-access-not-supported',
  'authorization-server-migration',
  'iss-supported',
  'iss-not-advertised',
];

/**
 * The extension sign-ins (SEP-1046, SEP-990, SEP-1933, SEP-1932). The suite declares them for no revision (their
 * source is an extension id) and runs them at 2025-11-25 by default; each also runs at 2026-07-28 (`--force`, as
 * the runner asks for an extension scenario there), where client.mjs runs loupe with `--protocol modern`. Each
 * with the number of checks it must pass (so a run that skipped its token request, or passed with 0, fails).
 */
const extensions: { scenario: string; legacyChecks: number; modernChecks: number }[] = [
  { scenario: 'client-credentials-jwt', legacyChecks: 8, modernChecks: 6 },
  { scenario: 'client-credentials-basic', legacyChecks: 8, modernChecks: 6 },
  { scenario: 'enterprise-managed-authorization', legacyChecks: 9, modernChecks: 7 },
  { scenario: 'wif-jwt-bearer', legacyChecks: 8, modernChecks: 6 },
  { scenario: 'dpop', legacyChecks: 12, modernChecks: 13 },
  { scenario: 'dpop-nonce', legacyChecks: 14, modernChecks: 15 },
];

/** Scenarios where signing in must fail, with the reason Loupe must give. */
const refuses: { scenario: string; reason: RegExp }[] = [
  {
    scenario: 'scope-retry-limit',
    reason:
      /auth-failed: (.*: )?Sign-in failed at reading the server’s challenge: the server still answers 403 insufficient_scope \(wants "mcp:admin"\) after 2 step-up sign-ins/,
  },
  {
    scenario: 'resource-mismatch',
    reason:
      /auth-failed: (.*: )?Sign-in failed at protected resource metadata: the protected resource metadata is for "https:\/\/evil\.example\.com\/mcp", not for http:\/\/localhost:\d+\/mcp/,
  },
  {
    scenario: 'iss-supported-missing',
    reason:
      /auth-failed: (.*: )?Sign-in failed at authorization: the authorization server advertises the iss parameter but the redirect has none/,
  },
  {
    scenario: 'iss-wrong-issuer',
    reason:
      /auth-failed: (.*: )?Sign-in failed at authorization: the redirect's iss "https:\/\/evil\.example\.com" does not match the authorization server's issuer "http:\/\/localhost:\d+"/,
  },
  {
    scenario: 'iss-unexpected',
    reason:
      /auth-failed: (.*: )?Sign-in failed at authorization: the redirect's iss "https:\/\/evil\.example\.com" does not match/,
  },
  {
    scenario: 'iss-normalized',
    reason:
      /auth-failed: (.*: )?Sign-in failed at authorization: the redirect's iss "http:\/\/localhost:\d+\/" does not match the authorization server's issuer "http:\/\/localhost:\d+"/,
  },
  {
    scenario: 'metadata-issuer-mismatch',
    reason:
      /auth-failed: (.*: )?Sign-in failed at authorization server metadata: the authorization server's issuer "https:\/\/attacker\.example\.com" does not match "http:\/\/localhost:\d+"/,
  },
];

/**
 * The scenarios the suite declares for 2025-11-25 and 2026-07-28 both (`conformance list --client`): each runs at
 * 2026-07-28 too, where client.mjs runs loupe with `--protocol modern` (MCP_CONFORMANCE_PROTOCOL_VERSION).
 */
const dualRevision = [
  'metadata-default',
  'metadata-var1',
  'metadata-var2',
  'metadata-var3',
  'basic-cimd',
  'scope-from-www-authenticate',
  'scope-from-scopes-supported',
  'scope-omitted-when-undefined',
  'scope-step-up',
  'scope-retry-limit',
  'token-endpoint-auth-basic',
  'token-endpoint-auth-post',
  'token-endpoint-auth-none',
  'pre-registration',
];

describe('@modelcontextprotocol/conformance 0.2.0-alpha.12 auth scenarios, driven through the loupe CLI', () => {
  it.each(dualRevision)(
    'auth/%s passes at 2026-07-28 as well',
    async (scenario) => {
      const { code, output } = await conformance(`auth/${scenario}`, '2026-07-28');
      expectPassed(code, output);
    },
    60_000,
  );

  it.each(signsIn)(
    'auth/%s passes',
    async (scenario) => {
      const { code, output } = await conformance(`auth/${scenario}`);
      expectPassed(code, output);
    },
    60_000,
  );

  it.each(extensions)(
    'auth/$scenario passes at 2025-11-25 ($legacyChecks checks)',
    async ({ scenario, legacyChecks }) => {
      const { code, output } = await conformance(`auth/${scenario}`);
      expectPassed(code, output);
      expect(output).toContain(`Passed: ${legacyChecks}/${legacyChecks}, 0 failed, 0 warnings`);
    },
    60_000,
  );

  it.each(extensions)(
    'auth/$scenario passes at 2026-07-28 ($modernChecks checks)',
    async ({ scenario, modernChecks }) => {
      const { code, output } = await conformance(`auth/${scenario}`, '2026-07-28', {}, ['--force']);
      expectPassed(code, output);
      expect(output).toContain(`Passed: ${modernChecks}/${modernChecks}, 0 failed, 0 warnings`);
    },
    60_000,
  );

  it.each(refuses)(
    'auth/$scenario passes, and loupe names why it refused',
    async ({ scenario, reason }) => {
      const log = join(mkdtempSync(join(tmpdir(), 'loupe-conformance-')), 'loupe-stderr.txt');
      const { code, output } = await conformance(`auth/${scenario}`, undefined, {
        LOUPE_CONFORMANCE_LOG: log,
      });
      expectPassed(code, output);
      const stderr = readFileSync(log, 'utf8');
      expect(stderr).toMatch(reason);
      // One error line with the reason, then at most the doctor's cause and next step: no stack, no token.
      const lines = stderr.trim().split('\n');
      expect(lines[0]).toMatch(/^loupe: /);
      expect(lines.length).toBeLessThanOrEqual(3);
      for (const line of lines.slice(1)) expect(line).toMatch(/^ {2}(likely cause|next step): /);
    },
    60_000,
  );
});
