/** Calling tools: the store's actions that talk to the backend for calls. */
import { toErrorData } from '../../shared/errors';
import type { JsonObject } from '../../shared/json';
import type { TaskMode } from '../../shared/tasks';
import { historyLimit, type CallRecord } from '../store/callsSlice';
import { apiOf, shownStore, type ScopedStore } from '../sessions/sessionStore';

let counter = 0;
function newCallId(): string {
  counter += 1;
  return `call-${Date.now().toString(36)}-${counter}`;
}

function patchCall(store: ScopedStore, callId: string, patch: Partial<CallRecord>): void {
  store.setState((state) => {
    const record = state.calls[callId];
    return record ? { calls: { ...state.calls, [callId]: { ...record, ...patch } } } : {};
  });
}

/** Sends the call and records it; resolves with the call id once the call has ended, however it ended. */
export async function callTool(tool: string, args: JsonObject, taskMode: TaskMode = 'auto'): Promise<string> {
  const callId = newCallId();
  // The session shown now: a result that lands after the user switched away still goes to it.
  const store = shownStore();
  const { getState, setState } = store;
  const record: CallRecord = { callId, tool, arguments: args, startedAt: Date.now(), state: 'running' };
  setState((state) => {
    const history = [callId, ...(state.callHistory.get(tool) ?? [])];
    const calls = { ...state.calls, [callId]: record };
    for (const dropped of history.slice(historyLimit)) delete calls[dropped];
    return { calls, callHistory: new Map(state.callHistory).set(tool, history.slice(0, historyLimit)) };
  });
  const timeoutMs = getState().settings?.timeoutMs;
  try {
    const outcome = await apiOf(store).callTool({
      tool,
      arguments: args,
      callId,
      ...(timeoutMs ? { timeoutMs } : {}),
      ...(taskMode === 'task' ? { taskMode } : {}),
    });
    patchCall(store, callId, { state: 'done', outcome });
  } catch (error) {
    const detail = toErrorData(error);
    patchCall(store, callId, { state: detail.kind === 'cancelled' ? 'cancelled' : 'failed', error: detail });
  }
  return callId;
}

export async function cancelCall(callId: string): Promise<void> {
  const store = shownStore();
  try {
    await apiOf(store).cancelCall(callId);
  } catch (error) {
    // The call may have ended meanwhile; its own record says how.
    const record = store.getState().calls[callId];
    if (record?.state === 'running') patchCall(store, callId, { state: 'failed', error: toErrorData(error) });
  }
}

export function clearHistory(tool: string): void {
  shownStore().setState((state) => {
    const calls = { ...state.calls };
    const history = state.callHistory.get(tool) ?? [];
    for (const callId of history) if (calls[callId]?.state !== 'running') delete calls[callId];
    return {
      calls,
      callHistory: new Map(state.callHistory).set(
        tool,
        history.filter((id) => Object.hasOwn(calls, id)),
      ),
    };
  });
}
