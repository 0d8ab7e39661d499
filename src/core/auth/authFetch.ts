/**
 * The auth layer of an HTTP wire: given the fetch beneath it, it adds `Authorization: Bearer` to requests for
 * the MCP server, refreshes a token that is about to expire, and on `401` (or `403 insufficient_scope`) runs the
 * sign-in and sends the request once more. Step-up is limited (maxStepUps per request) so a server that never
 * grants cannot loop. Every auth exchange is an AuthStep, reported through onStep in order.
 */
import type { AuthSettings, AuthStep } from '../../shared/auth.js';
import type { HttpInfo } from '../../shared/frames.js';
import { LoupeError } from '../../shared/errors.js';
import { wireFetch } from '../wire/nodeHttpFetch.js';
import type { FetchLike } from '../wire/recordingFetch.js';
import { authFailure } from './authFailure.js';
import type { ClientIdentity } from './clientIdentity.js';
import { DpopKey } from './grants/dpop.js';
import { machineSignIn } from './grants/machineSignIn.js';
import { settingsClient } from './grants/settingsClient.js';
import { maskHeaders } from './masking.js';
import { parseChallenge, type BearerChallenge } from './challenge.js';
import { chooseScopes, discover, signIn, type Discovered } from './signIn.js';
import { check, StepLog } from './stepLog.js';
import { requestTokens, type Tokens } from './tokenEndpoint.js';
import type { TokenStore } from './tokenStore.js';
import type { UserAgent } from './userAgents.js';
import type { Attention } from '../rpc/attention.js';

export interface AuthFetchOptions {
  serverUrl: string;
  settings: AuthSettings;
  userAgent: UserAgent;
  store?: TokenStore;
  onStep?: (step: AuthStep) => void;
  /** One line for the user when a saved sign-in is refused and the flow starts again. */
  onNotice?: (message: string) => void;
  /**
   * The fetch for the authorization server and metadata exchanges (default: the wire's, which reaches ports Node's
   * fetch refuses, such as 6000 or 6665–6669, through node:http).
   */
  fetch?: FetchLike;
  maxStepUps?: number;
  /** Refresh this long before the access token expires. */
  refreshMarginMs?: number;
  callbackTimeoutMs?: number;
  /** How long one exchange with the authorization server (metadata, registration, token) may take, ms. */
  stepTimeoutMs?: number;
}

/**
 * Wraps an inner fetch (the wire's) with authorization; refused answers it handled go to recordRefusal. The
 * session's Attention is entered for the whole sign-in (and each refresh): the request it runs inside does not
 * time out meanwhile; every exchange of the sign-in has its own limit instead.
 */
export type AuthComposer = (
  inner: FetchLike,
  recordRefusal?: (http: HttpInfo, body: string) => void,
  attention?: Attention,
) => FetchLike;

interface Grant {
  issuer?: string;
  tokens: Tokens;
  scopes: string[];
  found?: Discovered;
  /** The proof key a DPoP-bound token is bound to. */
  dpop?: DpopKey;
}

