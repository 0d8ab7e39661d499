/**
 * The checks a conformance run printed, read from its output: `[<id>] <STATUS> <description>` lines. A SKIPPED
 * check is not a passed one: each case names the checks it expects skipped and why, and fails on any other.
 */
import { expect } from 'vitest';
import { failedChecks } from './harness.js';

export interface PrintedCheck {
  id: string;
  status: string;
  description: string;
}

const ansi = new RegExp(String.raw`\u001b\[[0-9;]*m`, 'g');

export function printedChecks(output: string): PrintedCheck[] {
  const checks: PrintedCheck[] = [];
  for (const line of output.replace(ansi, '').split('\n')) {
    const match = /^\S+ \[([^\]]+?)\s*\] (SUCCESS|FAILURE|WARNING|SKIPPED|INFO)\s+(.*)$/.exec(line);
    if (match)
      checks.push({ id: match[1] ?? '', status: match[2] ?? '', description: (match[3] ?? '').trim() });
  }
  return checks;
}

/** A check the suite skips in a case, matched by its description, and why it is not exercised. */
export interface NotExercised {
  description: string;
  why: string;
}

/**
 * Every check passed but exactly the named skipped ones (which count as not passed); at least one passed, no
 * warnings, the client exited as the scenario allows. Resolves with the number of checks that passed.
 */
export function expectChecks(
  code: number | null,
  output: string,
  notExercised: readonly NotExercised[] = [],
  clientMayFail = false,
  /** What the client did, for the message when a check fails (each loupe command that failed, with its stderr). */
  context = '',
): number {
  const summary = context ? `${failedChecks(output)}\n${context}` : failedChecks(output);
  const checks = printedChecks(output);
  const skipped = checks.filter((check) => check.status === 'SKIPPED').map((check) => check.description);
  expect(skipped, `skipped checks count as not passed:\n${summary}`).toEqual(
    notExercised.map((entry) => entry.description),
  );
  const passed = checks.filter((check) => check.status === 'SUCCESS').length;
  expect(passed, summary).toBeGreaterThan(0);
  expect(
    checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING'),
    summary,
  ).toEqual([]);
  expect(output, summary).toMatch(new RegExp(`Passed: ${passed}/${passed}, 0 failed, 0 warnings`));
  expect(output, summary).toContain('OVERALL: PASSED');
  expect(output, summary).not.toContain('SKIPPED: scenario');
  if (!clientMayFail) expect(output, summary).not.toContain('Client exited with code');
  expect(code, summary).toBe(0);
  return passed;
}

/** A loupe command the blind client ran (LOUPE_CONFORMANCE_RECORD). */
export interface RecordedCommand {
  args: string[];
  code: number;
  stderr: string;
}

/** The commands that exited non-zero, with what they printed: why a client "exited with error". */
export function failedCommands(commands: readonly RecordedCommand[]): string {
  const failed = commands.filter((command) => command.code !== 0);
  if (failed.length === 0) return '';
  return failed
    .map((command) => `loupe ${command.args.join(' ')} → ${command.code}\n${command.stderr.trim()}`)
    .join('\n');
}
