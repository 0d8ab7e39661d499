/**
 * A saved server's sign-in settings (pre-registered client id and secret, extra scopes) between the settings
 * file and memory: parsed as hostile input, and the client secret sealed like other secret settings values.
 */
import {
  authGrants,
  clientAuthMethods,
  serverAuthTextFields,
  type AuthGrant,
  type ClientAuthMethod,
  type ServerAuth,
} from '../../shared/auth.js';
import { isJsonObject } from '../../shared/json.js';

const maxScopes = 64;

/** The `auth` of a saved server entry, or undefined when absent or empty. */
export function parseServerAuth(value: unknown): ServerAuth | undefined {
  if (!isJsonObject(value)) return undefined;
  const auth: ServerAuth = {};
  if (typeof value.clientId === 'string' && value.clientId !== '') auth.clientId = value.clientId;
  if (typeof value.clientSecret === 'string' && value.clientSecret !== '')
    auth.clientSecret = value.clientSecret;
  if (Array.isArray(value.extraScopes)) {
    const scopes = value.extraScopes
      .filter(
        (scope): scope is string => typeof scope === 'string' && /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope),
      )
      .slice(0, maxScopes);
    if (scopes.length > 0) auth.extraScopes = scopes;
  }
  for (const field of serverAuthTextFields) {
    const text = value[field];
    if (typeof text === 'string' && text.trim() !== '' && text.length <= 4096) auth[field] = text.trim();
  }
  if (typeof value.idpClientSecret === 'string' && value.idpClientSecret !== '')
    auth.idpClientSecret = value.idpClientSecret;
  if (typeof value.grant === 'string' && (authGrants as readonly string[]).includes(value.grant))
    auth.grant = value.grant as AuthGrant;
  if (
    typeof value.clientAuth === 'string' &&
    (clientAuthMethods as readonly string[]).includes(value.clientAuth)
  )
    auth.clientAuth = value.clientAuth as ClientAuthMethod;
  if (value.dpop === 'auto' || value.dpop === 'on' || value.dpop === 'off') auth.dpop = value.dpop;
  return Object.keys(auth).length > 0 ? auth : undefined;
}

/** The same settings with the client and IdP secrets passed through map (seal on save, open on load). */
export function mapAuthSecret(
  auth: ServerAuth | undefined,
  map: (name: string, value: string) => string,
): ServerAuth | undefined {
  if (!auth?.clientSecret && !auth?.idpClientSecret) return auth;
  const mapped: ServerAuth = { ...auth };
  if (auth.clientSecret) mapped.clientSecret = map('client_secret', auth.clientSecret);
  if (auth.idpClientSecret) mapped.idpClientSecret = map('idp_client_secret', auth.idpClientSecret);
  return mapped;
}
