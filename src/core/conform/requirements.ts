/**
 * The suite's requirement sets (requirements/<revision>.yaml, frozen per revision): the server scenarios a
 * revision requires, and those it runs but does not score (with the reason). And the suite's full list of server
 * scenarios (`conformance list --server`), for --all, the picker and checking names given to --scenario.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { LoupeError } from '../../shared/errors.js';
import type { ConformRevision, ConformScenarioInfo } from '../../shared/conform.js';
import type { SuiteRuntime } from './suiteRuntime.js';

export interface RequirementSet {
  revision: ConformRevision;
  required: string[];
  notScored: Map<string, string>;
}

export async function readRequirements(runtime: SuiteRuntime, revision: ConformRevision): Promise<RequirementSet> {
  const path = join(runtime.requirements, `${revision}.yaml`);
  let document: unknown;
  try {
    document = parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new LoupeError({
      kind: 'usage',
      message: `cannot read the suite's requirement set ${path}: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  const body = (document ?? {}) as { server?: unknown; not_scored?: unknown };
  const required = Array.isArray(body.server) ? body.server.filter((name): name is string => typeof name === 'string') : [];
  const notScored = new Map<string, string>();
  if (Array.isArray(body.not_scored))
    for (const entry of body.not_scored as { scenario?: unknown; leg?: unknown; reason?: unknown }[])
      if (entry.leg === 'server' && typeof entry.scenario === 'string')
        notScored.set(entry.scenario, typeof entry.reason === 'string' ? entry.reason : 'not scored');
  return { revision, required, notScored };
}

/** Every server scenario the suite has, with the revisions (or "extension") it lists for each. */
export async function listServerScenarios(runtime: SuiteRuntime): Promise<Map<string, string[]>> {
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(runtime.node, [runtime.entry, 'list', '--server'], {
      env: { ...process.env, ...runtime.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    let errors = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve(text)
        : reject(new LoupeError({ kind: 'usage', message: `the suite's list --server exited with ${String(code)}: ${errors.trim()}` })),
    );
  });
  const scenarios = new Map<string, string[]>();
  for (const line of output.split('\n')) {
    const match = /^\s+- (\S+)(?: \[([^\]]*)\])?$/.exec(line);
    if (match?.[1]) scenarios.set(match[1], (match[2] ?? '').split(',').filter(Boolean));
  }
  return scenarios;
}

/** The picker's list for a revision: what the requirement set holds, then the other scenarios on the revision. */
export async function scenarioChoices(runtime: SuiteRuntime, revision: ConformRevision): Promise<ConformScenarioInfo[]> {
  const [set, all] = await Promise.all([readRequirements(runtime, revision), listServerScenarios(runtime)]);
  const choices: ConformScenarioInfo[] = set.required.map((name) => ({ name, required: true, inRequirementSet: true }));
  for (const [name, reason] of set.notScored)
    choices.push({ name, required: false, notScoredReason: reason, inRequirementSet: true });
  for (const [name, revisions] of all)
    if (!choices.some((choice) => choice.name === name) && revisions.includes(revision))
      choices.push({ name, required: false, notScoredReason: 'not in the requirement set' });
  return choices;
}
