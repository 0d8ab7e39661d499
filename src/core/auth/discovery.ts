/**
 * Discovery: Protected Resource Metadata (RFC 9728), then the authorization server's metadata (RFC 8414, then
 * OpenID Connect discovery), with the 2025-03-26 fallbacks when the server publishes no PRM (the server's origin
 * is the authorization server; without metadata its /authorize, /token and /register are used).
 */
import type { JsonObject } from '../../shared/json.js';
import { stringField } from '../../shared/json.js';
import { authFailure } from './authFailure.js';
import type { BearerChallenge } from './challenge.js';
import { checkEndpoint, inertUrl } from './endpointCheck.js';
import { check, type StepLog } from './stepLog.js';
import type { AuthSettings } from '../../shared/auth.js';
import { chooseGrant, type GrantKind } from './grants/grantChoice.js';
import { dpopAlgorithms } from './grants/dpop.js';

export interface ResourceInfo {
  /** The resource identifier to send as `resource` (RFC 8707): PRM's `resource` exactly, else the server URL. */
  resource: string;
  /** The issuer identifier the metadata URLs are built from (the PRM entry exactly as written). */
  issuer: string;
  scopesSupported?: string[];
  /** False when the server published no PRM (2025-03-26 behaviour). */
  fromPrm: boolean;
  /** RFC 9728 §2: the resource server wants DPoP-bound tokens, or lists the proof algorithms it accepts. */
  dpopBoundRequired?: boolean;
  dpopAlgorithms?: string[];
}

export interface ServerMetadata {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  registrationEndpoint?: string;
  scopesSupported?: string[];
  tokenEndpointAuthMethods?: string[];
  codeChallengeMethods?: string[];
  issParameterSupported: boolean;
  clientIdMetadataDocumentSupported: boolean;
  /** False when no metadata document was found and the 2025-03-26 default endpoints are used. */
  fromDocument: boolean;
  grantTypesSupported?: string[];
  /** dpop_signing_alg_values_supported (RFC 9449 §5.1), when listed. */
  dpopAlgorithms?: string[];
  /** The grant the settings and this server's offer lead to. */
  grant: GrantKind;
}

function stringList(value: JsonObject, key: string): string[] | undefined {
  const field = value[key];
  return Array.isArray(field) ? field.filter((item): item is string => typeof item === 'string') : undefined;
}

/** The PRM URLs in the spec's order: the header's, the path-based well-known URL, the root one. */
function prmCandidates(serverUrl: URL, challenge: BearerChallenge): string[] {
  const candidates: string[] = [];
  if (challenge.resourceMetadata) candidates.push(challenge.resourceMetadata);
  const path = serverUrl.pathname.replace(/\/$/, '');
  if (path) candidates.push(`${serverUrl.origin}/.well-known/oauth-protected-resource${path}`);
  candidates.push(`${serverUrl.origin}/.well-known/oauth-protected-resource`);
  return [...new Set(candidates)];
}

/** Whether the PRM's resource identifies this server: same origin, and its path a prefix of the server's. */
function resourceMatches(resource: string, serverUrl: URL): boolean {
  let parsed: URL;
  try {
    parsed = new URL(resource);
  } catch {
    return false;
  }
  if (parsed.origin !== serverUrl.origin) return false;
  const prefix = parsed.pathname.replace(/\/$/, '');
  const path = serverUrl.pathname.replace(/\/$/, '');
  return path === prefix || path.startsWith(`${prefix}/`);
}

