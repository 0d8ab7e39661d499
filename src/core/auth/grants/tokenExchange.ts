/**
 * SEP-990's first leg (RFC 8693 at the enterprise IdP): the user's ID token exchanged for an Identity Assertion
 * JWT Authorization Grant (ID-JAG) whose audience is the MCP server's authorization server and whose resource is
 * the MCP server. The IdP's token endpoint is the one given, else read from its OpenID / OAuth metadata.
 */
import type { AuthSettings } from '../../../shared/auth.js';
import { stringField } from '../../../shared/json.js';
import { authFailure } from '../authFailure.js';
import { checkEndpoint } from '../endpointCheck.js';
import { check, type StepLog } from '../stepLog.js';
import { applyClientAuth } from './clientAuth.js';

export const tokenExchangeGrantType = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const idJagTokenType = 'urn:ietf:params:oauth:token-type:id-jag';
export const idTokenType = 'urn:ietf:params:oauth:token-type:id_token';

async function idpTokenEndpoint(log: StepLog, settings: AuthSettings): Promise<string> {
  if (settings.idpTokenEndpoint)
    return checkEndpoint('token-exchange', 'the IdP token endpoint', settings.idpTokenEndpoint);
  const issuer = settings.idpIssuer;
  if (!issuer)
    throw authFailure(
      'token-exchange',
      'the enterprise grant needs the IdP (--idp-issuer or --idp-token-endpoint)',
    );
  checkEndpoint('token-exchange', 'the IdP issuer', issuer);
  const base = issuer.replace(/\/$/, '');
  for (const url of [
    `${base}/.well-known/openid-configuration`,
    `${base}/.well-known/oauth-authorization-server`,
  ]) {
    const { response, json, step } = await log.exchange('token-exchange', url, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok || !json) continue;
    const endpoint = stringField(json, 'token_endpoint');
    step.learned = { idp_issuer: stringField(json, 'issuer') ?? null, token_endpoint: endpoint ?? null };
    if (
      !check(
        step,
        'the IdP metadata issuer is the IdP given',
        stringField(json, 'issuer') === issuer,
        `${stringField(json, 'issuer') ?? 'none'} vs ${issuer}`,
      )
    )
      throw authFailure('token-exchange', `the IdP metadata at ${url} is for another issuer`);
    if (!check(step, 'the IdP metadata names a token endpoint', endpoint !== undefined))
      throw authFailure('token-exchange', `the IdP metadata at ${url} has no token_endpoint`);
    return checkEndpoint('token-exchange', 'the IdP token endpoint', endpoint ?? '', step);
  }
  throw authFailure('token-exchange', `no metadata found for the IdP ${issuer} (give --idp-token-endpoint)`);
}

/** Returns the ID-JAG. `audience`: the MCP server's authorization server (its issuer); `resource`: the MCP server. */
export async function exchangeForIdJag(
  log: StepLog,
  settings: AuthSettings,
  idToken: string,
  audience: string,
  resource: string,
  scope: string | undefined,
): Promise<string> {
  const endpoint = await idpTokenEndpoint(log, settings);
  const form = new URLSearchParams({
    grant_type: tokenExchangeGrantType,
    requested_token_type: idJagTokenType,
    subject_token: idToken,
    subject_token_type: idTokenType,
    audience,
    resource,
  });
  if (scope) form.set('scope', scope);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (settings.idpClientId)
    applyClientAuth(
      form,
      headers,
      settings.idpClientSecret
        ? {
            clientId: settings.idpClientId,
            clientSecret: settings.idpClientSecret,
            authMethod: 'client_secret_basic',
            source: 'pre-registered',
          }
        : { clientId: settings.idpClientId, authMethod: 'none', source: 'pre-registered' },
      endpoint,
    );
  const { response, json, step } = await log.exchange('token-exchange', endpoint, {
    method: 'POST',
    headers,
    body: form.toString(),
  });
  const jag = stringField(json, 'access_token');
  const issuedType = stringField(json, 'issued_token_type');
  step.learned = {
    audience,
    resource,
    issued_token_type: issuedType ?? null,
    idp_client_id: settings.idpClientId ?? null,
  };
  if (
    !check(
      step,
      'the IdP answers 2xx with a token',
      response.ok && jag !== undefined,
      `HTTP ${response.status}`,
    )
  ) {
    const error = stringField(json, 'error');
    const description = stringField(json, 'error_description');
    throw authFailure(
      'token-exchange',
      `${endpoint} refused: ${error ? `${error}${description ? ` (${description})` : ''}` : `HTTP ${response.status}`}`,
      { status: response.status },
    );
  }
  if (
    !check(
      step,
      'the issued token is an ID-JAG (issued_token_type)',
      issuedType === idJagTokenType,
      issuedType ?? 'absent',
    )
  )
    throw authFailure('token-exchange', `the IdP issued a "${issuedType ?? 'unnamed'}" token, not an ID-JAG`);
  return jag ?? '';
}
