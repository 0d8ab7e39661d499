/**
 * The token endpoint: the authorization code for tokens (with the PKCE verifier), refreshes, and the grants without
 * a person (client credentials, the JWT bearer grant). With a DPoP key every request carries a fresh proof, and a
 * `use_dpop_nonce` answer is retried once with the server's nonce.
 */
import type { AuthStepName } from '../../shared/auth.js';
import type { JsonObject } from '../../shared/json.js';
import { stringField } from '../../shared/json.js';
import { authFailure } from './authFailure.js';
import type { ClientIdentity } from './clientIdentity.js';
import { applyClientAuth } from './grants/clientAuth.js';
import type { DpopKey } from './grants/dpop.js';
import { check, type StepLog } from './stepLog.js';

export interface Tokens {
  accessToken: string;
  refreshToken?: string;
  /** Epoch ms after which the access token is expired, when the server said. */
  expiresAt?: number;
  /** Epoch ms when it was issued (with expiresAt: its lifetime). */
  issuedAt?: number;
  /** The scopes granted (the response's scope, else those asked for). */
  scope?: string;
  /** DPoP when the token is bound to Loupe's proof key (RFC 9449); Bearer when absent. */
  tokenType?: 'Bearer' | 'DPoP';
}

export type TokenGrant =
  | { kind: 'authorization_code'; code: string; verifier: string; redirectUri: string }
  | { kind: 'refresh_token'; refreshToken: string }
  | { kind: 'client_credentials' }
  /** RFC 7523 §2.1: an ID-JAG (SEP-990) or a workload's JWT (SEP-1933) as the grant. */
  | { kind: 'jwt_bearer'; assertion: string };

export const jwtBearerGrantType = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

export interface TokenRequestOptions {
  /** The authorization server's issuer: the audience of a client assertion. */
  issuer?: string;
  /** The proof key: every token request carries a DPoP proof, and the token should come back bound to it. */
  dpop?: DpopKey;
}

function stepOf(grant: TokenGrant): AuthStepName {
  if (grant.kind === 'refresh_token') return 'refresh';
  return grant.kind === 'authorization_code' ? 'token' : 'grant';
}

export async function requestTokens(
  log: StepLog,
  tokenEndpoint: string,
  client: ClientIdentity,
  grant: TokenGrant,
  resource: string,
  scope: string | undefined,
  options: TokenRequestOptions = {},
): Promise<Tokens> {
  const step = stepOf(grant);
  const form = new URLSearchParams({
    grant_type: grant.kind === 'jwt_bearer' ? jwtBearerGrantType : grant.kind,
  });
  if (grant.kind === 'authorization_code') {
    form.set('code', grant.code);
    form.set('code_verifier', grant.verifier);
    form.set('redirect_uri', grant.redirectUri);
  } else if (grant.kind === 'refresh_token') {
    form.set('refresh_token', grant.refreshToken);
  } else if (grant.kind === 'jwt_bearer') {
    form.set('assertion', grant.assertion);
  }
  // The code flow sends the scopes with the authorization request; the others name them here.
  if ((grant.kind === 'client_credentials' || grant.kind === 'jwt_bearer') && scope) form.set('scope', scope);
  form.set('resource', resource);
  const { dpop } = options;
  const send = async () => {
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    const body = new URLSearchParams(form);
    applyClientAuth(body, headers, client, options.issuer ?? tokenEndpoint);
    const proof = dpop?.proof('POST', tokenEndpoint);
    if (proof) headers.dpop = proof.proof;
    const exchanged = await log.exchange(step, tokenEndpoint, {
      method: 'POST',
      headers,
      body: body.toString(),
    });
    if (proof) exchanged.step.learned = { dpop_proof: { ...proof.facts } };
    return exchanged;
  };
  let exchanged = await send();
  if (
    dpop &&
    exchanged.response.status === 400 &&
    stringField(exchanged.json, 'error') === 'use_dpop_nonce'
  ) {
    const learned = dpop.learnNonce(tokenEndpoint, exchanged.response);
    check(exchanged.step, 'a use_dpop_nonce answer carries a DPoP-Nonce (RFC 9449 §8)', learned);
    if (learned) exchanged = await send();
  } else if (dpop) {
    dpop.learnNonce(tokenEndpoint, exchanged.response);
  }
  const { response, json, step: entry } = exchanged;
  const accessToken = stringField(json, 'access_token');
  if (
    !check(
      entry,
      'the token endpoint answers 2xx with an access_token',
      response.ok && accessToken !== undefined,
      `HTTP ${response.status}`,
    )
  ) {
    const error = stringField(json, 'error');
    const description = stringField(json, 'error_description');
    const reason = error ? `${error}${description ? ` (${description})` : ''}` : `HTTP ${response.status}`;
    throw authFailure(step, `${tokenEndpoint} refused: ${reason}`, { status: response.status });
  }
  const tokenType = stringField(json, 'token_type');
  const bound = tokenType?.toLowerCase() === 'dpop';
  if (dpop) {
    // RFC 9449 §5: a server may still issue a Bearer token; it is then used as one.
    check(entry, 'the token is DPoP-bound (token_type DPoP)', bound, tokenType ?? 'absent');
  } else if (
    !check(
      entry,
      'the token type is Bearer',
      tokenType === undefined || tokenType.toLowerCase() === 'bearer',
      tokenType,
    )
  )
    throw authFailure(
      step,
      bound
        ? 'the token type is "DPoP" but Loupe sent no DPoP proof (the server should have refused)'
        : `the token type is "${tokenType ?? ''}", not Bearer`,
    );
  if (dpop && !bound && tokenType !== undefined && tokenType.toLowerCase() !== 'bearer')
    throw authFailure(step, `the token type is "${tokenType}", neither DPoP nor Bearer`);
  const tokens: Tokens = { accessToken: accessToken ?? '', issuedAt: Date.now() };
  if (bound && dpop) tokens.tokenType = 'DPoP';
  const refreshToken = stringField(json, 'refresh_token');
  if (refreshToken) tokens.refreshToken = refreshToken;
  else if (grant.kind === 'refresh_token') tokens.refreshToken = grant.refreshToken;
  const expiresIn = json?.expires_in;
  if (typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0)
    tokens.expiresAt = Date.now() + expiresIn * 1000;
  const granted = stringField(json, 'scope') ?? scope;
  if (granted) tokens.scope = granted;
  const learned: JsonObject = {
    ...entry.learned,
    grant_type: form.get('grant_type') ?? grant.kind,
    token_type: tokenType ?? 'Bearer',
    refresh_token: refreshToken ? 'received' : 'none',
    expires_in: typeof expiresIn === 'number' ? expiresIn : null,
    scope: granted ?? null,
  };
  entry.learned = learned;
  return tokens;
}
