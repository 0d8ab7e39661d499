/**
 * The client the user's settings name (a client id given with a secret, a private key, or neither), with the way it
 * authenticates: what --client-auth says, else private_key_jwt for a key, else for a secret what the authorization
 * server advertises (client_secret_basic when it says nothing), else none.
 */
import type { AuthSettings } from '../../../shared/auth.js';
import { authFailure } from '../authFailure.js';
import { secretMethod, type ClientIdentity } from '../clientIdentity.js';
import type { ServerMetadata } from '../discovery.js';
import { parseSigningKey, readSigningKeyFile, type SigningKey } from './jwt.js';

/** The private_key_jwt key the settings give (a file or JWK text), read now; undefined without one. */
export function settingsKey(settings: AuthSettings): SigningKey | undefined {
  const wanted = settings.signingAlgorithm;
  if (settings.privateKeyFile) return readSigningKeyFile(settings.privateKeyFile, wanted);
  if (settings.privateKeyJwk) return parseSigningKey(settings.privateKeyJwk, 'the private key JWK', wanted);
  return undefined;
}

export function settingsClient(settings: AuthSettings, metadata: ServerMetadata): ClientIdentity | undefined {
  if (!settings.clientId) return undefined;
  const base = { clientId: settings.clientId, source: 'pre-registered' as const };
  const method = settings.clientAuth;
  if (
    method === 'private_key_jwt' ||
    (method === undefined && (settings.privateKeyFile || settings.privateKeyJwk))
  ) {
    const key = settingsKey(settings);
    if (!key)
      throw authFailure(
        'registration',
        'private_key_jwt needs the client’s key (--private-key-file or --private-key-jwk)',
      );
    return { ...base, authMethod: 'private_key_jwt', signingKey: key };
  }
  if (method === 'none') return { ...base, authMethod: 'none' };
  if (method === 'client_secret_basic' || method === 'client_secret_post' || settings.clientSecret) {
    if (!settings.clientSecret)
      throw authFailure(
        'registration',
        `${method ?? 'client_secret_basic'} needs the client secret (--client-secret)`,
      );
    return { ...base, clientSecret: settings.clientSecret, authMethod: method ?? secretMethod(metadata) };
  }
  return { ...base, authMethod: 'none' };
}
