/**
 * `loupe test <collection.json> [target]`: runs a collection's steps and their assertions (src/core/collections)
 * against the target given, or the collection's own. Exit 0 when every step passed, 1 when an assertion failed
 * or a request failed, 2 when the collection or the connection could not run (an invalid file, a missing
 * environment variable, no target, a failed connection, a connection that ended mid-run, no step matched).
 * --reporter junit|tap|json writes that format (to --out, else stdout); the text report is for people.
 */
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Collection, CollectionReport, CollectionStep } from '../../shared/collections.js';
import { LoupeError, toErrorData } from '../../shared/errors.js';
import type { JsonValue } from '../../shared/json.js';
import { describeTarget, type Target } from '../../shared/target.js';
import { resolveCollectionTarget } from '../../core/collections/collectionTarget.js';
import { junitReport } from '../../core/collections/reporters/junitReport.js';
import { tapReport } from '../../core/collections/reporters/tapReport.js';
import { readCollection, runCollection } from '../../core/collections/runCollection.js';
import { envNamesIn, redactor } from '../../core/collections/variables.js';
import type { Invocation } from '../arguments.js';
import { applyConfigTarget } from '../configTarget.js';
import { describeError } from '../errorReport.js';
import { errorDocument } from '../jsonError.js';
import { createRecorder, openSession } from '../openSession.js';
import { printable, terminalJson, type Terminal } from '../terminal.js';
import { reportLines } from './testReport.js';

/**
 * Stops the run with exit 2 and one line naming why; when the report was to be JSON on stdout, stdout gets the
 * error as JSON instead (as every command's --json does), so a reader of it always gets JSON.
 */
function cannotRun(terminal: Terminal, file: string, error: unknown, json: boolean): number {
  const data = toErrorData(error);
  if (json) terminal.out(terminalJson(errorDocument(data), 2));
  // A usage reason is said as it is; an error met on the way is named by its kind.
  const why = data.kind === 'usage' ? printable(data.message) : describeError(data);
  terminal.err(`loupe: cannot run ${printable(file)}: ${why}`);
  return 2;
}

/** A reason the run cannot start that is the command line's or the environment's, not an error thrown. */
const usage = (message: string): LoupeError => new LoupeError({ kind: 'usage', message });

function missingEnvironment(collection: Collection, invocation: Invocation): string[] {
  const names = envNamesIn(collection.steps as unknown as JsonValue);
  if (!invocation.target && collection.target)
    for (const name of envNamesIn(collection.target as unknown as JsonValue)) names.add(name);
  return [...names].filter((name) => process.env[name] === undefined);
}

async function targetOf(
  invocation: Invocation,
  collection: Collection,
  path: string,
  terminal: Terminal,
  usedEnv: Map<string, string>,
): Promise<Target | undefined> {
  if (invocation.target) return invocation.target;
  if (!collection.target) return undefined;
  const resolved = resolveCollectionTarget(collection.target, dirname(path), {
    env: process.env,
    captures: new Map(),
    usedEnv,
  });
  if ('target' in resolved) return resolved.target;
  const withConfig: Invocation = { ...invocation, config: resolved.config };
  await applyConfigTarget(withConfig, terminal);
  return withConfig.target;
}

function progress(
  terminal: Terminal,
  total: number,
): { start(step: CollectionStep): void; end(): void; done(): void } {
  let finished = 0;
  let shown = false;
  const running = new Set<string>();
  const draw = (): void => {
    if (!terminal.stderrIsTty) return;
    shown = true;
    const names = [...running].map((name) => printable(name)).join(', ');
    terminal.errRaw(`\r\x1b[K[${finished}/${total}] ${names}`.slice(0, 200));
  };
  return {
    start: (step) => (running.add(step.name), draw()),
    end: () => {
      finished += 1;
      running.clear();
      draw();
    },
    done: () => {
      if (shown) terminal.errRaw('\r\x1b[K');
    },
  };
}

function formatted(report: CollectionReport, reporter: 'junit' | 'tap' | 'json'): string {
  if (reporter === 'junit') return junitReport(report);
  if (reporter === 'tap') return tapReport(report);
  return `${terminalJson(report, 2)}\n`;
}

export async function testCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  const file = invocation.files?.[0] ?? '';
  const path = resolve(file);
  const { options } = invocation;
  const reporter = options.reporter ?? (options.json ? 'json' : 'text');
  // The report as JSON on stdout: a run that cannot start says why there in JSON too.
  const jsonOut = reporter === 'json' && !options.out;
  let collection: Collection;
  try {
    collection = await readCollection(path);
  } catch (error) {
    return cannotRun(terminal, file, error, jsonOut);
  }
  const missing = missingEnvironment(collection, invocation);
  if (missing.length > 0) {
    const names = missing.map((name) => `\${env:${name}}`).join(', ');
    return cannotRun(terminal, file, usage(`${names}: not set in the environment`), jsonOut);
  }
  if (options.grep && !collection.steps.some((step) => options.grep?.test(step.name)))
    return cannotRun(terminal, file, usage(`no step matches --grep ${String(options.grep)}`), jsonOut);
  const usedEnv = new Map<string, string>();
  let target: Target | undefined;
  try {
    target = await targetOf(invocation, collection, path, terminal, usedEnv);
  } catch (error) {
    return cannotRun(terminal, file, error, jsonOut);
  }
  if (!target) {
    const give = 'give one: --demo, --url <url>, -- <command> [args…], or --config <file> --server <name>';
    return cannotRun(terminal, file, usage(`it names no target; ${give}`), jsonOut);
  }
  const hide = redactor(usedEnv);
  const recorder = createRecorder(options);
  try {
    let session;
    try {
      session = await openSession(target, options, recorder, terminal);
    } catch (error) {
      return cannotRun(terminal, file, error, jsonOut);
    }
    const line = progress(terminal, collection.steps.length);
    let report: CollectionReport;
    try {
      report = await runCollection(collection, session, {
        baseDirectory: dirname(path),
        env: process.env,
        file,
        ...(options.grep ? { grep: options.grep } : {}),
        ...(options.bail ? { bail: true } : {}),
        ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        ...(options.pageLimit !== undefined ? { pageLimit: options.pageLimit } : {}),
        onStepStart: (step) => line.start(step),
        onStepEnd: () => line.end(),
      });
    } finally {
      line.done();
      await session.close();
    }
    report = hide({ ...report, server: hide(describeTarget(target)) });
    const human = reportLines(report, options.debug);
    if (reporter === 'text') {
      for (const text of human) terminal.out(text);
      if (options.out) await writeFile(options.out, `${human.join('\n')}\n`, { mode: 0o600 });
    } else if (options.out) {
      await writeFile(options.out, formatted(report, reporter), { mode: 0o600 });
      for (const text of human) terminal.out(text);
    } else {
      terminal.out(formatted(report, reporter).trimEnd());
      terminal.err(human[human.length - 1] ?? '');
    }
    if (report.aborted) {
      terminal.err(
        `loupe: the run stopped: ${printable(report.aborted.kind)}: ${printable(report.aborted.message)}`,
      );
      return 2;
    }
    return report.counts.failed + report.counts.error > 0 ? 1 : 0;
  } finally {
    await recorder.flush();
  }
}
