/**
 * PLACEHOLDER written by the UI helper (issue 3) so the store builds; the issue-4 helper owns this file and
 * replaces it with the real calls slice (tool calls, progress, outcomes).
 */
import type { LoupeApi } from '../../shared/contract';
import type { SliceCreator } from './types';

export interface CallsSlice {
  callsReady: boolean;
}

export const createCallsSlice: SliceCreator<CallsSlice> = () => ({ callsReady: false });

/** Subscribes the calls slice to backend events (onProgress…); returns the unsubscribe. */
export function bindCallEvents(_api: LoupeApi): () => void {
  return () => undefined;
}
