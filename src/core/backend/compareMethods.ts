/**
 * The contract's compare methods: `loupe diff` for the app. Each side is a snapshot file's text or the live
 * session; the diff and its classification are core/diff's, so the app and the CLI never disagree.
 */
import type { Comparison, CompareSideInfo, CompareSource } from '../../shared/compare.js';
import type { BackendMethods } from '../../shared/contract.js';
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject, stringField, type JsonObject } from '../../shared/json.js';
import { listKinds } from '../../shared/lists.js';
import type { Snapshot } from '../../shared/snapshot.js';
import { diffItems, diffSnapshots } from '../diff/snapshotDiff.js';

export interface CompareDependencies {
  /** Parses a snapshot file's text (with the backend's depth check); rejects with 'snapshot-invalid'. */
  parse(text: string): Promise<Snapshot>;
  /** The live session's lists walked anew; rejects with 'not-connected' without a session. */
  live(): Promise<Snapshot>;
}

export type CompareMethods = Pick<BackendMethods, 'compareSnapshots' | 'compareLists'>;

function usage(message: string): LoupeError {
  return new LoupeError({ kind: 'usage', message });
}

function sideInfo(snapshot: Snapshot, live: boolean): CompareSideInfo {
  const serverName = stringField(snapshot.serverInfo, 'name');
  const serverVersion = stringField(snapshot.serverInfo, 'version');
  return {
    live,
    target: snapshot.target,
    testedAt: snapshot.testedAt,
    ...(serverName === undefined ? {} : { serverName }),
    ...(serverVersion === undefined ? {} : { serverVersion }),
    ...(snapshot.protocolVersion === undefined ? {} : { protocolVersion: snapshot.protocolVersion }),
    ...(snapshot.connected ? { era: snapshot.era ?? 'legacy' } : {}),
    toolCount: snapshot.toolCount,
  };
}

export function createCompareMethods(dependencies: CompareDependencies): CompareMethods {
  const load = async (side: unknown, which: string): Promise<{ snapshot: Snapshot; live: boolean }> => {
    if (!isJsonObject(side)) throw usage(`The ${which} side is not a compare source.`);
    if (side.source === 'live') return { snapshot: await dependencies.live(), live: true };
    if (side.source !== 'snapshot' || typeof side.text !== 'string')
      throw usage(`The ${which} side is neither a snapshot text nor the live session.`);
    const snapshot = await dependencies.parse(side.text);
    if (!snapshot.connected) {
      const cause = snapshot.error
        ? `${snapshot.error.kind}: ${snapshot.error.message}`
        : 'no error recorded';
      throw usage(
        `The ${which} snapshot recorded a failed connection (${cause}); it has no lists to compare.`,
      );
    }
    return { snapshot, live: false };
  };

  return {
    async compareSnapshots(left: CompareSource, right: CompareSource): Promise<Comparison> {
      const old = await load(left, 'left (old)');
      const now = await load(right, 'right (new)');
      return {
        left: sideInfo(old.snapshot, old.live),
        right: sideInfo(now.snapshot, now.live),
        diff: diffSnapshots(old.snapshot, now.snapshot),
      };
    },

    compareLists(request) {
      if (!isJsonObject(request) || !listKinds.some((kind) => kind === request.kind))
        return Promise.reject(
          usage('A list comparison names one list kind (tools, resources, templates, prompts).'),
        );
      const items = (value: unknown): JsonObject[] =>
        Array.isArray(value) ? value.filter(isJsonObject) : [];
      return Promise.resolve(diffItems(request.kind, items(request.before), items(request.after)));
    },
  };
}
