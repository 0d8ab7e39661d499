/**
 * The conformance suite's own CLI, run directly (no Loupe in between) on the same server and scenarios, for the
 * equality tests; and helpers to read `loupe conform --json`. The suite and a Node >= 22 come from
 * scripts/node22.mjs (the tests' cache; it fails naming the cause when it cannot have them: the cases fail too).
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConformReport } from '../../src/shared/conform.js';

const node22Script = fileURLToPath(new URL('../../scripts/node22.mjs', import.meta.url));

export interface SuiteRunner {
  node: string;
  entry: string;
}

/** For beforeAll (the first run may install into the cache). */
export function findSuiteRunner(): SuiteRunner {
  const found = spawnSync(process.execPath, [node22Script], { encoding: 'utf8', timeout: 300_000 });
  const [node, entry] = found.stdout.trim().split('\n');
  if (found.status !== 0 || !node || !entry)
    throw new Error(`scripts/node22.mjs exited with ${String(found.status)}: ${found.stderr.trim()}`);
  return { node, entry };
}

/** Scenario → [check id, status] in the suite's order, as the suite's own run on the server wrote them. */
export type Verdicts = Record<string, [string, string][]>;

/** Runs each scenario as `conformance server --url … --scenario <s> --spec-version <r> --force -o <dir>`. */
export async function suiteVerdicts(runner: SuiteRunner, url: string, revision: string, scenarios: string[]): Promise<Verdicts> {
  const verdicts: Verdicts = {};
  for (const scenario of scenarios) {
    const directory = mkdtempSync(join(tmpdir(), 'loupe-suite-'));
    try {
      const child = spawn(
        runner.node,
        [runner.entry, 'server', '--url', url, '--scenario', scenario, '--spec-version', revision, '--force', '-o', directory],
        { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
      );
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      await once(child, 'close');
      const [folder] = readdirSync(directory);
      if (!folder) throw new Error(`the suite wrote no results for ${scenario}: ${output}`);
      const checks = JSON.parse(readFileSync(join(directory, folder, 'checks.json'), 'utf8')) as { id: string; status: string }[];
      verdicts[scenario] = checks.map((check) => [check.id, check.status]);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }
  return verdicts;
}

export function loupeVerdicts(report: ConformReport): Verdicts {
  return Object.fromEntries(
    report.scenarios.map((scenario) => [scenario.name, scenario.checks.map((check): [string, string] => [check.id, check.status])]),
  );
}

export function parseReport(stdout: string): ConformReport {
  return JSON.parse(stdout) as ConformReport;
}

/** The frames of a journal (JSON Lines) by seq. */
export function journalFrames(path: string): Map<number, { seq: number; direction: string; kind: string; raw: string; method?: string }> {
  const frames = readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { seq: number; direction: string; kind: string; raw: string; method?: string });
  return new Map(frames.map((frame) => [frame.seq, frame]));
}