export function createAuthFetch(options: AuthFetchOptions): AuthComposer {
  const serverUrl = new URL(options.serverUrl);
  const { settings } = options;
  const log = new StepLog(options.fetch ?? wireFetch, options.onStep, options.stepTimeoutMs);
  const maxStepUps = options.maxStepUps ?? 2;
  const margin = options.refreshMarginMs ?? 60_000;
  let grant: Grant | undefined = settings.token
    ? { tokens: { accessToken: settings.token }, scopes: [] }
    : loadGrant(options.store, serverUrl.href);
  let busy: Promise<void> = Promise.resolve();

  /** Runs auth work one at a time: concurrent 401s share one sign-in. */
  const serial = async (work: () => Promise<void>): Promise<void> => {
    const run = busy.then(work);
    busy = run.catch(() => undefined);
    try {
      await run;
    } finally {
      log.flush();
    }
  };

  const save = (next: Grant): void => {
    grant = next;
    if (next.issuer) options.store?.saveGrant(serverUrl.href, next.issuer, next.tokens, next.dpop?.export());
  };

  /**
   * Whether this sign-in proves possession (DPoP): --dpop on, or auto where the MCP server asks for it (its
   * challenge in the DPoP scheme, or its resource metadata listing DPoP algorithms or requiring bound tokens: RFC
   * 9728 §2). An authorization server that merely offers DPoP is not enough: a resource server that knows only
   * Bearer would refuse a bound token. The key of the grant being refreshed is kept (its tokens are bound to it).
   */
  const proofKey = (found: Discovered, challenge: BearerChallenge, current?: Grant): DpopKey | undefined => {
    const mode = settings.dpop ?? 'auto';
    if (mode === 'off') return undefined;
    const { resource } = found;
    const reason =
      mode === 'on'
        ? '--dpop on'
        : challenge.scheme === 'dpop'
          ? 'the MCP server’s challenge uses the DPoP scheme'
          : resource.dpopBoundRequired
            ? 'the MCP server’s metadata requires DPoP-bound tokens'
            : resource.dpopAlgorithms?.length
              ? `the MCP server’s metadata lists DPoP algorithms: ${resource.dpopAlgorithms.join(' ')}`
              : undefined;
    if (reason === undefined) return undefined;
    const step = log.note('dpop', { reason, alg: 'ES256' });
    const algorithms = found.metadata.dpopAlgorithms;
    if (
      !check(
        step,
        'the authorization server accepts ES256 proofs (dpop_signing_alg_values_supported)',
        algorithms === undefined || algorithms.includes('ES256'),
        algorithms?.join(' ') ?? 'not listed',
      )
    )
      throw authFailure(
        'dpop',
        `the authorization server accepts DPoP proofs in ${algorithms?.join(', ') || 'no algorithm'}, not ES256`,
      );
    const key = current?.dpop ?? DpopKey.generate();
    step.learned = {
      ...step.learned,
      jkt: key.thumbprint,
      key: current?.dpop ? 'kept (the tokens are bound to it)' : 'new, sealed with the tokens',
    };
    return key;
  };

  const refresh = async (current: Grant, found: Discovered): Promise<boolean> => {
    const refreshToken = current.tokens.refreshToken;
    if (!refreshToken || current.issuer !== found.metadata.issuer) return false;
    const client = pinnedClient(settings, found) ?? options.store?.client(found.metadata.issuer);
    if (!client) return false;
    try {
      const tokens = await requestTokens(
        log,
        found.metadata.tokenEndpoint,
        client,
        { kind: 'refresh_token', refreshToken },
        found.resource.resource,
        current.tokens.scope,
        { issuer: found.metadata.issuer, ...(current.dpop ? { dpop: current.dpop } : {}) },
      );
      save({ ...current, tokens, found });
      return true;
    } catch (error) {
      if (error instanceof LoupeError && error.kind === 'auth-failed') return false;
      throw error;
    }
  };

  const authorize = async (
    challenge: BearerChallenge,
    stepUp: boolean,
    refused: Response,
    url: string,
    method: string,
  ): Promise<void> => {
    const sentToken = grant?.tokens.accessToken;
    await serial(async () => {
      if (!stepUp && grant && grant.tokens.accessToken !== sentToken) return; // another request signed in meanwhile
      const step = log.note('challenge', { ...challenge });
      step.request = { method, url, headers: { authorization: sentAuthorization(grant, sentToken) } };
      step.response = { status: refused.status, headers: maskHeaders(refused.headers) };
      const found = await discover(log, serverUrl, challenge, settings);
      const current = grant;
      if (!stepUp && current && (await refresh(current, found))) return;
      if (current && !stepUp)
        options.onNotice?.(`The sign-in for ${serverUrl.href} was refused; signing in again.`);
      const previousScopes =
        stepUp && current && current.issuer === found.metadata.issuer ? current.scopes : [];
      const dpop = proofKey(found, challenge);
      const kind = found.metadata.grant;
      if (kind !== 'authorization_code') {
        const scopes = chooseScopes(challenge, found, settings, previousScopes);
        const machine = await machineSignIn(log, settings, kind, found, scopes, dpop);
        save({
          issuer: found.metadata.issuer,
          tokens: machine.tokens,
          scopes,
          found,
          ...(dpop && machine.tokens.tokenType === 'DPoP' ? { dpop } : {}),
        });
        return;
      }
      const signedIn = await signIn(
        {
          log,
          serverUrl,
          settings,
          store: options.store,
          userAgent: options.userAgent,
          previousScopes,
          ...(options.callbackTimeoutMs ? { callbackTimeoutMs: options.callbackTimeoutMs } : {}),
          ...(dpop ? { dpop } : {}),
        },
        challenge,
        found,
      );
      save({
        issuer: found.metadata.issuer,
        tokens: signedIn.tokens,
        scopes: signedIn.scopes,
        found,
        ...(dpop && signedIn.tokens.tokenType === 'DPoP' ? { dpop } : {}),
      });
    });
  };

  /** Whether the access token is close enough to its expiry to refresh it before the next request. */
  const refreshDue = (): boolean => {
    const current = grant;
    const expiresAt = current?.tokens.expiresAt;
    if (!current || expiresAt === undefined || !current.tokens.refreshToken) return false;
    // Never more than half the token's life ahead, or a short-lived token would be refreshed on every request.
    const lifetime = expiresAt - (current.tokens.issuedAt ?? expiresAt - 2 * margin);
    return expiresAt - Math.min(margin, lifetime / 2) <= Date.now();
  };

  const refreshSoon = async (): Promise<void> => {
    const current = grant;
    if (!current || !refreshDue()) return;
    await serial(async () => {
      if (grant !== current) return;
      const found = current.found ?? (await discover(log, serverUrl, {}, settings));
      if (await refresh(current, found)) return;
      grant = undefined; // the server's 401 starts a sign-in
      options.onNotice?.(
        `The sign-in for ${serverUrl.href} expired and could not be refreshed; signing in again.`,
      );
    });
  };

  let firstBoundShown = false;
  return (inner, recordRefusal, attention) => async (input, init) => {
    const ours = new URL(String(input)).origin === serverUrl.origin;
    if (!ours) return inner(input, init);
    // The request this runs inside waits while Loupe signs in: its timers stand still (each exchange has its own).
    const signingIn = <T>(work: () => Promise<T>): Promise<T> =>
      attention ? attention.during('signing in', work) : work();
    const method = (init?.method ?? 'GET').toUpperCase();
    const send = async (): Promise<Response> => {
      const headers = new Headers(init?.headers);
      const current = grant;
      const bound = current?.tokens.tokenType === 'DPoP' ? current.dpop : undefined;
      if (current && bound) {
        // RFC 9449 §7.1: the DPoP scheme, and a fresh proof naming this request and the token's hash.
        const { proof, facts } = bound.proof(method, String(input), current.tokens.accessToken);
        headers.set('authorization', `DPoP ${current.tokens.accessToken}`);
        headers.set('dpop', proof);
        if (!firstBoundShown) {
          firstBoundShown = true;
          log.note('dpop', {
            request: 'the first request presenting the DPoP-bound token',
            scheme: 'DPoP',
            ...facts,
          });
          log.flush();
        }
      } else if (current) headers.set('authorization', `Bearer ${current.tokens.accessToken}`);
      const answer = await inner(input, { ...init, headers });
      bound?.learnNonce(String(input), answer);
      return answer;
    };
    if (!settings.token && refreshDue()) await signingIn(refreshSoon);
    let response = await send();
    let stepUps = 0;
    let signedIn = false;
    let nonceRetried = false;
    for (;;) {
      const challenge = parseChallenge(response.headers.get('www-authenticate'));
      if (
        response.status === 401 &&
        challenge.scheme === 'dpop' &&
        challenge.error === 'use_dpop_nonce' &&
        grant?.dpop !== undefined &&
        !nonceRetried
      ) {
        // RFC 9449 §9: the resource server wants its nonce in the proof; once, so a server that never accepts cannot loop.
        nonceRetried = true;
        const step = log.note('dpop', { request: 'retried with the MCP server’s nonce', url: String(input) });
        step.response = { status: 401, headers: maskHeaders(response.headers) };
        check(
          step,
          'a use_dpop_nonce challenge carries a DPoP-Nonce (RFC 9449 §9)',
          response.headers.has('dpop-nonce'),
        );
        log.flush();
        await response.text().catch(() => '');
        if (response.headers.has('dpop-nonce')) {
          response = await send();
          continue;
        }
      }
      const insufficient = response.status === 403 && challenge.error === 'insufficient_scope';
      if (response.status !== 401 && !insufficient) return response;
      const body = await response.text().catch(() => '');
      const http: HttpInfo = {
        method: (init?.method ?? 'GET').toUpperCase(),
        url: String(input),
        status: response.status,
      };
      const contentType = response.headers.get('content-type');
      if (contentType) http.contentType = contentType;
      recordRefusal?.(http, body);
      if (settings.token)
        throw authFailure(
          'challenge',
          `the server refused the token given with --token (HTTP ${response.status})`,
          { status: response.status },
        );
      if (settings.mode === 'none')
        throw authFailure(
          'challenge',
          `the server wants a sign-in (HTTP ${response.status}) and sign-in is off (--auth none)`,
          { status: response.status },
        );
      if (response.status === 401 && signedIn)
        throw authFailure(
          'challenge',
          'the server refused the token it just issued (HTTP 401 after signing in)',
          { status: 401 },
        );
      if (insufficient && stepUps >= maxStepUps)
        throw authFailure(
          'challenge',
          `the server still answers 403 insufficient_scope (wants "${challenge.scope ?? ''}") after ${stepUps} step-up sign-ins`,
          { status: 403 },
        );
      if (insufficient) stepUps += 1;
      await signingIn(() =>
        authorize(challenge, insufficient, response, String(input), (init?.method ?? 'GET').toUpperCase()),
      );
      signedIn = true;
      response = await send();
    }
  };
}

