/**
 * The messages between a tap and a running Loupe: JSON, one per line, over the user-only socket (livePaths.ts).
 * The tap speaks first with the run's secret; a Loupe that does not recognise it closes the socket unread.
 */
import type { Direction, HttpInfo } from '../../shared/frames.js';
import { isJsonObject } from '../../shared/json.js';

export interface TapHello {
  type: 'hello';
  secret: string;
  /** The server as the tap runs it: a command line, or the upstream URL. */
  server: { transport: 'stdio'; command: string; args: string[] } | { transport: 'http'; url: string };
  pid: number;
  /**
   * A stdio tap's parent: the host that started it. A host that probes the era on one server process and speaks on
   * another (the v2 SDK client) starts both taps, so a DiscoverResult of the first completes the second's handshake.
   */
  hostPid?: number;
  journalPath?: string;
}

/** One frame as the tap recorded it (the receiving Loupe records it again, in its own session). */
export interface TapFrame {
  type: 'frame';
  direction: Direction;
  raw: string;
  /** Ms since the tap started, and the wall clock, when the bytes passed the tap. */
  t?: number;
  wall?: number;
  kind?: 'stderr' | 'http';
  rawBase64?: string;
  fault?: string;
  http?: HttpInfo;
}

/** Loupe → tap: the fault rules to apply from now on, in --fault's form (an empty list clears them). */
export interface TapFaults {
  type: 'faults';
  rules: string[];
}

export type TapMessage = TapHello | TapFrame;

const strings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

export function parseHello(value: unknown): TapHello | undefined {
  if (!isJsonObject(value) || value.type !== 'hello' || typeof value.secret !== 'string') return undefined;
  const server = value.server;
  if (!isJsonObject(server)) return undefined;
  const pid = typeof value.pid === 'number' ? value.pid : 0;
  const journal = {
    ...(typeof value.journalPath === 'string' ? { journalPath: value.journalPath } : {}),
    ...(typeof value.hostPid === 'number' && Number.isSafeInteger(value.hostPid) && value.hostPid > 0
      ? { hostPid: value.hostPid }
      : {}),
  };
  if (server.transport === 'stdio' && typeof server.command === 'string' && strings(server.args))
    return {
      type: 'hello',
      secret: value.secret,
      server: { transport: 'stdio', command: server.command, args: server.args },
      pid,
      ...journal,
    };
  if (server.transport === 'http' && typeof server.url === 'string')
    return {
      type: 'hello',
      secret: value.secret,
      server: { transport: 'http', url: server.url },
      pid,
      ...journal,
    };
  return undefined;
}

export function parseFrame(value: unknown): TapFrame | undefined {
  if (!isJsonObject(value) || value.type !== 'frame' || typeof value.raw !== 'string') return undefined;
  if (value.direction !== 'in' && value.direction !== 'out') return undefined;
  return {
    type: 'frame',
    direction: value.direction,
    raw: value.raw,
    ...(typeof value.t === 'number' && Number.isFinite(value.t) ? { t: value.t } : {}),
    ...(typeof value.wall === 'number' && Number.isFinite(value.wall) ? { wall: value.wall } : {}),
    ...(value.kind === 'stderr' || value.kind === 'http' ? { kind: value.kind } : {}),
    ...(typeof value.rawBase64 === 'string' ? { rawBase64: value.rawBase64 } : {}),
    ...(typeof value.fault === 'string' ? { fault: value.fault } : {}),
    ...(isJsonObject(value.http) ? { http: value.http as unknown as HttpInfo } : {}),
  };
}

export function parseFaults(value: unknown): TapFaults | undefined {
  if (!isJsonObject(value) || value.type !== 'faults' || !strings(value.rules)) return undefined;
  return { type: 'faults', rules: value.rules };
}
