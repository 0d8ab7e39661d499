/**
 * Runs the suite's server scenarios against an HTTP endpoint through the HTTP tap (src/core/tap/httpTap.ts): the
 * suite talks to the tap's loopback proxy, so every message it exchanged is a recorded frame. The suite's stdout
 * says when each scenario starts ("Running client scenario 'x' …", written synchronously before any request) and
 * where its checks.json went; the frames recorded in between are the scenario's, and linkFrames() ties each check
 * to the frames it judged.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  countChecks,
  type ConformCheck,
  type ConformReport,
  type ConformRevision,
  type ConformScenario,
  type ConformStatus,
} from '../../shared/conform.js';
import { LoupeError } from '../../shared/errors.js';
import type { Frame } from '../../shared/frames.js';
import type { JsonValue } from '../../shared/json.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import { startHttpTap } from '../tap/httpTap.js';
import { linkFrames, type CheckTiming } from './linkFrames.js';
import { readRequirements } from './requirements.js';
import { checkSuiteFixtures, fixtureFreeScenarios } from './suiteFixtures.js';
import type { SuiteRuntime } from './suiteRuntime.js';

export type ConformProgress =
  | { kind: 'start'; scenario: string; index: number; total: number }
  | { kind: 'end'; scenario: ConformScenario; index: number; total: number };

export interface ConformRunOptions {
  /** The Streamable HTTP endpoint judged (the server's, or the stdio bridge's). */
  url: string;
  target: string;
  revision: ConformRevision;
  revisionReason: string;
  /** Named scenarios (run one suite process each); absent: the requirement set, or all with `all`. */
  scenarios?: string[];
  all?: boolean;
  runtime: SuiteRuntime;
  recorder: FrameRecorder;
  bridge?: string;
  /** The suite's per-scenario timeout, ms (its default is 30 s). */
  scenarioTimeoutMs?: number;
  onProgress?: (event: ConformProgress) => void;
  /** Interrupts the run (Ctrl-C): its reason (a string, "SIGINT") is the report's `interrupted`. */
  signal?: AbortSignal;
  /** Told at once when the server lacks the suite's fixtures (the note is the report's `fixtures` too). */
  onFixtures?: (note: string) => void;
}

/** How long Loupe's own look at the server's tools may wait for an answer (a silent server is the suite's to judge). */
const fixtureProbeMs = 10_000;

/** Scenarios that call none of the suite's fixtures (and so need no note): fixtureFreeScenarios and the transport ones. */
const needsNoFixtures = new Set([
  ...fixtureFreeScenarios,
  'server-session-lifecycle',
  'server-sse-multiple-streams',
  'server-sse-polling',
]);

const statuses: readonly ConformStatus[] = ['SUCCESS', 'FAILURE', 'WARNING', 'SKIPPED', 'INFO'];

interface SuiteCheck {
  id?: unknown;
  name?: unknown;
  description?: unknown;
  status?: unknown;
  errorMessage?: unknown;
  details?: unknown;
  timestamp?: unknown;
  specReferences?: unknown;
}

function toCheck(raw: SuiteCheck): CheckTiming {
  const status = statuses.includes(raw.status as ConformStatus) ? (raw.status as ConformStatus) : 'FAILURE';
  const check: ConformCheck = {
    id: typeof raw.id === 'string' ? raw.id : 'unnamed-check',
    name: typeof raw.name === 'string' ? raw.name : '',
    description: typeof raw.description === 'string' ? raw.description : '',
    status,
    frames: [],
  };
  if (typeof raw.errorMessage === 'string') check.errorMessage = raw.errorMessage;
  if (raw.details !== undefined) check.details = raw.details as JsonValue;
  if (Array.isArray(raw.specReferences))
    check.specReferences = (raw.specReferences as { id?: unknown; url?: unknown }[])
      .filter((reference) => typeof reference.id === 'string')
      .map((reference) => ({
        id: reference.id as string,
        ...(typeof reference.url === 'string' ? { url: reference.url } : {}),
      }));
  const at = typeof raw.timestamp === 'string' ? Date.parse(raw.timestamp) : Number.NaN;
  return { check, at };
}

