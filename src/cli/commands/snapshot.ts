/**
 * `loupe snapshot --out <file>`: a dated record of the exchange. A failed connection is still a record:
 * the file says connected:false with the error and every frame recorded, and the exit code is 1. `--out` may name
 * a folder: the file is then `loupe-<server>-<UTC date-time>.json` in it, as the app names its snapshots. A failed
 * run never replaces a good record: it is written beside it, and stderr (and --json's `kept`) says so
 * (core/snapshot/saveSnapshot.ts).
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { toErrorData, type LoupeErrorData } from '../../shared/errors.js';
import { stringField } from '../../shared/json.js';
import type { Snapshot } from '../../shared/snapshot.js';
import { snapshotFileName } from '../../core/backend/snapshotFileName.js';
import { listMethods, type ListKind, type ListResult } from '../../shared/lists.js';
import { isJsonObject } from '../../shared/json.js';
import { buildSnapshot } from '../../core/snapshot/buildSnapshot.js';
import { listDeclaredSkills } from '../../core/skills/listSkills.js';
import type { SkillsListing } from '../../shared/skills.js';
import { pageOptions } from '../listing.js';
import { saveSnapshot, type SnapshotSaved } from '../../core/snapshot/saveSnapshot.js';
import type { McpSession } from '../../core/types.js';
import type { Invocation } from '../arguments.js';
import { describeError, errorLine } from '../errorReport.js';
import { errorJson } from '../jsonError.js';
import { walk } from '../listing.js';
import { createRecorder, openSession } from '../openSession.js';
import { plural, serverLabel, type Terminal } from '../terminal.js';
import { loupeVersion } from '../../core/loupeVersion.js';
import { incompleteLine, printJson } from './listOutput.js';
import { recordCalls } from './snapshotCalls.js';
import { readCalls, type PlannedCall } from '../../core/replay/recordCalls.js';

const otherKinds: Exclude<ListKind, 'tools'>[] = ['resources', 'templates', 'prompts'];

async function walkDeclared(
  session: McpSession,
  invocation: Invocation,
  terminal: Terminal,
): Promise<Partial<Record<Exclude<ListKind, 'tools'>, ListResult>>> {
  const lists: Partial<Record<Exclude<ListKind, 'tools'>, ListResult>> = {};
  for (const kind of otherKinds) {
    if (!isJsonObject(session.handshake.capabilities[listMethods[kind].capability])) continue;
    lists[kind] = await walk(session, kind, invocation.options, terminal);
  }
  return lists;
}

/**
 * --out: a file, or an existing folder (or a path ending in a separator) that gets loupe-<server>-<UTC time>.json;
 * `chosen` when Loupe picked the name (saveSnapshot.ts then replaces nothing there).
 */
async function outputPath(out: string, snapshot: Snapshot): Promise<{ path: string; chosen: boolean }> {
  const folder =
    /[\\/]$/.test(out) ||
    (await stat(out).then(
      (info) => info.isDirectory(),
      () => false,
    ));
  if (!folder) return { path: out, chosen: false };
  const name =
    stringField(snapshot.serverInfo, 'name') ?? (snapshot.target.transport === 'demo' ? 'demo' : undefined);
  return { path: join(out, snapshotFileName(name, new Date(snapshot.testedAt))), chosen: true };
}

/** What --json prints: where the file went and what it holds; a failure as {kind, message, doctor}. */
function snapshotJson(
  saved: SnapshotSaved,
  snapshot: Snapshot,
  failure: LoupeErrorData | undefined,
): Record<string, unknown> {
  const error = snapshot.error ?? failure ?? snapshot.toolsError;
  return {
    out: saved.path,
    ...(saved.kept !== undefined ? { kept: saved.kept, keptBecause: saved.keptBecause } : {}),
    connected: snapshot.connected,
    serverInfo: snapshot.serverInfo ?? null,
    protocolVersion: snapshot.protocolVersion ?? null,
    era: snapshot.era ?? null,
    toolCount: snapshot.toolCount,
    toolsComplete: snapshot.toolsComplete,
    pages: snapshot.pages.length,
    findings: snapshot.findings.length,
    frames: snapshot.frames.length,
    ...(error ? { error: errorJson(error) } : {}),
  };
}

export async function snapshotCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  const target = invocation.target;
  if (!target) throw new Error('snapshot needs a target (parseArguments checks this)');
  const testedAt = new Date().toISOString();
  const recorder = createRecorder(invocation.options);
  let session: McpSession | undefined;
  let failure: LoupeErrorData | undefined;
  let tools: ListResult | undefined;
  let lists: Partial<Record<Exclude<ListKind, 'tools'>, ListResult>> = {};
  // --calls: read before connecting, so a malformed file fails before the server is started.
  const calls: PlannedCall[] | undefined =
    invocation.options.calls === undefined ? undefined : await readCalls(invocation.options.calls);
  let skills: SkillsListing | undefined;
  try {
    session = await openSession(target, invocation.options, recorder, terminal);
    tools = await walk(session, 'tools', invocation.options, terminal);
    lists = await walkDeclared(session, invocation, terminal);
    skills = await listDeclaredSkills(session, pageOptions(invocation.options));
    if (calls)
      ({ tools, lists } = await recordCalls(session, calls, { tools, lists }, invocation.options, terminal));
  } catch (error) {
    failure = toErrorData(error);
  } finally {
    await session?.close();
    await recorder.flush();
  }
  const stats = recorder.stats();
  const snapshot = buildSnapshot({
    target,
    testedAt,
    ...(session ? { handshake: session.handshake } : {}),
    ...(failure ? { error: failure } : {}),
    ...(tools ? { tools } : {}),
    lists,
    ...(skills ? { skills } : {}),
    frames: recorder.all(),
    framesDropped: stats.overflow,
    loupeVersion: loupeVersion(),
  });
  const asked = await outputPath(invocation.options.out ?? '', snapshot);
  const saved = await saveSnapshot(asked.path, snapshot, { chosen: asked.chosen });
  const out = saved.path;
  if (invocation.options.json) await printJson(terminal, snapshotJson(saved, snapshot, failure));
  if (saved.kept !== undefined)
    terminal.err(
      `loupe: kept ${saved.kept} as it was (${saved.keptBecause ?? 'a good record'}): this failed run was written beside it, to ${out}`,
    );

  if (!snapshot.connected) {
    if (!invocation.options.json)
      terminal.out(
        `Wrote ${out}: not connected (${snapshot.error?.kind ?? 'error'}), ${plural(snapshot.frames.length, 'frame')} recorded`,
      );
    terminal.err(errorLine(snapshot.error ?? failure ?? { kind: 'internal', message: 'not connected' }));
    return 1;
  }
  const server = serverLabel(snapshot.serverInfo);
  const complete = snapshot.toolsComplete ? '' : ' (INCOMPLETE)';
  if (!invocation.options.json)
    terminal.out(
      `Wrote ${out}: ${server}, ${plural(snapshot.toolCount, 'tool')}${complete} over ${plural(snapshot.pages.length, 'page')}, ${plural(snapshot.findings.length, 'finding')}, ${plural(snapshot.frames.length, 'frame')}`,
    );
  if (tools && !tools.complete) {
    terminal.err(incompleteLine(tools));
    return 1;
  }
  if (!snapshot.toolsComplete && snapshot.toolsError) {
    // The walk was complete but the snapshot could not hold its items: the file says why, and so does this line.
    terminal.err(`loupe: ${describeError(snapshot.toolsError)}`);
    return 1;
  }
  if (failure) {
    terminal.err(errorLine(failure));
    return 1;
  }
  return 0;
}
