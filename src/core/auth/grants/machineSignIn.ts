/**
 * The sign-ins without a person, after discovery: client credentials (SEP-1046: the client's secret or signed
 * assertion is the grant), the JWT bearer grant with a workload's external token (SEP-1933), and the enterprise
 * grant (SEP-990: the ID token exchanged at the IdP for an ID-JAG, then the ID-JAG as the JWT bearer grant). Each
 * makes one token request; a refusal is surfaced as it came (invalid_grant, invalid_scope, unauthorized_client),
 * never retried with another grant.
 */
import type { AuthSettings } from '../../../shared/auth.js';
import { authFailure } from '../authFailure.js';
import type { ClientIdentity } from '../clientIdentity.js';
import type { Discovered } from '../signIn.js';
import type { StepLog } from '../stepLog.js';
import { requestTokens, type Tokens } from '../tokenEndpoint.js';
import type { DpopKey } from './dpop.js';
import { readExternalToken } from './externalToken.js';
import { grantLabels, type GrantKind } from './grantChoice.js';
import { settingsClient } from './settingsClient.js';
import { exchangeForIdJag } from './tokenExchange.js';

export interface MachineSignedIn {
  tokens: Tokens;
  client: ClientIdentity;
}

const noClient: ClientIdentity = { clientId: '', authMethod: 'none', source: 'pre-registered' };

export async function machineSignIn(
  log: StepLog,
  settings: AuthSettings,
  grant: Exclude<GrantKind, 'authorization_code'>,
  found: Discovered,
  scopes: string[],
  dpop: DpopKey | undefined,
): Promise<MachineSignedIn> {
  const { metadata, resource } = found;
  const client = settingsClient(settings, metadata);
  log.note('registration', {
    grant: grantLabels[grant],
    source: client ? 'pre-registered' : 'none',
    client_id: client?.clientId ?? null,
    token_endpoint_auth_method: client?.authMethod ?? 'none',
  });
  const scope = scopes.join(' ') || undefined;
  const options = { issuer: metadata.issuer, ...(dpop ? { dpop } : {}) };
  if (grant === 'client_credentials') {
    if (!client || client.authMethod === 'none')
      throw authFailure(
        'grant',
        'client credentials need a client id with a secret or a private key (--client-id with --client-secret or --private-key-file)',
      );
    const tokens = await requestTokens(
      log,
      metadata.tokenEndpoint,
      client,
      { kind: 'client_credentials' },
      resource.resource,
      scope,
      options,
    );
    return { tokens, client };
  }
  let assertion: string;
  if (grant === 'jwt_bearer') {
    assertion = await readExternalToken(log, {
      ...(settings.assertionFile !== undefined ? { file: settings.assertionFile } : {}),
      ...(settings.assertionCommand !== undefined ? { command: settings.assertionCommand } : {}),
      label: 'the workload’s JWT',
      flags: '--assertion-file or --assertion-command',
    });
  } else {
    const idToken = await readExternalToken(log, {
      ...(settings.idTokenFile !== undefined ? { file: settings.idTokenFile } : {}),
      ...(settings.idTokenCommand !== undefined ? { command: settings.idTokenCommand } : {}),
      label: 'the ID token',
      flags: '--id-token-file or --id-token-command',
    });
    assertion = await exchangeForIdJag(log, settings, idToken, metadata.issuer, resource.resource, scope);
  }
  const used = client ?? noClient;
  const tokens = await requestTokens(
    log,
    metadata.tokenEndpoint,
    used,
    { kind: 'jwt_bearer', assertion },
    resource.resource,
    scope,
    options,
  );
  return { tokens, client: used };
}
