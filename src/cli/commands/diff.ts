/**
 * `loupe diff <old> <new>`: compares two snapshot files, or a kept snapshot with the server now (a live target
 * after the file). Exit codes as diff(1): 0 nothing at the --fail-on level changed, 1 something did, 2 the two
 * sides could not be compared (a usage error, an unreadable or foreign file, a failed connection, a list that was
 * not read to its end).
 */
import { toErrorData, type LoupeErrorData } from '../../shared/errors.js';
import type { Snapshot } from '../../shared/snapshot.js';
import { diffSnapshots, failsOn } from '../../core/diff/snapshotDiff.js';
import { unverifiedReason } from '../../core/snapshot/frameDigest.js';
import { readSnapshot } from '../../core/snapshot/readSnapshot.js';
import type { Invocation } from '../arguments.js';
import { describeError } from '../errorReport.js';
import { errorDocument } from '../jsonError.js';
import { printable, serverLabel, terminalJson, type Terminal } from '../terminal.js';
import { diffDocument, diffLines, tally } from './diffReport.js';
import { liveSnapshot } from './liveSnapshot.js';

interface Side {
  /** The file, or "the server now". */
  source: string;
  snapshot: Snapshot;
}

/** A side that cannot be compared: the message for stderr, the error (with its kind) for --json. */
class Uncomparable extends Error {
  constructor(
    message: string,
    readonly detail: LoupeErrorData,
  ) {
    super(message);
  }
}

async function load(invocation: Invocation, index: number, terminal: Terminal): Promise<Side> {
  const file = invocation.files?.[index];
  if (file === undefined) {
    if (!invocation.target) throw new Error('diff needs two sides (parseArguments checks this)');
    try {
      return {
        source: 'the server now',
        snapshot: await liveSnapshot(invocation.target, invocation.options, terminal),
      };
    } catch (error) {
      const detail = toErrorData(error);
      throw new Uncomparable(`the server now: ${describeError(detail)}`, detail);
    }
  }
  let snapshot: Snapshot;
  try {
    snapshot = await readSnapshot(file);
  } catch (error) {
    // readSnapshot's messages already name the file.
    const detail = toErrorData(error);
    throw new Uncomparable(describeError(detail), detail);
  }
  if (!snapshot.connected) {
    const cause = snapshot.error ? describeError(snapshot.error) : 'no error recorded';
    const message = `${printable(file)}: this snapshot recorded a failed connection (${cause}); it has no lists to compare`;
    throw new Uncomparable(message, { kind: 'not-connected', message, data: { file } });
  }
  return { source: file, snapshot };
}

function sideHeader(side: Side): string {
  const where =
    side.source === 'the server now'
      ? 'the server now'
      : `${printable(side.source)}, tested on ${side.snapshot.testedAt.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC')}`;
  return `${serverLabel(side.snapshot.serverInfo)} (${where})`;
}

/** A file side's frames: verified against their digest when it reads (readSnapshot checked them), else why not. */
function unverified(side: Side): string | undefined {
  return side.source === 'the server now' ? undefined : unverifiedReason(side.snapshot);
}

function sideDocument(side: Side): Record<string, unknown> {
  const reason = unverified(side);
  return {
    source: side.source,
    testedAt: side.snapshot.testedAt,
    serverInfo: side.snapshot.serverInfo ?? null,
    protocolVersion: side.snapshot.protocolVersion ?? null,
    ...(side.source === 'the server now'
      ? {}
      : { framesVerified: reason === undefined, ...(reason === undefined ? {} : { unverified: reason }) }),
  };
}

export async function diffCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  let old: Side;
  let current: Side;
  try {
    old = await load(invocation, 0, terminal);
    current = await load(invocation, 1, terminal);
  } catch (error) {
    if (!(error instanceof Uncomparable)) throw error;
    if (invocation.options.json) terminal.out(terminalJson(errorDocument(error.detail), 2));
    terminal.err(`loupe: cannot compare: ${error.message}`);
    return 2;
  }
  for (const side of [old, current]) {
    const reason = unverified(side);
    if (reason !== undefined) terminal.err(`loupe: note: ${printable(side.source)} is unverified: ${reason}`);
  }
  const diff = diffSnapshots(old.snapshot, current.snapshot);
  const level = invocation.options.failOn ?? 'breaking';
  const failed = failsOn(diff, level);
  if (invocation.options.json) {
    terminal.out(terminalJson(diffDocument(diff, { old: sideDocument(old), new: sideDocument(current) }), 2));
  } else {
    terminal.out(`old: ${sideHeader(old)}`);
    terminal.out(`new: ${sideHeader(current)}`);
    terminal.out('');
    for (const line of diffLines(diff)) terminal.out(line);
    const counts = tally(diff);
    terminal.out(
      `${counts.breaking} breaking, ${counts.drift} drift, ${counts.compatible} compatible · --fail-on ${level}: ${failed ? 'fail' : 'pass'}`,
    );
  }
  if (diff.incomplete.length > 0) {
    const which = diff.incomplete
      .map(
        (entry) =>
          `${entry.side === 'old' ? printable(old.source) : printable(current.source)} (${entry.kind})`,
      )
      .join(', ');
    // A list one side did not finish decides nothing when it compared equal, except the tool list the diff is for.
    const decisive = diff.incomplete.some(
      (entry) => entry.kind === 'tools' || diff.items[entry.kind].length > 0,
    );
    terminal.err(
      `loupe: ${decisive ? 'cannot compare fully' : 'note'}: not every list was read to its end in ${which}; a "removed" item there may only be unread`,
    );
    if (decisive) return 2;
  }
  return failed ? 1 : 0;
}
