/**
 * The official conformance suite's server scenarios, run by `loupe conform` (the built CLI) against `loupe mcp` itself
 * (the built command, over loopback HTTP with its credential in the URL, and over stdio through conform's bridge):
 * every scenario that applies to a server of tools and resources passes, in both revisions — the handshake or
 * server/discover, ping, the per-request envelope (server-stateless), tools and resources listed, an unknown resource
 * named, the loopback door, header validation, the input_required checks that need no fixture tool, sessions and SSE
 * streams in 2025-11-25, and the skills extension. Scenarios that call the suite's own fixture tools (test_*), prompts,
 * logging or completions do not apply (loupe mcp has none of them) and are not run; in server-stateless the checks
 * that need a fixture tool are the only ones that fail, each saying so.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConformReport } from '../../src/shared/conform.js';
import { requireBuild, runLoupe } from '../cli/loupe.js';
import { findSuiteRunner } from '../conform/suite.js';
import {
  agentEnvironment,
  agentFolder,
  httpAgent,
  mcpCommand,
  type AgentFolder,
  type HttpAgent,
} from './agentHarness.js';

const legacyScenarios = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'server-session-lifecycle',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
];
const modernScenarios = [
  'tools-list',
  'resources-list',
  'sep-2164-resource-not-found',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
  'http-header-validation',
  'input-required-result-missing-input-response',
  'input-required-result-unsupported-methods',
  'input-required-result-ignore-extra-params',
  'input-required-result-validate-input',
  'sep-2640-skills-enumeration',
  'sep-2640-skills-manifest',
  'sep-2640-skills-directory',
];
/** The server-stateless checks that call a fixture tool of the suite's own server (untestable on any other). */
const fixtureChecks = [
  'sep-2575-server-rejects-undeclared-capability',
  'sep-2575-missing-capability-http-400',
  'sep-2575-http-server-no-independent-requests-on-stream',
  'sep-2575-server-no-log-without-loglevel',
];

let folder: AgentFolder;
let agent: HttpAgent;
const journals = mkdtempSync(join(tmpdir(), 'loupe-agent-conform-'));

beforeAll(async () => {
  requireBuild();
  findSuiteRunner();
  folder = agentFolder();
  agent = await httpAgent(folder, ['--no-live']);
}, 320_000);

afterAll(async () => {
  await agent?.stop();
});

async function conform(
  revision: string,
  scenarios: string[],
  target: string[],
  journal: string,
): Promise<ConformReport> {
  const run = await runLoupe(
    [
      'conform',
      '--spec-version',
      revision,
      ...scenarios.flatMap((name) => ['--scenario', name]),
      '--json',
      '--journal',
      join(journals, journal),
      ...target,
    ],
    { timeoutMs: 280_000 },
  );
  expect(run.stdout, run.stderr).not.toBe('');
  return JSON.parse(run.stdout) as ConformReport;
}

/** Scenario → the ids of its checks that failed. */
function failures(report: ConformReport): Record<string, string[]> {
  return Object.fromEntries(
    report.scenarios.map((scenario) => [
      scenario.name,
      scenario.checks.filter((check) => check.status === 'FAILURE').map((check) => check.id),
    ]),
  );
}

describe('loupe conform against loupe mcp', () => {
  it('2025-11-25 over HTTP: every applicable scenario passes', async () => {
    const report = await conform('2025-11-25', legacyScenarios, ['--url', agent.url], 'legacy.jsonl');
    expect(report.scenarios.map((scenario) => scenario.name)).toEqual(legacyScenarios);
    expect(failures(report)).toEqual(Object.fromEntries(legacyScenarios.map((name) => [name, []])));
    expect(report.counts.passed).toBeGreaterThanOrEqual(legacyScenarios.length);
    expect(report.passed).toBe(true);
  }, 300_000);

  it('2026-07-28 over HTTP: every applicable scenario passes, and server-stateless fails only where it needs a fixture tool', async () => {
    const report = await conform(
      '2026-07-28',
      [...modernScenarios, 'server-stateless'],
      ['--url', agent.url],
      'modern.jsonl',
    );
    expect(report.scenarios.map((scenario) => scenario.name)).toEqual([
      ...modernScenarios,
      'server-stateless',
    ]);
    expect(failures(report)).toEqual({
      ...Object.fromEntries(modernScenarios.map((name) => [name, []])),
      'server-stateless': fixtureChecks,
    });
    const stateless = report.scenarios.find((scenario) => scenario.name === 'server-stateless');
    for (const check of stateless?.checks ?? [])
      if (check.status === 'FAILURE')
        expect(check.errorMessage).toMatch(/^Not testable: server does not list the diagnostic tool/);
    // The envelope checks the suite makes first all pass.
    const passed = (stateless?.checks ?? [])
      .filter((check) => check.status === 'SUCCESS')
      .map((check) => check.id);
    expect(passed).toEqual(
      expect.arrayContaining([
        'sep-2575-request-meta-invalid-missing-meta',
        'sep-2575-request-meta-invalid-missing-protocol-version',
        'sep-2575-request-meta-invalid-missing-client-capabilities',
        'sep-2575-http-server-meta-invalid-400',
        'sep-2575-server-implements-discover',
        'sep-2575-http-server-header-mismatch-400',
        'sep-2575-server-unsupported-version-error',
      ]),
    );
  }, 300_000);

  it('over stdio (through conform’s bridge), both revisions: the scenarios judged on the messages pass', async () => {
    const { command, args } = mcpCommand(folder, ['--no-live']);
    const environment = Object.entries(agentEnvironment(folder)).flatMap(([name, value]) => [
      '--env',
      `${name}=${value}`,
    ]);
    const legacy = await conform(
      '2025-11-25',
      ['server-initialize', 'ping', 'tools-list', 'resources-list'],
      [...environment, '--', command, ...args],
      'stdio-legacy.jsonl',
    );
    expect(failures(legacy)).toEqual({
      'server-initialize': [],
      ping: [],
      'tools-list': [],
      'resources-list': [],
    });
    const modern = await conform(
      '2026-07-28',
      ['tools-list', 'resources-list', 'sep-2164-resource-not-found', 'sep-2640-skills-enumeration'],
      [...environment, '--', command, ...args],
      'stdio-modern.jsonl',
    );
    expect(failures(modern)).toEqual({
      'tools-list': [],
      'resources-list': [],
      'sep-2164-resource-not-found': [],
      'sep-2640-skills-enumeration': [],
    });
    expect(modern.bridge).toMatch(/stdio server is judged through Loupe's loopback HTTP pass-through/);
  }, 300_000);
});