interface Bucket {
  name: string;
  started: number;
  frames: Frame[];
  resultDir?: string;
  timedOut?: boolean;
}

/** One suite process: its scenarios, each with its frames and the checks.json it wrote (when it wrote one). */
async function runProcess(
  args: string[],
  options: ConformRunOptions,
  onStart: (name: string) => void,
  onEnd: (bucket: Bucket) => void,
  onPlan: (scenarios: number) => void,
): Promise<{ code: number | null; output: string; buckets: Bucket[] }> {
  const buckets: Bucket[] = [];
  let current: Bucket | undefined;
  const unsubscribe = options.recorder.subscribe((frame) => current?.frames.push(frame));
  const child = spawn(options.runtime.node, [options.runtime.entry, ...args], {
    env: { ...process.env, ...options.runtime.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const abort = (): void => void child.kill('SIGTERM');
  options.signal?.addEventListener('abort', abort, { once: true });
  let output = '';
  const finish = (): void => {
    if (current) onEnd(current);
    current = undefined;
  };
  createInterface({ input: child.stdout }).on('line', (line) => {
    output += `${line}\n`;
    // "Running all suite (33 scenarios) against …": how many this process will run.
    const planned = /^Running .+ \((\d+) scenarios\) against /.exec(line);
    if (planned?.[1]) onPlan(Number(planned[1]));
    const started = /^Running client scenario '([^']+)' against server/.exec(line);
    if (started?.[1]) {
      finish();
      current = { name: started[1], started: Date.now(), frames: [] };
      buckets.push(current);
      onStart(started[1]);
      return;
    }
    const saved = /^Results saved to (.+)$/.exec(line);
    if (saved?.[1] && current) {
      current.resultDir = saved[1].trim();
      finish();
    }
    if (/^Scenario timed out after/.test(line) && current) current.timedOut = true;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', (error) =>
      reject(
        new LoupeError({
          kind: 'usage',
          message: `could not start the conformance suite with ${options.runtime.node}: ${error.message}`,
        }),
      ),
    );
    child.once('close', resolve);
  });
  finish();
  options.signal?.removeEventListener('abort', abort);
  unsubscribe();
  return { code, output, buckets };
}

async function scenarioOf(
  bucket: Bucket,
  output: string,
  scored: boolean,
  notScoredReason: string | undefined,
): Promise<ConformScenario> {
  let checks: CheckTiming[] = [];
  if (bucket.resultDir) {
    const text = await readFile(join(bucket.resultDir, 'checks.json'), 'utf8');
    const parsed: unknown = JSON.parse(text);
    checks = Array.isArray(parsed) ? (parsed as SuiteCheck[]).map(toCheck) : [];
  } else {
    const failed = new RegExp(`Failed to run scenario ${bucket.name}[^\\n]*(?:\\n[^\\n]*){0,3}`).exec(
      output,
    )?.[0];
    checks = [
      toCheck({
        id: bucket.name,
        name: bucket.name,
        description: 'Failed to run scenario',
        status: 'FAILURE',
        errorMessage: failed ?? 'the suite wrote no results for this scenario',
        timestamp: new Date().toISOString(),
      }),
    ];
  }
  linkFrames(bucket.frames, checks);
  return {
    name: bucket.name,
    scored,
    ...(notScoredReason ? { notScoredReason } : {}),
    checks: checks.map(({ check }) => check),
    frames: bucket.frames.map((frame) => frame.seq),
    ms: Date.now() - bucket.started,
  };
}

