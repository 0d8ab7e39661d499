/**
 * A host's session as its frames through a tap show it: the handshake the host negotiated and the lists it walked.
 * They are read with the code that reads Loupe's own connections (session/initialize.ts, session/discover.ts,
 * lists/pageWalker.ts through liveListings.ts), so a tapped session is the one session model fed by someone else's
 * frames, not a second reading of MCP.
 *
 * Both eras, as today's hosts speak them:
 * - 2025: initialize and its answer, also after a server/discover the server refused (the v2 SDK client in auto
 *   mode and Loupe's own `--protocol auto` probe first);
 * - 2026-07-28: server/discover and its DiscoverResult; or no server/discover on this connection at all (the v2 SDK
 *   client over stdio probes on a short-lived sibling process, then speaks on a new one): the first request in the
 *   per-request `_meta` envelope that is answered makes the session connected, and the outcome of the host's probe on
 *   its sibling connection (sibling()) completes what the server said about itself, or says why the era is 2025.
 */
import type { LoupeErrorData } from '../../shared/errors.js';
import type { Frame } from '../../shared/frames.js';
import { isJsonObject, stringField, type JsonObject } from '../../shared/json.js';
import { listKinds, listMethods, type ListKind, type ListResult } from '../../shared/lists.js';
import type { Handshake } from '../../shared/session.js';
import type { TransportName } from '../../shared/target.js';
import { rpcFailure } from '../rpc/rpcFailure.js';
import { discoverHandshake, discoverVersions, legacyReason } from '../session/discover.js';
import { initializeHandshake } from '../session/initialize.js';
import { clientCapabilitiesKey, clientInfoKey, protocolVersionKey } from '../session/modernEnvelope.js';
import { HostListings } from './liveListings.js';

/** The outcome of a host's server/discover: what a sibling connection of the same host may borrow. */
export interface SeenProbe {
  /** The DiscoverResult, when the server answered with one. */
  result?: JsonObject;
  /** Why the answer means a 2025-era server (a refusal, or a result that is no DiscoverResult), when it does. */
  legacy?: string;
  roundTripMs: number;
  /** Where it was seen ("tapped session s3"), for the era's reason. */
  where?: string;
}

/** What one frame changed. */
export interface HostSessionUpdate {
  /** The host's clientInfo as "name version", when first seen or changed. */
  client?: string;
  /** The handshake, when it was made. */
  handshake?: Handshake;
  /** A list as the host walked it so far (every page that passed), when a page of it passed. */
  lists: ListResult[];
  /** The outcome of a server/discover on this connection (for the host's other connections). */
  probed?: SeenProbe;
}

interface Pending {
  method: string;
  params: JsonObject;
  seq: number;
  t: number;
  kind?: ListKind;
}

/** Requests waiting for their answer, at most: a host that never gets answers does not grow Loupe's memory. */
const maxPending = 1024;
const kindOfMethod = new Map<string, ListKind>(listKinds.map((kind) => [listMethods[kind].method, kind]));

function idKey(id: unknown): string | undefined {
  return typeof id === 'string' || typeof id === 'number' ? `${typeof id}:${String(id)}` : undefined;
}

function named(info: unknown): string | undefined {
  if (!isJsonObject(info)) return undefined;
  const name = stringField(info, 'name');
  if (name === undefined) return undefined;
  const version = stringField(info, 'version');
  return version === undefined ? name : `${name} ${version}`;
}

function metaOf(params: JsonObject): JsonObject {
  return isJsonObject(params._meta) ? params._meta : {};
}

function enveloped(params: JsonObject): boolean {
  return typeof metaOf(params)[protocolVersionKey] === 'string';
}

export class HostSession {
  private readonly pending = new Map<string, Pending>();
  private readonly listings = new HostListings();
  private made: Handshake | undefined;
  /** Made from the envelope alone: the DiscoverResult of the host's probe connection completes it. */
  private fromEnvelope: { protocolVersion: string; clientCapabilities?: JsonObject } | undefined;
  /** Why the host's server/discover on this connection found a 2025-era server (its probe, before initialize). */
  private probeOutcome: string | undefined;
  /** The same, seen on the host's probe connection (a sibling tap). */
  private siblingOutcome: string | undefined;
  private clientName: string | undefined;

  constructor(private readonly transport: TransportName) {}

  get handshake(): Handshake | undefined {
    return this.made;
  }

  get client(): string | undefined {
    return this.clientName;
  }

  /** Whether the handshake is still missing what the host's probe connection may have seen. */
  get wantsSibling(): boolean {
    if (this.fromEnvelope) return true;
    return (
      this.made?.era === 'legacy' && this.probeOutcome === undefined && this.siblingOutcome === undefined
    );
  }

  /** One recorded frame and the JSON-RPC message it carried (none for stderr, invalid JSON…). */
  read(frame: Frame, message: JsonObject | undefined): HostSessionUpdate {
    const update: HostSessionUpdate = { lists: [] };
    if (!message) return update;
    const key = idKey(message.id);
    if (frame.direction === 'out' && typeof message.method === 'string') {
      const params = isJsonObject(message.params) ? message.params : {};
      const client = named(params.clientInfo) ?? named(metaOf(params)[clientInfoKey]);
      if (client !== undefined && client !== this.clientName) {
        this.clientName = client;
        update.client = client;
      }
      if (key !== undefined)
        this.remember(key, { method: message.method, params, seq: frame.seq, t: frame.t });
      return update;
    }
    if (frame.direction !== 'in' || key === undefined || typeof message.method === 'string') return update;
    const request = this.pending.get(key);
    if (!request) return update;
    this.pending.delete(key);
    const roundTripMs = frame.rttMs ?? Math.max(0, frame.t - request.t);
    const result = isJsonObject(message.result) ? message.result : undefined;
    const failure = result === undefined ? rpcFailure(request.method, message.error) : undefined;
    if (request.method === 'initialize') {
      if (result && !this.made) update.handshake = this.made = this.initialized(request, result, roundTripMs);
    } else if (request.method === 'server/discover') {
      const before = this.made;
      update.probed = this.discovered(request, result, failure, roundTripMs);
      if (this.made !== before) update.handshake = this.made;
    } else if (!this.made && result && enveloped(request.params)) {
      update.handshake = this.made = this.fromEnvelopeAlone(request.params, roundTripMs);
    }
    if (request.kind) {
      update.lists.push(this.listings.answer({ ...request, kind: request.kind }, result, failure, frame));
    }
    return update;
  }

