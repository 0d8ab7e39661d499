/**
 * A saved server's sign-in settings (pre-registered client id and secret, extra scopes) between the settings
 * file and memory: parsed as hostile input, and the client secret sealed like other secret settings values.
 */
import type { ServerAuth } from '../../shared/auth.js';
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
  return Object.keys(auth).length > 0 ? auth : undefined;
}

/** The same settings with the client secret passed through map (seal on save, open on load). */
export function mapAuthSecret(
  auth: ServerAuth | undefined,
  map: (name: string, value: string) => string,
): ServerAuth | undefined {
  if (!auth?.clientSecret) return auth;
  return { ...auth, clientSecret: map('client_secret', auth.clientSecret) };
}
