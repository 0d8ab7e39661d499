/**
 * `loupe test <collection.json> [target]`: runs a collection's steps and their assertions (src/core/collections)
 * against the target given, or the collection's own. Exit 0 when every step passed, 1 when an assertion failed
 * or a request failed, 2 when the collection or the connection could not run (an invalid file, a missing
 * environment variable, no target, a failed connection, a connection that ended mid-run, no step matched).
 * --reporter junit|tap|json writes that format (to --out, else stdout); the text report is for people.
 * Ctrl-C (SIGINT) cancels the steps in flight and writes the report of what ran, saying it was interrupted: exit 130
 * (a second Ctrl-C ends the process at once). No report holds a value read from the environment, in any form.
 */
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Collection, CollectionReport, CollectionStep } from '../../shared/collections.js';
import { LoupeError, toErrorData } from '../../shared/errors.js';
import type { JsonValue } from '../../shared/json.js';
import { describeTarget, type Target } from '../../shared/target.js';
import { resolveCollectionTarget } from '../../core/collections/collectionTarget.js';
import { junitCannotRun, junitReport } from '../../core/collections/reporters/junitReport.js';
import { reportScrubber } from '../../core/collections/reporters/reportSecrets.js';
import { tapCannotRun, tapReport } from '../../core/collections/reporters/tapReport.js';
import { readCollection, runCollection } from '../../core/collections/runCollection.js';
import { envNamesIn, redactor } from '../../core/collections/variables.js';
import type { Invocation } from '../arguments.js';
import { applyConfigTarget } from '../configTarget.js';
import { describeError } from '../errorReport.js';
import { errorDocument } from '../jsonError.js';
import { createRecorder, openSession } from '../openSession.js';
import { printable, terminalJson, type Terminal } from '../terminal.js';
import { reportLines } from './testReport.js';
import { interruptedExit, untilInterrupted } from '../interrupt.js';

/** Where the report goes and in which format: a run that cannot start says why there too. */
interface ReportPlace {
  reporter: 'text' | 'junit' | 'tap' | 'json';
  out?: string;
  /**
   * The environment values the collection names (its steps' and its target's): written as ${env:NAME} in what is
   * said (a report may be published).
   */
  usedEnv: ReadonlyMap<string, string>;
}

/** Writes a report (to --out, or stdout) with no environment value left in it, in any form it is written. */
async function writeReport(terminal: Terminal, place: ReportPlace, report: string): Promise<void> {
  const clean = reportScrubber(place.usedEnv)(report);
  if (!place.out) terminal.out(clean.trimEnd());
  else await writeFile(place.out, clean, { mode: 0o600 });
}

/** Lines for people, with no environment value in them, as the terminal shows text. */
function scrubbedLines(lines: readonly string[], usedEnv: ReadonlyMap<string, string>): string[] {
  const scrub = reportScrubber(usedEnv, printable);
  return lines.map(scrub);
}

/**
 * Stops the run with exit 2 and one line naming why. A report that was to be JSON, JUnit or TAP says it too, where
 * the report would have gone (stdout or --out): a JSON reader always gets JSON (the error document every command's
 * --json prints), a CI reading JUnit a testcase in error instead of no file, TAP a "Bail out!".
 */
async function cannotRun(
  terminal: Terminal,
  file: string,
  error: unknown,
  place: ReportPlace,
): Promise<number> {
  const data = redactor(place.usedEnv)(toErrorData(error));
  const report =
    place.reporter === 'json'
      ? `${terminalJson(errorDocument(data), 2)}\n`
      : place.reporter === 'junit'
        ? junitCannotRun(file || 'collection', data, new Date().toISOString())
        : place.reporter === 'tap'
          ? tapCannotRun(data)
          : undefined;
  if (report !== undefined)
    await writeReport(terminal, place, report).catch((failure: unknown) =>
      terminal.err(`loupe: could not write ${printable(place.out ?? '')}: ${String(failure)}`),
    );
  // A usage reason is said as it is; an error met on the way is named by its kind.
  const why = data.kind === 'usage' ? printable(data.message) : describeError(data);
  terminal.err(reportScrubber(place.usedEnv, printable)(`loupe: cannot run ${printable(file)}: ${why}`));
  return data.kind === 'cancelled' ? interruptedExit : 2;
}

