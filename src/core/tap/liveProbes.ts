/**
 * What hosts' server/discover probes got through stdio taps, by host process and server command. The v2 SDK client
 * (pinned to 2026-07-28, or in auto mode) probes the era on a short-lived server process (server/discover, then it
 * closes it) and speaks on a new one: two taps, two tapped sessions. A DiscoverResult of the first completes the
 * second's handshake (which saw no server/discover); a refusal is said in its era reason (liveSession.ts, sibling).
 *
 * Only taps that name their host's process id (TapHello.hostPid) and the same server command and arguments meet
 * here; the book keeps the latest result of the last few hosts.
 */
import type { SeenProbe } from './liveSession.js';
import type { TapHello } from './liveWire.js';

const maxHosts = 64;

/** The key of a tap's host and server; undefined when the tap did not name its host. */
export function probeKey(hello: Pick<TapHello, 'hostPid' | 'server'>): string | undefined {
  return hello.hostPid === undefined ? undefined : JSON.stringify([hello.hostPid, hello.server]);
}

export class ProbeBook {
  private readonly seen = new Map<string, SeenProbe>();
  private readonly listeners = new Map<string, Set<(seen: SeenProbe) => void>>();

  /** The outcome of a server/discover a tap of this host and server passed. */
  note(key: string, seen: SeenProbe): void {
    this.seen.delete(key);
    this.seen.set(key, seen);
    if (this.seen.size > maxHosts) {
      const oldest = this.seen.keys().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    for (const listener of [...(this.listeners.get(key) ?? [])]) listener(seen);
  }

  latest(key: string): SeenProbe | undefined {
    return this.seen.get(key);
  }

  /** Hears every outcome noted for this key from now on; returns the way to stop. */
  watch(key: string, listener: (seen: SeenProbe) => void): () => void {
    const set = this.listeners.get(key) ?? new Set();
    set.add(listener);
    this.listeners.set(key, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }
}
