/**
 * `loupe conform <target>`: the official conformance suite's server scenarios (src/core/conform) against an HTTP
 * server, or a stdio server through Loupe's bridge, every message through Loupe's recorder. By default the
 * requirement set of the server's revision; --scenario <name> (repeatable), --all (every scenario of the
 * revision); --spec-version 2025-11-25|2026-07-28. --json, --reporter junit (to --out, else stdout).
 * Exit 0 every required check passed, 1 a check failed, 2 it could not run (no suite and no consent to install
 * it, an unreachable server, an unknown scenario…).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConformReport } from '../../shared/conform.js';
import { LoupeError } from '../../shared/errors.js';
import { appDataDir } from '../../core/backend/appDataDir.js';
import { conformEndpoint, isConformRevision } from '../../core/conform/conformTarget.js';
import { conformJunit } from '../../core/conform/junitReport.js';
import { listServerScenarios } from '../../core/conform/requirements.js';
import { runConformance } from '../../core/conform/runSuite.js';
import { findSuite, installSuite, type SuiteRuntime } from '../../core/conform/suiteRuntime.js';
import { FrameRecorder } from '../../core/recorder/frameRecorder.js';
import type { Invocation } from '../arguments.js';
import { errorLine } from '../errorReport.js';
import { errorDocument } from '../jsonError.js';
import { terminalLineReader } from '../linePrompt.js';
import { closest } from '../suggestion.js';
import { printable, terminalJson, type Terminal } from '../terminal.js';
import { conformLines } from './conformReport.js';
import { interruptedExit, untilInterrupted } from '../interrupt.js';

const usage = (message: string): LoupeError => new LoupeError({ kind: 'usage', message });

/** The suite, installed first when the person agrees (--yes, or y at a terminal); else one line saying what is needed. */
async function suiteRuntime(invocation: Invocation, terminal: Terminal): Promise<SuiteRuntime> {
  const lookup = findSuite();
  if ('found' in lookup) return lookup.found;
  let consent = invocation.options.yes;
  const ask = consent ? undefined : terminalLineReader();
  if (ask) {
    const answer = await ask(
      `loupe conform needs ${lookup.missing}; install ${lookup.install.join(' and ')} with npm now? [y/N] `,
      false,
    );
    consent = /^y(es)?$/i.test((answer ?? '').trim());
  }
  if (!consent)
    throw usage(
      `loupe conform needs ${lookup.missing}: run it again with --yes to install ${lookup.install.join(' and ')} with npm (once, into a cache)`,
    );
  return installSuite(lookup.install, (line) => terminal.err(line));
}

async function journalPath(invocation: Invocation): Promise<string> {
  if (invocation.options.journalPath) return invocation.options.journalPath;
  const folder = join(appDataDir(), 'conform');
  await mkdir(folder, { recursive: true, mode: 0o700 });
  return join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}.jsonl`);
}

async function checkNames(runtime: SuiteRuntime, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const known = [...(await listServerScenarios(runtime)).keys()];
  for (const name of names)
    if (!known.includes(name)) {
      const near = closest(name, known);
      throw usage(
        `--scenario ${name}: the suite has no such server scenario.${near ? ` Did you mean "${near}"?` : ''} (the suite's \`conformance list --server\` names them all)`,
      );
    }
}

async function run(
  invocation: Invocation,
  terminal: Terminal,
  interrupt: AbortSignal,
): Promise<ConformReport> {
  const { options, target } = invocation;
  const conform = options.conform ?? { scenarios: [], all: false };
  if (!target)
    throw usage('conform needs a target: --url <url>, or -- <command> [args…] for a stdio server.');
  if (conform.specVersion !== undefined && !isConformRevision(conform.specVersion))
    throw usage(
      `--spec-version is 2025-11-25 or 2026-07-28 (the suite's requirement sets); got "${conform.specVersion}".`,
    );
  const runtime = await suiteRuntime(invocation, terminal);
  await checkNames(runtime, conform.scenarios);
  const endpoint = await conformEndpoint(target, {
    ...(conform.specVersion && isConformRevision(conform.specVersion)
      ? { specVersion: conform.specVersion }
      : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  const recorder = new FrameRecorder({ journalPath: await journalPath(invocation), limit: 50_000 });
  let shown = false;
  try {
    return await runConformance({
      url: endpoint.url,
      target: endpoint.target,
      revision: endpoint.revision,
      revisionReason: endpoint.revisionReason,
      ...(endpoint.bridge ? { bridge: endpoint.bridge } : {}),
      ...(conform.scenarios.length > 0 ? { scenarios: conform.scenarios } : {}),
      all: conform.all,
      runtime,
      recorder,
      signal: interrupt,
      ...(options.timeoutMs !== undefined ? { scenarioTimeoutMs: options.timeoutMs } : {}),
      onProgress: (event) => {
        if (!terminal.stderrIsTty || event.kind !== 'start') return;
        shown = true;
        terminal.errRaw(`\r\x1b[K[${event.index}/${event.total}] ${printable(event.scenario)}`.slice(0, 200));
      },
    });
  } finally {
    if (shown) terminal.errRaw('\r\x1b[K');
    await endpoint.close();
    await recorder.flush();
  }
}

/**
 * Ctrl-C (SIGINT) stops the suite and writes the report of the scenarios that finished, saying it was interrupted
 * and during which scenario: exit 130. A second Ctrl-C ends the process at once.
 */
export function conformCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  return untilInterrupted((signal) => conformRun(invocation, terminal, signal));
}

async function conformRun(
  invocation: Invocation,
  terminal: Terminal,
  interrupt: AbortSignal,
): Promise<number> {
  const { options } = invocation;
  const reporter = options.reporter ?? (options.json ? 'json' : 'text');
  let report: ConformReport;
  try {
    if (reporter === 'tap') throw usage('conform --reporter is text, json or junit.');
    report = await run(invocation, terminal, interrupt);
  } catch (error) {
    // Could not run: exit 2 (130 when interrupted first), the failure as JSON too when JSON was asked for.
    const why = interrupt.aborted
      ? new LoupeError({ kind: 'cancelled', message: 'interrupted (SIGINT) before the suite ran' })
      : error;
    if (reporter === 'json') terminal.out(terminalJson(errorDocument(why), 2));
    terminal.err(errorLine(why));
    return interrupt.aborted ? interruptedExit : 2;
  }
  const human = conformLines(report);
  const formatted =
    reporter === 'junit'
      ? conformJunit(report)
      : reporter === 'json'
        ? `${terminalJson(report, 2)}\n`
        : undefined;
  if (formatted === undefined) for (const line of human) terminal.out(line);
  else if (options.out) {
    await writeFile(options.out, formatted, { mode: 0o600 });
    for (const line of human) terminal.out(line);
  } else {
    terminal.out(formatted.trimEnd());
    terminal.err(human.find((line) => /: (PASSED|FAILED|INTERRUPTED)$/.test(line)) ?? '');
  }
  if (report.interrupted) return interruptedExit;
  return report.passed ? 0 : 1;
}
