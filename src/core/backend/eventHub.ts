/**
 * A typed emitter of the contract's events. The backend emits; carriers (serveContract) subscribe.
 * A listener that throws never stops the others: a broken UI must not break the session.
 */
import type { BackendEvents, EventName } from '../../shared/contract.js';
import type { EventSourceLike } from '../../shared/carrier.js';

export interface EventHub extends EventSourceLike {
  /** `session`: whose event it is (a session host tags its sessions' events; a lone backend names none). */
  emit<E extends EventName>(event: E, payload: BackendEvents[E], session?: string): void;
  /** Drop every listener (on dispose). */
  clear(): void;
}

export function createEventHub(): EventHub {
  const listeners = new Map<EventName, Set<(payload: never, session?: string) => void>>();
  return {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const stored = listener as (payload: never, session?: string) => void;
      set.add(stored);
      return () => {
        set.delete(stored);
      };
    },
    emit(event, payload, session) {
      const set = listeners.get(event);
      if (!set) return;
      for (const listener of [...set]) {
        try {
          (listener as (value: typeof payload, session?: string) => void)(payload, session);
        } catch {
          // A faulty subscriber is its own problem; the others still hear the event.
        }
      }
    },
    clear() {
      listeners.clear();
    },
  };
}