/** What the refused request carried, masked. */
function sentAuthorization(grant: Grant | undefined, token: string | undefined): string {
  if (token === undefined) return '(none)';
  return grant?.tokens.tokenType === 'DPoP' ? 'DPoP ••••' : 'Bearer ••••';
}

function loadGrant(store: TokenStore | undefined, serverUrl: string): Grant | undefined {
  const stored = store?.grant(serverUrl);
  if (!stored) return undefined;
  const dpop = stored.dpopKey !== undefined ? DpopKey.restore(stored.dpopKey) : undefined;
  // A DPoP-bound token without its key cannot be presented: sign in again.
  if (stored.tokens.tokenType === 'DPoP' && !dpop) return undefined;
  return {
    issuer: stored.issuer,
    tokens: stored.tokens,
    scopes: stored.tokens.scope?.split(' ') ?? [],
    ...(dpop ? { dpop } : {}),
  };
}

/** The client the user's settings name (pre-registered, or a metadata document URL the server accepts). */
function pinnedClient(settings: AuthSettings, found: Discovered): ClientIdentity | undefined {
  if (!settings.clientId) {
    return settings.clientMetadataUrl && found.metadata.clientIdMetadataDocumentSupported
      ? { clientId: settings.clientMetadataUrl, authMethod: 'none', source: 'metadata-document' }
      : undefined;
  }
  return settingsClient(settings, found.metadata);
}
