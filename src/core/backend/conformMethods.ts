/**
 * The contract's conformance methods (the Conformance tab): the official suite's server scenarios against the
 * session's server, recorded into the session's own recorder, so each check's frame numbers are frames of the
 * session's Traffic. The revision is the session's era (2026-07-28 when it spoke server/discover); a stdio server
 * is judged through the bridge. In the desktop app the suite runs on Electron's Node (suiteRuntime.ts).
 */
import type { BackendMethods } from '../../shared/contract.js';
import type { ConformChoices, ConformProgressEvent, ConformReport, ConformRequest, ConformRevision } from '../../shared/conform.js';
import { LoupeError } from '../../shared/errors.js';
import type { ProtocolEra } from '../../shared/session.js';
import type { Target } from '../../shared/target.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';

/**
 * The conformance engine (the SDK's server and stdio client for the bridges, zod, YAML for the requirements), loaded
 * when the Conformance view first asks: not on the way to the host's start or any session's first list.
 */
const conformEngine = () => import('./conformEngine.js');

export interface ConformPeer {
  target: Target;
  recorder: FrameRecorder;
  era: ProtocolEra | undefined;
}

export type ConformMethods = Pick<BackendMethods, 'conformChoices' | 'runConformance'>;

export interface ConformRoom {
  methods: ConformMethods;
  /** The runs made over this recorder (one connection's), oldest first: saved into its snapshot. */
  kept(recorder: FrameRecorder): readonly ConformReport[];
}

function revisionOf(peer: ConformPeer): { revision: ConformRevision; reason: string } {
  if (peer.target.transport === 'stdio' || peer.target.transport === 'demo')
    return peer.era === 'modern'
      ? { revision: '2026-07-28', reason: 'the session speaks 2026-07-28 (server/discover), judged through the pass-through bridge' }
      : { revision: '2025-11-25', reason: "the era Loupe's stdio bridge serves" };
  return peer.era === 'modern'
    ? { revision: '2026-07-28', reason: 'the session speaks 2026-07-28 (server/discover)' }
    : { revision: '2025-11-25', reason: 'the session speaks the 2025-11-25 era (initialize)' };
}

export function createConformMethods(
  live: () => ConformPeer,
  emit: (event: ConformProgressEvent) => void,
): ConformRoom {
  let running = false;
  const runs = new WeakMap<FrameRecorder, ConformReport[]>();
  const methods: ConformMethods = {
    async conformChoices(): Promise<ConformChoices> {
      const { bridgeNote, modernBridgeNote, findSuite, scenarioChoices } = await conformEngine();
      const peer = live();
      const { revision, reason } = revisionOf(peer);
      const base = {
        revision,
        revisionReason: reason,
        ...(peer.target.transport === 'stdio' || peer.target.transport === 'demo'
          ? { bridge: revision === '2026-07-28' ? modernBridgeNote : bridgeNote }
          : {}),
      };
      const lookup = findSuite();
      if ('missing' in lookup) return { ...base, missing: lookup.missing, install: lookup.install, scenarios: [] };
      return {
        ...base,
        suite: `${lookup.found.version} on ${lookup.found.nodeLabel}`,
        scenarios: await scenarioChoices(lookup.found, revision),
      };
    },

    async runConformance(request: ConformRequest) {
      if (running) throw new LoupeError({ kind: 'usage', message: 'A conformance run is already going on this session.' });
      const peer = live();
      running = true;
      try {
        const { conformEndpoint, findSuite, installSuite, runConformance } = await conformEngine();
        const lookup = findSuite();
        let runtime;
        if ('found' in lookup) runtime = lookup.found;
        else if (request.install) runtime = await installSuite(lookup.install, (line) => emit({ kind: 'install', line }));
        else throw new LoupeError({ kind: 'usage', message: `Loupe needs ${lookup.missing} to run the suite: install it first.` });
        const { revision, reason } = revisionOf(peer);
        const endpoint = await conformEndpoint(peer.target, { specVersion: revision, revisionReason: reason });
        try {
          const report = await runConformance({
            url: endpoint.url,
            target: endpoint.target,
            revision,
            revisionReason: reason,
            ...(endpoint.bridge ? { bridge: endpoint.bridge } : {}),
            ...(request.scenarios?.length ? { scenarios: request.scenarios } : {}),
            all: request.all ?? false,
            runtime,
            recorder: peer.recorder,
            onProgress: emit,
          });
          runs.set(peer.recorder, [...(runs.get(peer.recorder) ?? []), report]);
          return report;
        } finally {
          await endpoint.close();
        }
      } finally {
        running = false;
      }
    },
  };
  return { methods, kept: (recorder) => runs.get(recorder) ?? [] };
}
