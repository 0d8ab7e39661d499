/**
 * A tapped session: a normal session of the backend whose frames come from a `loupe tap` running elsewhere (the
 * host's pipe to its server) instead of from a connection Loupe owns. Its recorder is the session's own, so Traffic,
 * Timings, snapshots and diff work on it as on any other, and what the host negotiated and listed is read from the
 * frames as they pass (tap/liveSession.ts: the code that reads Loupe's own handshake and pages) into the session's
 * handshake and lists. Loupe does not own the connection, so it sends nothing on it: calls, listings and connecting
 * again are refused with the reason (tappedReadOnly, kind 'tapped-session').
 *
 * The session is named after the host: "tapped: <client name> <version> → <server name>".
 */
import type { BackendMethods } from '../../shared/contract.js';
import { LoupeError } from '../../shared/errors.js';
import { stringField } from '../../shared/json.js';
import type { ListResult } from '../../shared/lists.js';
import type { Handshake, SessionStatus, TapInfo } from '../../shared/session.js';
import type { Target } from '../../shared/target.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import type { Attempt } from './attempt.js';
import type { EventHub } from './eventHub.js';
import { parseFaultRules } from '../tap/faultRules.js';
import type { TapConnection } from '../tap/liveListener.js';
import { probeKey, type ProbeBook } from '../tap/liveProbes.js';
import { HostSession, type SeenProbe } from '../tap/liveSession.js';
import type { TapHello } from '../tap/liveWire.js';

export interface TapFollower {
  recorder: FrameRecorder;
  setStatus(status: SessionStatus): void;
  setHandshake(handshake: Handshake): void;
  /** A list as the host walked it through the tap (kept as the session's, and told to the UI). */
  setList(result: ListResult): void;
  /** False once the session moved on (closed, or connected elsewhere): the tap's frames stop counting. */
  isCurrent(): boolean;
  /** Sends on the frames the session's batcher holds (when the tap ends). */
  flush(): void;
}

export function tapTarget(server: TapHello['server']): Target {
  return server.transport === 'stdio'
    ? { transport: 'stdio', command: server.command, args: [...server.args] }
    : { transport: 'http', url: server.url };
}

const genericScript = /^(index|main|server|cli|bin)\.[cm]?[jt]s$/i;
const buildFolders = new Set(['dist', 'build', 'lib', 'src', 'bin', 'out']);

/**
 * The server's name until its own arrives: the package a stdio command runs (…/node_modules/<package>/…), else its
 * script (the folder of a generic index.js), else the last word; an HTTP server's URL.
 */
export function serverWord(server: TapHello['server']): string {
  if (server.transport === 'http') return server.url;
  const words = [server.command, ...server.args].filter((word) => !word.startsWith('-'));
  const path = words.filter((word) => /[\\/]/.test(word)).at(-1) ?? words.at(-1) ?? server.command;
  const parts = path.split(/[\\/]/).filter((part) => part !== '');
  const modules = parts.lastIndexOf('node_modules');
  const scope = parts[modules + 1];
  if (modules >= 0 && scope !== undefined) {
    const name = parts[modules + 2];
    return scope.startsWith('@') && name !== undefined ? `${scope}/${name}` : scope;
  }
  const script = parts.at(-1) ?? path;
  if (!genericScript.test(script)) return script;
  return parts.slice(0, -1).findLast((part) => !buildFolders.has(part)) ?? script;
}

export function tappedReadOnly(tapped: TapInfo): LoupeError {
  return new LoupeError({ kind: 'tapped-session', message: tapped.readOnly, data: { pid: tapped.pid } });
}

export interface TapControl {
  /** Checks the rules, sends them to the tap, shows them in the status; rejects when the tap has ended. */
  setFaults(rules: readonly string[]): void;
}

/** The contract's tap methods, on the session's tap (none: not a tapped session). */
export function createTapMethods(
  control: () => TapControl | undefined,
): Pick<BackendMethods, 'setTapFaults'> {
  return {
    setTapFaults(rules) {
      const tap = control();
      if (!tap)
        return Promise.reject(
          new LoupeError({
            kind: 'usage',
            message: 'Fault rules are set on a tapped session (loupe tap); this session is not one.',
          }),
        );
      if (!Array.isArray(rules) || !rules.every((rule) => typeof rule === 'string'))
        return Promise.reject(
          new LoupeError({ kind: 'usage', message: 'setTapFaults wants a list of rules in --fault form.' }),
        );
      // Each rule as --fault takes it: a malformed one is refused with the reason, and none is sent.
      parseFaultRules(rules);
      tap.setFaults(rules);
      return Promise.resolve();
    },
  };
}

