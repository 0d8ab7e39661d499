/**
 * Who Loupe is to an authorization server, in the spec's order of preference: credentials the user registered
 * beforehand, then a Client ID Metadata Document URL where the server supports those, then Dynamic Client
 * Registration (RFC 7591). A registration belongs to one issuer and is never shown to another.
 */
import type { AuthSettings } from '../../shared/auth.js';
import { stringField } from '../../shared/json.js';
import { loupeVersion } from '../loupeVersion.js';
import { authFailure } from './authFailure.js';
import type { ServerMetadata } from './discovery.js';
import { check, type StepLog } from './stepLog.js';
import { settingsClient } from './grants/settingsClient.js';
import type { SigningKey } from './grants/jwt.js';

export type TokenEndpointAuth = 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt' | 'none';

export interface ClientIdentity {
  clientId: string;
  clientSecret?: string;
  /** private_key_jwt: the key its client assertions are signed with (never stored by Loupe). */
  signingKey?: SigningKey;
  /** How the token endpoint authenticates this client. */
  authMethod: TokenEndpointAuth;
  source: 'pre-registered' | 'metadata-document' | 'dynamic';
}

/** The method for a client with a secret: what it was registered with, else the first the server supports. */
export function secretMethod(metadata: ServerMetadata, registered?: string): TokenEndpointAuth {
  if (registered === 'client_secret_basic' || registered === 'client_secret_post') return registered;
  const supported = metadata.tokenEndpointAuthMethods;
  // RFC 8414: when absent, client_secret_basic is the default.
  if (!supported || supported.includes('client_secret_basic')) return 'client_secret_basic';
  return supported.includes('client_secret_post') ? 'client_secret_post' : 'client_secret_basic';
}

export async function clientIdentity(
  log: StepLog,
  metadata: ServerMetadata,
  settings: AuthSettings,
  redirectUri: string,
): Promise<ClientIdentity> {
  if (settings.clientId) {
    const identity = settingsClient(settings, metadata) ?? {
      clientId: settings.clientId,
      authMethod: 'none',
      source: 'pre-registered',
    };
    log.note('registration', {
      source: identity.source,
      client_id: identity.clientId,
      token_endpoint_auth_method: identity.authMethod,
    });
    return identity;
  }
  if (settings.clientMetadataUrl && metadata.clientIdMetadataDocumentSupported) {
    log.note('registration', { source: 'metadata-document', client_id: settings.clientMetadataUrl });
    return { clientId: settings.clientMetadataUrl, authMethod: 'none', source: 'metadata-document' };
  }
  if (!metadata.registrationEndpoint) {
    log.note('registration', {}, [{ requirement: 'a way to identify the client', ok: false }]);
    throw authFailure(
      'registration',
      'the authorization server offers no dynamic registration and no client id was given (use --client-id/--client-secret)',
    );
  }
  const supported = metadata.tokenEndpointAuthMethods;
  const requestedMethod: TokenEndpointAuth =
    supported && supported.includes('none') ? 'none' : secretMethod(metadata);
  const body = {
    client_name: 'Loupe',
    software_id: 'loupe-mcp-inspector',
    software_version: loupeVersion(),
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: requestedMethod,
    application_type: 'native',
  };
  const { response, json, step } = await log.exchange('registration', metadata.registrationEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const clientId = stringField(json, 'client_id');
  if (
    !check(
      step,
      'registration answers 2xx with a client_id',
      response.ok && clientId !== undefined,
      `HTTP ${response.status}`,
    )
  )
    throw authFailure(
      'registration',
      `${metadata.registrationEndpoint} answered HTTP ${response.status}${clientId ? '' : ' without a client_id'}`,
    );
  const secret = stringField(json, 'client_secret');
  const registeredMethod = stringField(json, 'token_endpoint_auth_method');
  const authMethod: TokenEndpointAuth =
    registeredMethod === 'none' || !secret ? 'none' : secretMethod(metadata, registeredMethod);
  step.learned = { source: 'dynamic', client_id: clientId ?? '', token_endpoint_auth_method: authMethod };
  return {
    clientId: clientId ?? '',
    authMethod,
    source: 'dynamic',
    ...(secret ? { clientSecret: secret } : {}),
  };
}