export async function discoverResource(
  log: StepLog,
  serverUrl: URL,
  challenge: BearerChallenge,
): Promise<ResourceInfo> {
  for (const url of prmCandidates(serverUrl, challenge)) {
    if (!/^https?:/.test(url)) continue;
    const { response, json, step } = await log.exchange('prm', url, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) continue;
    if (!json) throw authFailure('prm', `${url} answered HTTP ${response.status} without a JSON object`);
    const resource = stringField(json, 'resource');
    const servers = stringList(json, 'authorization_servers') ?? [];
    const scopesSupported = stringList(json, 'scopes_supported');
    step.learned = {
      resource: resource ?? null,
      authorization_servers: servers,
      scopes_supported: scopesSupported ?? null,
    };
    if (!check(step, 'the metadata names its resource', resource !== undefined))
      throw authFailure('prm', `${url} has no "resource"`);
    if (
      !check(
        step,
        'the resource is this server (or a parent path of it)',
        resourceMatches(resource ?? '', serverUrl),
        resource,
      )
    )
      throw authFailure(
        'prm',
        `the protected resource metadata is for "${resource ?? ''}", not for ${serverUrl.href}`,
      );
    const issuer = servers[0];
    if (!check(step, 'the metadata lists an authorization server', issuer !== undefined))
      throw authFailure('prm', `${url} lists no authorization_servers`);
    checkEndpoint('prm', 'authorization_servers[0]', issuer ?? '', step);
    const dpop = dpopAlgorithms(json);
    if (dpop) step.learned.dpop_signing_alg_values_supported = dpop;
    if (json.dpop_bound_access_tokens_required === true)
      step.learned.dpop_bound_access_tokens_required = true;
    return {
      resource: resource ?? '',
      issuer: issuer ?? '',
      fromPrm: true,
      ...(scopesSupported ? { scopesSupported } : {}),
      ...(json.dpop_bound_access_tokens_required === true ? { dpopBoundRequired: true } : {}),
      ...(dpop ? { dpopAlgorithms: dpop } : {}),
    };
  }
  // 2025-03-26: no PRM; the MCP server's origin is the authorization server.
  log.note('prm', {
    fallback: 'no protected resource metadata; the server origin is the authorization server (2025-03-26)',
  });
  return { resource: serverUrl.href, issuer: serverUrl.origin, fromPrm: false };
}

/** RFC 8414 §3.1 and OpenID discovery URLs for an issuer, as the MCP spec orders them. */
function metadataCandidates(issuer: URL): string[] {
  const path = issuer.pathname.replace(/\/$/, '');
  if (!path) {
    return [
      `${issuer.origin}/.well-known/oauth-authorization-server`,
      `${issuer.origin}/.well-known/openid-configuration`,
    ];
  }
  return [
    `${issuer.origin}/.well-known/oauth-authorization-server${path}`,
    `${issuer.origin}/.well-known/openid-configuration${path}`,
    `${issuer.origin}${path}/.well-known/openid-configuration`,
  ];
}

export async function discoverServer(
  log: StepLog,
  resource: ResourceInfo,
  settings: AuthSettings = { mode: 'auto' },
): Promise<ServerMetadata> {
  let issuerUrl: URL;
  try {
    issuerUrl = new URL(resource.issuer);
  } catch {
    throw authFailure('as-metadata', `the authorization server ${inertUrl(resource.issuer)} is not a URL`);
  }
  checkEndpoint('as-metadata', 'the authorization server', resource.issuer);
  for (const url of metadataCandidates(issuerUrl)) {
    const { response, json, step } = await log.exchange('as-metadata', url, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) continue;
    if (!json)
      throw authFailure('as-metadata', `${url} answered HTTP ${response.status} without a JSON object`);
    return readMetadata(json, url, resource.issuer, step, settings);
  }
  if (!resource.fromPrm) {
    // 2025-03-26 fallback: the default endpoints at the authorization server's origin.
    const base = issuerUrl.origin;
    log.note('as-metadata', { fallback: `no metadata; default endpoints at ${base} (2025-03-26)` });
    return {
      issuer: resource.issuer,
      authorizationEndpoint: `${base}/authorize`,
      tokenEndpoint: `${base}/token`,
      registrationEndpoint: `${base}/register`,
      issParameterSupported: false,
      clientIdMetadataDocumentSupported: false,
      fromDocument: false,
      grant: chooseGrant(settings, undefined),
    };
  }
  throw authFailure('as-metadata', `no metadata found for the authorization server ${resource.issuer}`);
}

