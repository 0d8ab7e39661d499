/**
 * Client authentication at a token endpoint (RFC 6749 §2.3, RFC 7523 §2.2): HTTP Basic, the secret in the body,
 * a signed client assertion (private_key_jwt: iss and sub the client id, aud the authorization server's issuer,
 * a fresh jti, a minute's life), or the client id alone for a public client.
 */
import type { JsonObject } from '../../../shared/json.js';
import type { ClientIdentity } from '../clientIdentity.js';
import { jwtId, signJwt } from './jwt.js';

export const clientAssertionType = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

function formEncode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}

/** Adds the client's authentication to a token request's form and headers. `audience`: the issuer. */
export function applyClientAuth(
  form: URLSearchParams,
  headers: Record<string, string>,
  client: ClientIdentity,
  audience: string,
): void {
  if (client.clientId === '') return; // no client named (a workload whose assertion identifies it)
  if (client.authMethod === 'client_secret_basic' && client.clientSecret !== undefined) {
    // RFC 6749 §2.3.1: each part form-encoded, then joined with ':' and base64-encoded.
    const pair = `${formEncode(client.clientId)}:${formEncode(client.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    return;
  }
  form.set('client_id', client.clientId);
  if (client.authMethod === 'client_secret_post' && client.clientSecret !== undefined)
    form.set('client_secret', client.clientSecret);
  if (client.authMethod === 'private_key_jwt' && client.signingKey) {
    const now = Math.floor(Date.now() / 1000);
    const header: JsonObject = { typ: 'JWT' };
    if (client.signingKey.kid !== undefined) header.kid = client.signingKey.kid;
    const assertion = signJwt(client.signingKey, header, {
      iss: client.clientId,
      sub: client.clientId,
      aud: audience,
      jti: jwtId(),
      iat: now,
      exp: now + 60,
    });
    form.set('client_assertion_type', clientAssertionType);
    form.set('client_assertion', assertion);
  }
}
