/**
 * A tapped session: a normal session of the backend whose frames come from a `loupe tap` running elsewhere (the
 * host's pipe to its server) instead of from a connection Loupe owns. Its recorder is the session's own, so Traffic,
 * Timings, snapshots and diff work on it as on any other. Loupe does not own the connection, so it sends nothing on
 * it: calls and listings are refused with the reason (tappedReadOnly).
 *
 * The handshake is read from the host's own initialize (or server/discover) and the server's answer, and names the
 * session: "tapped: <client name> <version> → <server name>".
 */
import type { BackendMethods } from '../../shared/contract.js';
import { LoupeError } from '../../shared/errors.js';
import { parseFaultRules } from '../tap/faultRules.js';
import { isJsonObject, stringField, type JsonObject } from '../../shared/json.js';
import type { Handshake, SessionStatus, TapInfo } from '../../shared/session.js';
import type { Target } from '../../shared/target.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import type { TapConnection } from '../tap/liveListener.js';
import type { TapHello } from '../tap/liveWire.js';

export interface TapFollower {
  recorder: FrameRecorder;
  setStatus(status: SessionStatus): void;
  setHandshake(handshake: Handshake): void;
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

function serverWord(server: TapHello['server']): string {
  if (server.transport === 'http') return server.url;
  const last = [server.command, ...server.args].filter((word) => !word.startsWith('-')).at(-1) ?? server.command;
  return last.split(/[\\/]/).at(-1) ?? last;
}

function named(info: JsonObject | null | undefined): string | undefined {
  const name = stringField(info ?? undefined, 'name');
  if (name === undefined) return undefined;
  const version = stringField(info ?? undefined, 'version');
  return version === undefined ? name : `${name} ${version}`;
}

export function tappedReadOnly(tapped: TapInfo): LoupeError {
  return new LoupeError({ kind: 'not-connected', message: tapped.readOnly });
}

const clientInfoKey = 'io.modelcontextprotocol/clientInfo';

export interface TapControl {
  /** Checks the rules, sends them to the tap, shows them in the status; rejects when the tap has ended. */
  setFaults(rules: readonly string[]): void;
}

/** The contract's tap methods, on the session's tap (none: not a tapped session). */
export function createTapMethods(control: () => TapControl | undefined): Pick<BackendMethods, 'setTapFaults'> {
  return {
    setTapFaults(rules) {
      const tap = control();
      if (!tap) return Promise.reject(new LoupeError({ kind: 'usage', message: 'Fault rules are set on a tapped session (loupe tap); this session is not one.' }));
      if (!Array.isArray(rules) || !rules.every((rule) => typeof rule === 'string'))
        return Promise.reject(new LoupeError({ kind: 'usage', message: 'setTapFaults wants a list of rules in --fault form.' }));
      // Each rule as --fault takes it: a malformed one is refused with the reason, and none is sent.
      parseFaultRules(rules);
      tap.setFaults(rules);
      return Promise.resolve();
    },
  };
}

/** Follows one tap into the session: records its frames, reads the handshake, says when it ends. */
export function followTap(tap: TapConnection, follower: TapFollower): TapControl {
  let faults: string[] = [];
  let ended = false;
  const target = tapTarget(tap.hello.server);
  let client: string | undefined;
  let server: string = serverWord(tap.hello.server);
  let request: { id: string | number; method: string; params: JsonObject } | undefined;
  let handshake: Handshake | undefined;
  const info = (): TapInfo => {
    const host = client ?? 'a host';
    return {
      label: `tapped: ${host} → ${server}`,
      ...(client === undefined ? {} : { client }),
      pid: tap.hello.pid,
      ...(tap.hello.journalPath === undefined ? {} : { journalPath: tap.hello.journalPath }),
      ...(faults.length === 0 ? {} : { faults: [...faults] }),
      readOnly: `This session is tapped: Loupe watches the connection between ${host} and the server but does not own it, so it sends nothing on it (no calls, no listings). Open a session of your own to call the server.`,
    };
  };
  follower.setStatus({ state: 'connecting', target, tapped: info() });

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
      if (!message || handshake) continue;
      const method = typeof message.method === 'string' ? message.method : undefined;
      const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : undefined;
      if (stored.direction === 'out' && id !== undefined && (method === 'initialize' || method === 'server/discover') && !request) {
        const params = isJsonObject(message.params) ? message.params : {};
        request = { id, method, params };
        const meta = isJsonObject(params._meta) ? params._meta : {};
        const clientInfo = isJsonObject(params.clientInfo) ? params.clientInfo : isJsonObject(meta[clientInfoKey]) ? meta[clientInfoKey] : undefined;
        client = named(clientInfo) ?? client;
        follower.setStatus({ state: 'connecting', target, tapped: info() });
      } else if (stored.direction === 'in' && request && id === request.id && isJsonObject(message.result)) {
        const result = message.result;
        const serverInfo = isJsonObject(result.serverInfo) ? result.serverInfo : null;
        server = stringField(serverInfo ?? undefined, 'name') ?? server;
        const versions = Array.isArray(result.supportedVersions) ? result.supportedVersions : [];
        handshake = {
          transport: tap.hello.server.transport === 'stdio' ? 'stdio' : 'http',
          era: request.method === 'initialize' ? 'legacy' : 'modern',
          eraReason: `read from the host's ${request.method} through the tap`,
          ...(request.method === 'server/discover' ? { discover: result } : {}),
          requestedProtocolVersion: stringField(request.params, 'protocolVersion') ?? '',
          protocolVersion: stringField(result, 'protocolVersion') ?? (typeof versions[0] === 'string' ? versions[0] : ''),
          serverInfo,
          capabilities: isJsonObject(result.capabilities) ? result.capabilities : {},
          ...(isJsonObject(request.params.capabilities) ? { clientCapabilities: request.params.capabilities } : {}),
          ...(typeof result.instructions === 'string' ? { instructions: result.instructions } : {}),
          roundTripMs: stored.rttMs ?? 0,
        };
        follower.setHandshake(handshake);
        follower.setStatus({ state: 'connected', target, handshake, tapped: info() });
      }
    }
  });
  tap.onEnd(() => {
    ended = true;
    if (!follower.isCurrent()) return;
    follower.flush();
    follower.setStatus({ state: 'closed', target, tapped: info() });
  });
  return {
    setFaults(rules) {
      if (tap.hello.server.transport !== 'stdio')
        throw new LoupeError({ kind: 'usage', message: 'Fault rules are set from Loupe on stdio taps only; give an HTTP tap its rules with --fault when you start it (loupe tap --url … --fault …).' });
      if (ended || !follower.isCurrent()) throw new LoupeError({ kind: 'disconnected', message: 'The tap has ended: its connection is closed, so no fault can be set on it.' });
      faults = [...rules];
      tap.sendFaults(faults);
      follower.setStatus(handshake ? { state: 'connected', target, handshake, tapped: info() } : { state: 'connecting', target, tapped: info() });
    },
  };
}