/** Follows one tap into the session: records its frames, reads the host's session from them, says when it ends. */
export function followTap(
  tap: TapConnection,
  follower: TapFollower,
  probes?: { book: ProbeBook; where?: string },
): TapControl {
  let faults: string[] = [];
  let ended = false;
  const target = tapTarget(tap.hello.server);
  const host = new HostSession(tap.hello.server.transport === 'stdio' ? 'stdio' : 'http');
  const key = probes ? probeKey(tap.hello) : undefined;
  const info = (): TapInfo => {
    const client = host.client;
    const who = client ?? 'a host';
    const server =
      stringField(host.handshake?.serverInfo ?? undefined, 'name') ?? serverWord(tap.hello.server);
    return {
      label: `tapped: ${who} → ${server}`,
      ...(client === undefined ? {} : { client }),
      pid: tap.hello.pid,
      ...(tap.hello.journalPath === undefined ? {} : { journalPath: tap.hello.journalPath }),
      ...(faults.length === 0 ? {} : { faults: [...faults] }),
      readOnly: `This session is tapped: Loupe watches the connection between ${who} and the server but does not own it, so it sends nothing on it (no calls, no listings, no reconnect). Open a session of your own to call the server.`,
    };
  };
  const status = (): SessionStatus => {
    const handshake = host.handshake;
    if (ended) return { state: 'closed', target, ...(handshake ? { handshake } : {}), tapped: info() };
    return handshake
      ? { state: 'connected', target, handshake, tapped: info() }
      : { state: 'connecting', target, tapped: info() };
  };
  const shake = (handshake: Handshake | undefined): void => {
    if (!handshake || !follower.isCurrent()) return;
    follower.setHandshake(handshake);
    follower.setStatus(status());
  };
  // The host's era probe on a sibling connection (liveProbes.ts): heard now, or once it passes.
  const fromSibling = (seen: SeenProbe | undefined): void => {
    if (seen && host.wantsSibling) shake(host.sibling(seen));
  };
  const book = key === undefined ? undefined : probes?.book;
  const stopWatching = key !== undefined && book ? book.watch(key, fromSibling) : () => undefined;
  follower.setStatus(status());

  tap.onFrame((frame) => {
    if (!follower.isCurrent()) return;
    const recorded = follower.recorder.record(frame.direction, frame.raw, {
      ...(frame.kind ? { kind: frame.kind } : {}),
      ...(frame.rawBase64 === undefined ? {} : { rawBase64: frame.rawBase64 }),
      ...(frame.fault === undefined ? {} : { fault: frame.fault }),
      ...(frame.http === undefined ? {} : { http: frame.http }),
      // The tap's clock: Timings show the host's pipe as it ran, not when the frames reached Loupe.
      ...(frame.t === undefined ? {} : { t: frame.t }),
      ...(frame.wall === undefined ? {} : { wall: frame.wall }),
    });
    for (const { frame: stored, message } of recorded) {
      const update = host.read(stored, message ?? undefined);
      if (update.probed && key !== undefined && book)
        book.note(key, { ...update.probed, ...(probes?.where ? { where: probes.where } : {}) });
      if (update.handshake) {
        shake(update.handshake);
        if (key !== undefined && book) fromSibling(book.latest(key));
      } else if (update.client !== undefined) follower.setStatus(status());
      for (const list of update.lists) follower.setList(list);
    }
  });
  tap.onEnd(() => {
    ended = true;
    stopWatching();
    if (!follower.isCurrent()) return;
    follower.flush();
    follower.setStatus(status());
  });
  return {
    setFaults(rules) {
      if (tap.hello.server.transport !== 'stdio')
        throw new LoupeError({
          kind: 'usage',
          message:
            'Fault rules are set from Loupe on stdio taps only; give an HTTP tap its rules with --fault when you start it (loupe tap --url … --fault …).',
        });
      if (ended || !follower.isCurrent())
        throw new LoupeError({
          kind: 'disconnected',
          message: 'The tap has ended: its connection is closed, so no fault can be set on it.',
        });
      faults = [...rules];
      tap.sendFaults(faults);
      follower.setStatus(status());
    },
  };
}

/** How often a tapped session's list is told to the UI at most while the host walks its pages, ms. */
const listSeenMs = 50;

/**
 * Makes an attempt a tapped session: the tap's frames into its recorder, the host's handshake and lists into its
 * handshake and kept lists (told with onListSeen), its status to the hub.
 */
export function followTapInto(
  current: Attempt,
  tap: TapConnection,
  session: {
    hub: EventHub;
    setStatus: (status: SessionStatus) => void;
    /** False once the session moved on (closed, connected elsewhere, disposed). */
    isCurrent: () => boolean;
    probes?: { book: ProbeBook; where?: string };
  },
): TapControl {
  const waiting = new Set<ListResult['kind']>();
  return followTap(
    tap,
    {
      recorder: current.recorder,
      setHandshake: (handshake) => (current.handshake = handshake),
      setList: (result) => {
        current.lists.set(result.kind, result);
        // Each page passing carries the list so far: the latest is told at most every listSeenMs per kind, so a host
        // walking a thousand pages does not send the UI a thousand ever longer lists.
        if (waiting.has(result.kind)) return;
        waiting.add(result.kind);
        setTimeout(() => {
          waiting.delete(result.kind);
          const latest = current.lists.get(result.kind);
          if (latest && session.isCurrent()) session.hub.emit('onListSeen', latest);
        }, listSeenMs);
      },
      isCurrent: session.isCurrent,
      flush: () => current.batcher.flush(),
      setStatus: (next) => {
        current.tapped = next.state === 'idle' ? undefined : next.tapped;
        session.setStatus(next);
      },
    },
    session.probes,
  );
}