/** A reason the run cannot start that is the command line's or the environment's, not an error thrown. */
const usage = (message: string): LoupeError => new LoupeError({ kind: 'usage', message });

/** The ${env:NAME} names the run uses: its steps', and its target's when the command line gives none. */
function envNames(collection: Collection, invocation: Invocation): Set<string> {
  const names = envNamesIn(collection.steps as unknown as JsonValue);
  if (!invocation.target && collection.target)
    for (const name of envNamesIn(collection.target as unknown as JsonValue)) names.add(name);
  return names;
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

export function testCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  // Ctrl-C: the run stops and reports what it did (once; a second one ends the process as usual).
  return untilInterrupted((signal) => testRun(invocation, terminal, signal));
}

async function testRun(invocation: Invocation, terminal: Terminal, interrupt: AbortSignal): Promise<number> {
  const file = invocation.files?.[0] ?? '';
  const path = resolve(file);
  const { options } = invocation;
  const reporter = options.reporter ?? (options.json ? 'json' : 'text');
  const usedEnv = new Map<string, string>();
  const place: ReportPlace = { reporter, usedEnv, ...(options.out ? { out: options.out } : {}) };
  let collection: Collection;
  try {
    collection = await readCollection(path);
  } catch (error) {
    return cannotRun(terminal, file, error, place);
  }
  const names = envNames(collection, invocation);
  for (const name of names) {
    const value = process.env[name];
    if (value !== undefined) usedEnv.set(name, value);
  }
  const missing = [...names].filter((name) => process.env[name] === undefined);
  if (missing.length > 0) {
    const names = missing.map((name) => `\${env:${name}}`).join(', ');
    return cannotRun(terminal, file, usage(`${names}: not set in the environment`), place);
  }
  if (options.grep && !collection.steps.some((step) => options.grep?.test(step.name)))
    return cannotRun(terminal, file, usage(`no step matches --grep ${String(options.grep)}`), place);
  let target: Target | undefined;
  try {
    target = await targetOf(invocation, collection, path, terminal, usedEnv);
  } catch (error) {
    return cannotRun(terminal, file, error, place);
  }
  if (!target) {
    const give = 'give one: --demo, --url <url>, -- <command> [args…], or --config <file> --server <name>';
    return cannotRun(terminal, file, usage(`it names no target; ${give}`), place);
  }
  const hide = redactor(usedEnv);
  const recorder = createRecorder(options);
  const beforeStart = (): LoupeError =>
    new LoupeError({ kind: 'cancelled', message: 'interrupted (SIGINT) before the first step started' });
  try {
    let session;
    try {
      session = await openSession(target, options, recorder, terminal);
    } catch (error) {
      return cannotRun(terminal, file, interrupt.aborted ? beforeStart() : error, place);
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
        signal: interrupt,
        onStepStart: (step) => line.start(step),
        onStepEnd: () => line.end(),
      });
    } finally {
      line.done();
      await session.close();
    }
    report = hide({ ...report, server: hide(describeTarget(target)) });
    const human = scrubbedLines(reportLines(report, options.debug), usedEnv);
    if (reporter === 'text') {
      for (const text of human) terminal.out(text);
      if (options.out) await writeFile(options.out, `${human.join('\n')}\n`, { mode: 0o600 });
    } else if (options.out) {
      await writeReport(terminal, place, formatted(report, reporter));
      for (const text of human) terminal.out(text);
    } else {
      await writeReport(terminal, place, formatted(report, reporter));
      terminal.err(human[human.length - 1] ?? '');
    }
    if (report.interrupted !== undefined) {
      terminal.err(
        `loupe: interrupted (${printable(report.interrupted)}): the report says how far the run got`,
      );
      return interruptedExit;
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
