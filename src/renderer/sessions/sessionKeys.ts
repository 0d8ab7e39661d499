/**
 * Which parts of the store belong to one session (each session keeps its own) and which are the window's
 * (settings, the view tab, notices, the config import, the carrier's link). Traffic filters, list filters
 * and selections are per session too: switching back finds a session as it was left. A key not named here
 * is the window's, so a slice added later is shared until it says otherwise.
 */
import type { LoupeState } from '../store/types';

export const sessionKeys = [
  // session
  'status',
  'connectError',
  'connectErrorPhase',
  'lastTarget',
  'lastProtocol',
  'lastTimeoutMs',
  // lists
  'lists',
  'lint',
  'security',
  'securityError',
  'portability',
  'portabilityCosts',
  'capabilityProbe',
  // traffic
  'frameLog',
  'recorderStats',
  'pausedAt',
  'clearedThroughSeq',
  'trafficFilter',
  'selectedFrameSeq',
  'logs',
  // snapshot view
  'snapshotView',
  // ui
  'selected',
  'filters',
  'fetches',
  // calls and server requests
  'calls',
  'callHistory',
  'serverRequests',
  'closedRequests',
  'answeredRequests',
  // compare and list_changed history
  'compareLeft',
  'compareRight',
  'comparison',
  'compareBusy',
  'compareError',
  'compareFilter',
  'compareSelected',
  'listHistory',
  // tasks
  'tasks',
  'serverTasks',
  'serverTasksError',
  'serverTasksLoading',
  // collections: a collection belongs to the session it was opened or saved in, and is run on that one
  'collectionName',
  'collectionText',
  'collectionReport',
  'collectionError',
  'collectionRunning',
  'stepDraft',
  // auth
  'authPrompt',
  'authNotice',
  'authSignedOut',
  'authLast',
  // conformance
  'conform',
] as const satisfies readonly (keyof LoupeState)[];

export type SessionKey = (typeof sessionKeys)[number];
export type SessionPart = Pick<LoupeState, SessionKey>;

const keySet = new Set<string>(sessionKeys);

export function isSessionKey(key: string): key is SessionKey {
  return keySet.has(key);
}

export function pickSessionPart(state: LoupeState): SessionPart {
  const part: Record<string, unknown> = {};
  for (const key of sessionKeys) part[key] = state[key];
  return part as SessionPart;
}
