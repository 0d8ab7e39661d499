/** The token endpoint: the authorization code for tokens (with the PKCE verifier), and refreshes. */
import type { JsonObject } from '../../shared/json.js';
import { stringField } from '../../shared/json.js';
import { authFailure } from './authFailure.js';
import type { ClientIdentity } from './clientIdentity.js';
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
}

export type TokenGrant =
  | { kind: 'authorization_code'; code: string; verifier: string; redirectUri: string }
  | { kind: 'refresh_token'; refreshToken: string };

function formEncode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}

export async function requestTokens(
  log: StepLog,
  tokenEndpoint: string,
  client: ClientIdentity,
  grant: TokenGrant,
  resource: string,
  scope: string | undefined,
): Promise<Tokens> {
  const step = grant.kind === 'refresh_token' ? 'refresh' : 'token';
  const form = new URLSearchParams({ grant_type: grant.kind });
  if (grant.kind === 'authorization_code') {
    form.set('code', grant.code);
    form.set('code_verifier', grant.verifier);
    form.set('redirect_uri', grant.redirectUri);
  } else {
    form.set('refresh_token', grant.refreshToken);
  }
  form.set('resource', resource);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (client.authMethod === 'client_secret_basic' && client.clientSecret !== undefined) {
    // RFC 6749 §2.3.1: each part form-encoded, then joined with ':' and base64-encoded.
    const pair = `${formEncode(client.clientId)}:${formEncode(client.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  } else {
    form.set('client_id', client.clientId);
    if (client.authMethod === 'client_secret_post' && client.clientSecret !== undefined)
      form.set('client_secret', client.clientSecret);
  }
  const {
    response,
    json,
    step: entry,
  } = await log.exchange(step, tokenEndpoint, {
    method: 'POST',
    headers,
    body: form.toString(),
  });
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
  if (
    !check(
      entry,
      'the token type is Bearer',
      tokenType === undefined || tokenType.toLowerCase() === 'bearer',
      tokenType,
    )
  )
    throw authFailure(step, `the token type is "${tokenType ?? ''}", not Bearer`);
  const tokens: Tokens = { accessToken: accessToken ?? '', issuedAt: Date.now() };
  const refreshToken = stringField(json, 'refresh_token');
  if (refreshToken) tokens.refreshToken = refreshToken;
  else if (grant.kind === 'refresh_token') tokens.refreshToken = grant.refreshToken;
  const expiresIn = json?.expires_in;
  if (typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0)
    tokens.expiresAt = Date.now() + expiresIn * 1000;
  const granted = stringField(json, 'scope') ?? scope;
  if (granted) tokens.scope = granted;
  const learned: JsonObject = {
    token_type: tokenType ?? 'Bearer',
    refresh_token: refreshToken ? 'received' : 'none',
    expires_in: typeof expiresIn === 'number' ? expiresIn : null,
    scope: granted ?? null,
  };
  entry.learned = learned;
  return tokens;
}
