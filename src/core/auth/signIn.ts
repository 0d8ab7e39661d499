/**
 * One sign-in, start to end: discovery, client identity, the authorization request (PKCE S256, state, resource,
 * scopes), the redirect back (state, error and iss checked), the code exchanged for tokens.
 */
import type { AuthSettings } from '../../shared/auth.js';
import { authFailure } from './authFailure.js';
import type { BearerChallenge } from './challenge.js';
import { clientIdentity, type ClientIdentity } from './clientIdentity.js';
import { discoverResource, discoverServer, type ResourceInfo, type ServerMetadata } from './discovery.js';
import { startLoopbackReceiver } from './loopbackReceiver.js';
import { createPkce, createState } from './pkce.js';
import { check, type StepLog } from './stepLog.js';
import { requestTokens, type Tokens } from './tokenEndpoint.js';
import type { TokenStore } from './tokenStore.js';
import type { UserAgent } from './userAgents.js';
import type { DpopKey } from './grants/dpop.js';

export interface SignInContext {
  log: StepLog;
  serverUrl: URL;
  settings: AuthSettings;
  store: TokenStore | undefined;
  userAgent: UserAgent;
  /** Scopes asked for before (step-up asks for their union with the new challenge's). */
  previousScopes: string[];
  callbackTimeoutMs?: number;
  /** The DPoP proof key the token request proves possession of (the token comes back bound to it). */
  dpop?: DpopKey;
}

export interface Discovered {
  resource: ResourceInfo;
  metadata: ServerMetadata;
}

export interface SignedIn extends Discovered {
  tokens: Tokens;
  client: ClientIdentity;
  scopes: string[];
}

export async function discover(
  log: StepLog,
  serverUrl: URL,
  challenge: BearerChallenge,
  settings?: AuthSettings,
): Promise<Discovered> {
  const resource = await discoverResource(log, serverUrl, challenge);
  const metadata = await discoverServer(log, resource, settings);
  return { resource, metadata };
}

/**
 * The spec's scope selection: the challenge's scope, else the PRM's scopes_supported, else none; plus the user's
 * extra scopes, the scopes asked for before (step-up), and offline_access where the server offers it.
 */
export function chooseScopes(
  challenge: BearerChallenge,
  found: Discovered,
  settings: AuthSettings,
  previous: string[],
): string[] {
  const chosen = challenge.scope?.split(/\s+/) ?? found.resource.scopesSupported ?? [];
  const all = new Set(
    [...previous, ...chosen, ...(settings.extraScopes ?? [])].filter((scope) => scope !== ''),
  );
  // offline_access asks for a refresh token, which only a person's sign-in needs to outlive.
  if (
    all.size > 0 &&
    found.metadata.grant === 'authorization_code' &&
    found.metadata.scopesSupported?.includes('offline_access')
  )
    all.add('offline_access');
  return [...all];
}

export async function signIn(
  context: SignInContext,
  challenge: BearerChallenge,
  found: Discovered,
): Promise<SignedIn> {
  const { log, settings } = context;
  const { resource, metadata } = found;
  const receiver = await startLoopbackReceiver(context.callbackTimeoutMs);
  try {
    const stored = settings.clientId ? undefined : context.store?.client(metadata.issuer);
    const client = stored ?? (await clientIdentity(log, metadata, settings, receiver.redirectUri));
    if (stored)
      log.note('registration', { source: 'stored', client_id: stored.clientId, issuer: metadata.issuer });
    else context.store?.saveClient(metadata.issuer, client);

    const scopes = chooseScopes(challenge, found, settings, context.previousScopes);
    const pkce = createPkce();
    const state = createState();
    receiver.expect(state);
    const url = new URL(metadata.authorizationEndpoint);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', client.clientId);
    url.searchParams.set('redirect_uri', receiver.redirectUri);
    url.searchParams.set('code_challenge', pkce.challenge);
    url.searchParams.set('code_challenge_method', 'S256');
    url.searchParams.set('state', state);
    url.searchParams.set('resource', resource.resource);
    if (scopes.length > 0) url.searchParams.set('scope', scopes.join(' '));

    const started = performance.now();
    try {
      await context.userAgent(url.href, receiver.redirectUri);
    } catch (error) {
      throw authFailure('authorize', error instanceof Error ? error.message : String(error));
    }
    let callback: URL;
    try {
      callback = await receiver.callback;
    } catch (error) {
      throw authFailure('authorize', error instanceof Error ? error.message : String(error));
    }
    const code = checkCallback(log, callback, state, metadata, url.href, performance.now() - started, scopes);
    if (receiver.strays > 0)
      log.steps.at(-1)?.checks.push({
        requirement: 'redirects with another state are refused without ending the sign-in',
        ok: true,
        detail: `${receiver.strays} refused`,
      });
    const tokens = await requestTokens(
      log,
      metadata.tokenEndpoint,
      client,
      { kind: 'authorization_code', code, verifier: pkce.verifier, redirectUri: receiver.redirectUri },
      resource.resource,
      scopes.join(' ') || undefined,
      { issuer: metadata.issuer, ...(context.dpop ? { dpop: context.dpop } : {}) },
    );
    return { ...found, tokens, client, scopes };
  } finally {
    await receiver.close();
  }
}

/** RFC 6749 §4.1.2 and RFC 9207: the redirect's state, error, iss and code. Returns the code. */
function checkCallback(
  log: StepLog,
  callback: URL,
  state: string,
  metadata: ServerMetadata,
  authorizationUrl: string,
  ms: number,
  scopes: string[],
): string {
  const parameters = callback.searchParams;
  const iss = parameters.get('iss');
  const step = log.note('authorize', {
    authorization_endpoint: metadata.authorizationEndpoint,
    scope: scopes.join(' ') || null,
    iss: iss ?? null,
  });
  step.ms = Math.round(ms);
  step.request = { method: 'GET', url: authorizationUrl, headers: {} };
  if (!check(step, 'the redirect carries the state Loupe sent', parameters.get('state') === state))
    throw authFailure(
      'authorize',
      'the redirect’s state does not match the one Loupe sent (a forged or stale redirect)',
    );
  const error = parameters.get('error');
  if (!check(step, 'the authorization server granted the request', error === null, error ?? undefined)) {
    const description = parameters.get('error_description');
    throw authFailure(
      'authorize',
      `the authorization server refused: ${error ?? ''}${description ? ` (${description})` : ''}`,
    );
  }
  if (iss !== null) {
    if (
      !check(
        step,
        'iss equals the recorded issuer, compared as plain strings (RFC 9207)',
        iss === metadata.issuer,
        `${iss} vs ${metadata.issuer}`,
      )
    )
      throw authFailure(
        'authorize',
        `the redirect's iss "${iss}" does not match the authorization server's issuer "${metadata.issuer}"`,
      );
  } else if (
    !check(step, 'iss is present when the server advertises it (RFC 9207)', !metadata.issParameterSupported)
  ) {
    throw authFailure(
      'authorize',
      'the authorization server advertises the iss parameter but the redirect has none',
    );
  }
  const code = parameters.get('code');
  if (!check(step, 'the redirect carries an authorization code', Boolean(code)))
    throw authFailure('authorize', 'the redirect carries no authorization code');
  return code ?? '';
}