function readMetadata(
  json: JsonObject,
  url: string,
  expectedIssuer: string,
  step: ServerStep,
  settings: AuthSettings,
): ServerMetadata {
  const issuer = stringField(json, 'issuer');
  const authorizationEndpoint = stringField(json, 'authorization_endpoint');
  const tokenEndpoint = stringField(json, 'token_endpoint');
  const codeChallengeMethods = stringList(json, 'code_challenge_methods_supported');
  const metadata: ServerMetadata = {
    issuer: issuer ?? '',
    authorizationEndpoint: authorizationEndpoint ?? '',
    tokenEndpoint: tokenEndpoint ?? '',
    issParameterSupported: json.authorization_response_iss_parameter_supported === true,
    clientIdMetadataDocumentSupported: json.client_id_metadata_document_supported === true,
    fromDocument: true,
    grant: 'authorization_code',
  };
  const grantTypes = stringList(json, 'grant_types_supported');
  if (grantTypes) metadata.grantTypesSupported = grantTypes;
  const dpop = dpopAlgorithms(json);
  if (dpop) metadata.dpopAlgorithms = dpop;
  metadata.grant = chooseGrant(settings, grantTypes);
  const codeFlow = metadata.grant === 'authorization_code';
  const registration = stringField(json, 'registration_endpoint');
  if (registration) metadata.registrationEndpoint = registration;
  const scopes = stringList(json, 'scopes_supported');
  if (scopes) metadata.scopesSupported = scopes;
  const methods = stringList(json, 'token_endpoint_auth_methods_supported');
  if (methods) metadata.tokenEndpointAuthMethods = methods;
  if (codeChallengeMethods) metadata.codeChallengeMethods = codeChallengeMethods;
  step.learned = { ...metadata, fromDocument: true };
  // RFC 8414 §3.3: exact string comparison, no normalisation.
  if (
    !check(
      step,
      'the metadata issuer equals the issuer its URL was built from',
      issuer === expectedIssuer,
      `${issuer ?? 'none'} vs ${expectedIssuer}`,
    )
  )
    throw authFailure(
      'as-metadata',
      `the authorization server's issuer "${issuer ?? ''}" does not match "${expectedIssuer}" (${url})`,
    );
  if (!codeFlow) {
    // A grant without a person needs the token endpoint only.
    if (!check(step, 'the metadata names a token endpoint', Boolean(tokenEndpoint)))
      throw authFailure('as-metadata', `${url} lacks token_endpoint`);
    checkEndpoint('as-metadata', 'token_endpoint', metadata.tokenEndpoint, step);
    return metadata;
  }
  if (
    !check(
      step,
      'the metadata names authorization and token endpoints',
      Boolean(authorizationEndpoint && tokenEndpoint),
    )
  )
    throw authFailure('as-metadata', `${url} lacks authorization_endpoint or token_endpoint`);
  // Before anything is registered, exchanged or shown: every endpoint is https (http only on loopback).
  checkEndpoint('as-metadata', 'authorization_endpoint', metadata.authorizationEndpoint, step);
  checkEndpoint('as-metadata', 'token_endpoint', metadata.tokenEndpoint, step);
  if (metadata.registrationEndpoint !== undefined)
    checkEndpoint('as-metadata', 'registration_endpoint', metadata.registrationEndpoint, step);
  if (
    !check(
      step,
      'PKCE S256 is advertised',
      codeChallengeMethods?.includes('S256') === true,
      codeChallengeMethods?.join(' ') ?? 'absent',
    )
  )
    throw authFailure('as-metadata', 'no PKCE S256 support advertised (code_challenge_methods_supported)');
  return metadata;
}

type ServerStep = Parameters<typeof check>[0];