  /**
   * The outcome of the host's server/discover on another connection (its era probe): a DiscoverResult completes a
   * handshake made from the envelope alone; a refusal is said in the era reason of the host's initialize. Returns the
   * handshake when it changed.
   */
  sibling(seen: SeenProbe): Handshake | undefined {
    if (seen.legacy !== undefined) {
      if (this.probeOutcome !== undefined || this.siblingOutcome !== undefined) return undefined;
      this.siblingOutcome = `the host probed server/discover on another connection (${seen.where ? `${seen.where}: ` : ''}${seen.legacy}), then sent initialize on this one`;
      if (this.made?.era !== 'legacy') return undefined;
      this.made = { ...this.made, eraReason: this.legacyEraReason() };
      return this.made;
    }
    const envelope = this.fromEnvelope;
    if (!envelope || !seen.result || !discoverVersions(seen.result)) return undefined;
    this.fromEnvelope = undefined;
    this.made = {
      ...discoverHandshake(seen.result, {
        transport: this.transport,
        protocolVersion: envelope.protocolVersion,
        eraReason: `the host's server/discover on another connection${seen.where ? ` (${seen.where})` : ''}, then the per-request _meta envelope (${envelope.protocolVersion}) on this one`,
        roundTripMs: seen.roundTripMs,
      }),
      ...(envelope.clientCapabilities ? { clientCapabilities: envelope.clientCapabilities } : {}),
    };
    return this.made;
  }

  private remember(key: string, request: Pending): void {
    const kind = kindOfMethod.get(request.method);
    const interesting =
      request.method === 'initialize' ||
      request.method === 'server/discover' ||
      kind !== undefined ||
      (!this.made && enveloped(request.params));
    if (!interesting) return;
    this.pending.delete(key);
    this.pending.set(key, kind ? { ...request, kind } : request);
    if (this.pending.size > maxPending) {
      const oldest = this.pending.keys().next().value;
      if (oldest !== undefined) this.pending.delete(oldest);
    }
  }

  private legacyEraReason(): string {
    if (this.probeOutcome !== undefined)
      return `the host probed server/discover first (${this.probeOutcome}), then sent initialize: read through the tap`;
    return this.siblingOutcome ?? "the host's initialize, read through the tap";
  }

  private initialized(request: Pending, result: JsonObject, roundTripMs: number): Handshake {
    const capabilities = request.params.capabilities;
    return initializeHandshake(result, {
      transport: this.transport,
      requestedProtocolVersion: stringField(request.params, 'protocolVersion') ?? '',
      ...(isJsonObject(capabilities) ? { clientCapabilities: capabilities } : {}),
      roundTripMs,
      eraReason: this.legacyEraReason(),
    });
  }

  /** The host's own server/discover: a DiscoverResult makes (or completes) a modern session, anything else is a probe. */
  private discovered(
    request: Pending,
    result: JsonObject | undefined,
    failure: LoupeErrorData | undefined,
    roundTripMs: number,
  ): SeenProbe {
    const versions = result ? discoverVersions(result) : undefined;
    if (!result || !versions) {
      this.probeOutcome = failure
        ? (legacyReason(failure) ?? `server/discover failed: ${failure.message}`)
        : 'server/discover was answered with a result that has no supportedVersions: a 2025-era server';
      return { legacy: this.probeOutcome, roundTripMs };
    }
    if (this.made && !this.fromEnvelope) return { result, roundTripMs };
    const meta = metaOf(request.params);
    const asked = stringField(meta, protocolVersionKey);
    const capabilities = meta[clientCapabilitiesKey];
    this.fromEnvelope = undefined;
    this.made = {
      ...discoverHandshake(result, {
        transport: this.transport,
        protocolVersion: asked !== undefined && versions.includes(asked) ? asked : (versions[0] ?? ''),
        eraReason: "the host's server/discover, answered with a DiscoverResult: read through the tap",
        roundTripMs,
      }),
      ...(isJsonObject(capabilities) ? { clientCapabilities: capabilities } : {}),
    };
    return { result, roundTripMs };
  }

  /** A request in the 2026-07-28 envelope answered, with no server/discover seen on this connection. */
  private fromEnvelopeAlone(params: JsonObject, roundTripMs: number): Handshake {
    const meta = metaOf(params);
    const protocolVersion = stringField(meta, protocolVersionKey) ?? '';
    const capabilities = isJsonObject(meta[clientCapabilitiesKey]) ? meta[clientCapabilitiesKey] : undefined;
    this.fromEnvelope = { protocolVersion, ...(capabilities ? { clientCapabilities: capabilities } : {}) };
    return {
      transport: this.transport,
      era: 'modern',
      eraReason: `the host spoke ${protocolVersion} (the per-request _meta envelope) with no server/discover on this connection: the server's information and capabilities were not seen here`,
      requestedProtocolVersion: protocolVersion,
      protocolVersion,
      serverInfo: null,
      capabilities: {},
      ...(capabilities ? { clientCapabilities: capabilities } : {}),
      roundTripMs,
    };
  }
}
