/**
 * What one connection of a session did that a UI shows besides its frames: its tool calls (with how each
 * ended) and its list_changed re-walks (the list before and after). Kept, bounded, so a page that re-attaches
 * after a reload shows them again instead of an empty history.
 */
import type { LoupeErrorData } from '../../shared/errors.js';
import type { JsonObject } from '../../shared/json.js';
import type { ListDiff, ListResult } from '../../shared/lists.js';
import type { CallOutcome } from '../../shared/session.js';
import type { KeptCall, KeptListChange } from '../../shared/sessions.js';

export const keptCallLimit = 100;
export const keptListChangeLimit = 20;

export class SessionMemory {
  private readonly callsById = new Map<string, KeptCall>();
  private readonly changes: KeptListChange[] = [];

  callStarted(callId: string, tool: string, args: JsonObject): void {
    this.callsById.set(callId, { callId, tool, arguments: args, startedAt: Date.now(), state: 'running' });
    // A Map keeps insertion order: the oldest calls are dropped first.
    for (const oldest of this.callsById.keys()) {
      if (this.callsById.size <= keptCallLimit) break;
      this.callsById.delete(oldest);
    }
  }

  callEnded(callId: string, ending: { outcome: CallOutcome } | { error: LoupeErrorData }): void {
    const kept = this.callsById.get(callId);
    if (!kept) return;
    if ('outcome' in ending) this.callsById.set(callId, { ...kept, state: 'done', outcome: ending.outcome });
    else this.callsById.set(callId, { ...kept, state: ending.error.kind === 'cancelled' ? 'cancelled' : 'failed', error: ending.error });
  }

  listChanged(before: JsonObject[], diff: ListDiff, result: ListResult): void {
    this.changes.push({ at: Date.now(), diff, before, result });
    if (this.changes.length > keptListChangeLimit) this.changes.splice(0, this.changes.length - keptListChangeLimit);
  }

  calls(): KeptCall[] {
    return [...this.callsById.values()];
  }

  listChanges(): KeptListChange[] {
    return [...this.changes];
  }
}