export async function runConformance(options: ConformRunOptions): Promise<ConformReport> {
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  const requirements = await readRequirements(options.runtime, options.revision);
  const selection = options.scenarios?.length ? 'named' : options.all ? 'all' : 'requirements';
  const fixtures =
    selection === 'named' && (options.scenarios ?? []).every((name) => needsNoFixtures.has(name))
      ? undefined
      : await checkSuiteFixtures(options.url, fixtureProbeMs);
  if (fixtures !== undefined) options.onFixtures?.(fixtures);
  const output = await mkdtemp(join(tmpdir(), 'loupe-conform-'));
  const tap = await startHttpTap({
    upstream: new URL(options.url),
    recorder: options.recorder,
    keepForeignHost: true,
  });
  const common = [
    'server',
    '--url',
    tap.url,
    '-o',
    output,
    '--timeout',
    String(options.scenarioTimeoutMs ?? 30_000),
  ];
  const runs: string[][] =
    selection === 'named'
      ? (options.scenarios ?? []).map((name) => [
          ...common,
          '--scenario',
          name,
          '--spec-version',
          options.revision,
          '--force',
        ])
      : selection === 'all'
        ? [[...common, '--suite', 'all', '--spec-version', options.revision]]
        : [[...common, '--requirements', options.revision]];
  // Named: one process each; otherwise the suite says how many it will run (its first line).
  let total =
    selection === 'named' ? runs.length : requirements.required.length + requirements.notScored.size;
  const scenarios: ConformScenario[] = [];
  let index = 0;
  /** The scenario the interruption stopped: the suite wrote nothing for it, and that is not the server's failure. */
  let stoppedDuring: string | undefined;
  try {
    let started = 0;
    for (const args of runs) {
      if (options.signal?.aborted) break;
      // A scenario whose checks.json is written is reported at once (progress as it goes); one the suite wrote
      // nothing for waits for the process's end, whose output says why.
      let closed: (output: string) => void = () => undefined;
      const processEnd = new Promise<string>((resolve) => (closed = resolve));
      const built: Promise<ConformScenario>[] = [];
      const report = (bucket: Bucket): void => {
        if (!bucket.resultDir && options.signal?.aborted) {
          stoppedDuring = bucket.name;
          return;
        }
        const scored = selection !== 'requirements' || !requirements.notScored.has(bucket.name);
        const reason = requirements.notScored.get(bucket.name);
        const ready = bucket.resultDir ? Promise.resolve('') : processEnd;
        const previous = built[built.length - 1] ?? Promise.resolve(undefined);
        built.push(
          Promise.all([ready, previous]).then(async ([text]) => {
            const scenario = await scenarioOf(bucket, text, scored, reason);
            index += 1;
            options.onProgress?.({ kind: 'end', scenario, index, total: Math.max(total, index) });
            return scenario;
          }),
        );
      };
      const run = await runProcess(
        args,
        options,
        (name) => {
          started += 1;
          options.onProgress?.({
            kind: 'start',
            scenario: name,
            index: started,
            total: Math.max(total, started),
          });
        },
        report,
        (planned) => {
          if (selection !== 'named') total = planned;
        },
      );
      closed(run.output);
      scenarios.push(...(await Promise.all(built)));
      if (run.buckets.length === 0 && !options.signal?.aborted)
        throw new LoupeError({
          kind: 'usage',
          message: `the conformance suite ran no scenario (exit ${String(run.code)}): ${run.output.trim().split('\n').slice(-3).join(' ')}`,
        });
    }
  } finally {
    await tap.close();
    await rm(output, { recursive: true, force: true });
  }
  const counts = countChecks(scenarios);
  const stats = options.recorder.stats();
  const { signal } = options;
  const interrupted = signal?.aborted
    ? {
        reason: typeof signal.reason === 'string' ? signal.reason : 'interrupted',
        ...(stoppedDuring !== undefined ? { scenario: stoppedDuring } : {}),
      }
    : undefined;
  return {
    format: 'loupe.conform/1',
    target: options.target,
    revision: options.revision,
    revisionReason: options.revisionReason,
    selection,
    ...(options.bridge ? { bridge: options.bridge } : {}),
    ...(fixtures !== undefined ? { fixtures } : {}),
    suite: {
      name: '@modelcontextprotocol/conformance',
      version: options.runtime.version,
      node: options.runtime.nodeLabel,
    },
    ...(stats.journalPath ? { journalPath: stats.journalPath } : {}),
    startedAt,
    ms: Date.now() - started,
    scenarios,
    counts,
    passed: counts.requiredFailed === 0 && interrupted === undefined,
    ...(interrupted ? { interrupted } : {}),
  };
}
