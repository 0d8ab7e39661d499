/**
 * Which grant a sign-in uses. --grant names one; auto reads what the settings give and what the authorization
 * server offers: an ID token means the enterprise grant (SEP-990), an external assertion the JWT bearer grant
 * (SEP-1933), client credentials (a client id with a secret or a key) at a server that lists client_credentials but
 * not authorization_code the client credentials grant (SEP-1046); everything else the authorization code flow.
 */
import type { AuthSettings } from '../../../shared/auth.js';

export type GrantKind = 'authorization_code' | 'client_credentials' | 'jwt_bearer' | 'enterprise';

export function hasClientCredentials(settings: AuthSettings): boolean {
  return Boolean(
    settings.clientId && (settings.clientSecret || settings.privateKeyFile || settings.privateKeyJwk),
  );
}

export function chooseGrant(settings: AuthSettings, grantTypesSupported: string[] | undefined): GrantKind {
  const named = settings.grant ?? 'auto';
  if (named !== 'auto') return named;
  if (settings.idTokenFile !== undefined || settings.idTokenCommand !== undefined) return 'enterprise';
  if (settings.assertionFile !== undefined || settings.assertionCommand !== undefined) return 'jwt_bearer';
  if (
    hasClientCredentials(settings) &&
    grantTypesSupported !== undefined &&
    grantTypesSupported.includes('client_credentials') &&
    !grantTypesSupported.includes('authorization_code')
  )
    return 'client_credentials';
  return 'authorization_code';
}

/** The user-facing name of a grant, in steps and messages. */
export const grantLabels: Record<GrantKind, string> = {
  authorization_code: 'authorization code (a person signs in)',
  client_credentials: 'client credentials (SEP-1046)',
  jwt_bearer: 'JWT bearer with an external assertion (RFC 7523, SEP-1933)',
  enterprise: 'enterprise-managed: token exchange, then JWT bearer (SEP-990)',
};
