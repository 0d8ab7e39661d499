/**
 * Tool calls and server→client requests: every call by id (with its progress and outcome), the history of
 * calls per tool, the server's requests waiting for the user, and the roots the user configured per
 * connection. Actions live in calls/callActions.ts and serverRequests/requestActions.ts.
 */
import type { LoupeApi } from '../../shared/contract';
import type { LoupeErrorData } from '../../shared/errors';
import type { JsonObject } from '../../shared/json';
import type {
  AnsweredServerRequest,
  CallOutcome,
  ClosedServerRequest,
  ProgressEvent,
  ServerRequest,
} from '../../shared/session';
import { sessionStore } from '../sessions/sessionStore';
import type { LoupeState } from './types';
import type { SliceCreator } from './types';

export type CallState = 'running' | 'done' | 'failed' | 'cancelled';

export interface CallRecord {
  callId: string;
  tool: string;
  arguments: JsonObject;
  /** Wall clock, ms, when the call was sent. */
  startedAt: number;
  state: CallState;
  progress?: ProgressEvent;
  outcome?: CallOutcome;
  /** A protocol-level failure (the call was rejected): distinct from a result with isError. */
  error?: LoupeErrorData;
}

export interface RootEntry {
  uri: string;
  name?: string;
}

/** A server request the user answered, with what was chosen in words; the backend keeps the same. */
export type AnsweredRequest = AnsweredServerRequest;

/** A server request closed before the user answered it: its panel stays, saying why, until dismissed. */
export interface ClosedRequest {
  request: ServerRequest;
  reason: string;
  closedAt: number;
}

export interface CallsSlice {
  calls: Record<string, CallRecord>;
  /** Call ids per tool name, newest first. A Map: tool names are the server's strings (`constructor`, `__proto__`…). */
  callHistory: ReadonlyMap<string, string[]>;
  /** Server requests waiting for the user, oldest first. */
  serverRequests: ServerRequest[];
  /** Server requests closed unanswered whose panel the user has not dismissed yet, oldest first. */
  closedRequests: ClosedRequest[];
  /** The most recent answered ones, newest first, so nothing is answered out of sight. */
  answeredRequests: AnsweredRequest[];
  /** Roots answered to roots/list, per connection (key: describeTarget of the target). */
  rootsByConnection: Record<string, RootEntry[]>;
}

export const historyLimit = 50;
/** Answered server requests listed (the backend keeps as many: keptAnswered). */
export const answeredLimit = 20;

export const createCallsSlice: SliceCreator<CallsSlice> = () => ({
  calls: {},
  callHistory: new Map(),
  serverRequests: [],
  closedRequests: [],
  answeredRequests: [],
  rootsByConnection: {},
});

/** The calls slice's part of the state after a progress event (unknown call ids are ignored). */
export function withProgress(state: LoupeState, progress: ProgressEvent): Partial<LoupeState> {
  const record = state.calls[progress.callId];
  if (!record || record.state !== 'running') return {};
  return { calls: { ...state.calls, [progress.callId]: { ...record, progress } } };
}

/** The state after the backend closed a waiting request: its panel says why, the answered list keeps it. */
export function withClosedRequest(state: LoupeState, closed: ClosedServerRequest): Partial<LoupeState> {
  const request = state.serverRequests.find((waiting) => waiting.requestId === closed.requestId);
  if (!request) return {};
  return {
    serverRequests: state.serverRequests.filter((waiting) => waiting.requestId !== closed.requestId),
    closedRequests: [...state.closedRequests, { request, reason: closed.reason, closedAt: closed.closedAt }],
    answeredRequests: [
      { request, outcome: `closed unanswered: ${closed.reason}`, answeredAt: closed.closedAt },
      ...state.answeredRequests,
    ].slice(0, answeredLimit),
  };
}

/** Subscribes the calls slice to backend events (onProgress, onServerRequest), each into its session; returns the unsubscribe. */
export function bindCallEvents(api: LoupeApi): () => void {
  const stops = [
    api.on('onProgress', (progress, session) =>
      sessionStore(session).setState((state) => withProgress(state, progress)),
    ),
    api.on('onServerRequest', (request, session) =>
      sessionStore(session).setState((state) =>
        state.serverRequests.some((waiting) => waiting.requestId === request.requestId)
          ? {}
          : { serverRequests: [...state.serverRequests, request] },
      ),
    ),
    api.on('onServerRequestClosed', (closed, session) =>
      sessionStore(session).setState((state) => withClosedRequest(state, closed)),
    ),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
