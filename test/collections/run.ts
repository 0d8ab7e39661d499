/** Runs a collection (given as an object) on a fresh session to a real server, and finds steps and assertions. */
import { tmpdir } from 'node:os';
import type { AssertionResult, CollectionReport, StepResult } from '../../src/shared/collections.js';
import { parseCollection } from '../../src/core/collections/parseCollection.js';
import { runCollection, type RunOptions } from '../../src/core/collections/runCollection.js';
import { FrameRecorder } from '../../src/core/recorder/frameRecorder.js';
import { connect } from '../../src/core/session/connect.js';
import type { DialTarget } from '../../src/core/types.js';

export async function runOn(
  target: DialTarget,
  collection: object,
  options: Partial<RunOptions> = {},
): Promise<CollectionReport> {
  const parsed = parseCollection(
    JSON.stringify({ format: 'loupe.collection/1', ...collection }),
    'test.collection.json',
  );
  const session = await connect(target, { recorder: new FrameRecorder(), timeoutMs: 15_000 });
  try {
    return await runCollection(parsed, session, { baseDirectory: tmpdir(), ...options });
  } finally {
    await session.close();
  }
}

export function stepOf(report: CollectionReport, name: string): StepResult {
  const step = report.steps.find((candidate) => candidate.name === name);
  if (!step)
    throw new Error(`no step ${name} in ${report.steps.map((candidate) => candidate.name).join(', ')}`);
  return step;
}

/** The one assertion of the step whose name starts with `prefix`. */
export function assertionOf(report: CollectionReport, step: string, prefix: string): AssertionResult {
  const found = stepOf(report, step).assertions.filter((assertion) => assertion.name.startsWith(prefix));
  if (found.length !== 1)
    throw new Error(
      `${found.length} assertions of ${step} start with "${prefix}": ${stepOf(report, step)
        .assertions.map((a) => a.name)
        .join(' | ')}`,
    );
  return found[0];
}
