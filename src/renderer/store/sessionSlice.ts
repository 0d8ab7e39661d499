import type { LoupeErrorData } from '../../shared/errors';
import type { ProtocolChoice, SessionStatus } from '../../shared/session';
import type { Target } from '../../shared/target';
import type { SliceCreator } from './types';

export type BackendLink =
  'connecting' | 'open' | 'closed' | 'ended' | 'no-credential' | 'refused' | 'unreachable';

export interface SessionSlice {
  status: SessionStatus;
  /** Why the last connect attempt failed (kept until the next attempt), shown in the Connections panel. */
  connectError: LoupeErrorData | null;
  /** Whether it failed while connecting, or ended a session that had been up. */
  connectErrorPhase: 'connect' | 'session';
  /** The target of the last attempt, for Reconnect. */
  lastTarget: Target | null;
  /** The protocol era asked for on the last attempt, for Reconnect and the form. */
  lastProtocol: ProtocolChoice;
  /** The request timeout (ms) the last attempt asked for, for Reconnect and the form; null: the default. */
  lastTimeoutMs: number | null;
  /** The carrier to the backend (the browser host's WebSocket). */
  backendLink: BackendLink;
}

export const createSessionSlice: SliceCreator<SessionSlice> = () => ({
  status: { state: 'idle' },
  connectError: null,
  connectErrorPhase: 'connect',
  lastTarget: null,
  lastProtocol: 'auto',
  lastTimeoutMs: null,
  backendLink: 'open',
});
