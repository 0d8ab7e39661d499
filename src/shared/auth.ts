/**
 * Signing in to a protected MCP server (OAuth 2.1 as the MCP authorization spec describes it), as data a UI or
 * the CLI can show step by step. The engine (src/core/auth) emits one AuthStep per exchange, in order; secrets
 * (tokens, client secrets, codes, verifiers) are masked before a step is built.
 */
import type { JsonObject } from './json.js';

export const authStepNames = [
  'challenge', // the server's 401/403 and what its WWW-Authenticate header said
  'prm', // Protected Resource Metadata (RFC 9728)
  'as-metadata', // Authorization Server Metadata (RFC 8414 / OpenID discovery)
  'registration', // client identity: metadata document URL, pre-registered, or Dynamic Client Registration
  'authorize', // the authorization request and the redirect back (code, state, iss)
  'token', // the authorization code exchanged for tokens
  'refresh', // a refresh token exchanged for new tokens
  'assertion', // a JWT Loupe presents: an external one read from a file or command, or its own client assertion
  'token-exchange', // RFC 8693 at the enterprise IdP: the ID token exchanged for an ID-JAG (SEP-990)
  'grant', // a grant without a person: client credentials (SEP-1046) or the JWT bearer grant (RFC 7523)
  'dpop', // DPoP (RFC 9449, SEP-1932): the proof key, the first bound request, a server-provided nonce
] as const;
export type AuthStepName = (typeof authStepNames)[number];

export interface AuthExchange {
  method: string;
  url: string;
  /** Header names as sent; secret values masked. */
  headers: Record<string, string>;
  /** Body text with secret fields masked. */
  body?: string;
}

export interface AuthAnswer {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

export interface AuthCheck {
  /** What the spec requires, in one sentence ("the metadata issuer equals the issuer the URL was built from"). */
  requirement: string;
  ok: boolean;
  detail?: string;
}

export interface AuthStep {
  step: AuthStepName;
  /** Absent for steps without an HTTP exchange (a client id taken from the user's settings). */
  request?: AuthExchange;
  response?: AuthAnswer;
  ms: number;
  /** What this step taught the flow (issuer, endpoints, scopes, client id — never a secret). */
  learned: JsonObject;
  checks: AuthCheck[];
}

/** Per-server sign-in settings (CLI flags; a server's saved settings in the app). */
export interface AuthSettings {
  /** auto: start the flow on a 401; none: never (a 401 is an error). */
  mode: 'auto' | 'none';
  /** A bearer token to use as-is: no discovery, no refresh. */
  token?: string;
  /** Pre-registered client credentials. */
  clientId?: string;
  clientSecret?: string;
  /** The URL of Loupe's Client ID Metadata Document, used as client_id where the server supports it. */
  clientMetadataUrl?: string;
  /** Scopes to ask for on top of those the spec's selection gives. */
  extraScopes?: string[];
  /**
   * Which grant: auto picks the enterprise grant when an ID token is given, the JWT bearer grant when an assertion
   * is, client credentials when the authorization server offers no authorization code grant, else the code flow.
   */
  grant?: AuthGrant;
  /** How the client authenticates at the token endpoint (default: a key → private_key_jwt; a secret → as advertised). */
  clientAuth?: ClientAuthMethod;
  /** private_key_jwt: the key as a file (PEM or JWK) or as JWK text, and the algorithm (default: from the key). */
  privateKeyFile?: string;
  privateKeyJwk?: string;
  signingAlgorithm?: string;
  /** Workload identity federation (SEP-1933): the external JWT, read from a file or printed by a command. */
  assertionFile?: string;
  assertionCommand?: string;
  /** Enterprise-managed authorization (SEP-990): the IdP, Loupe's client there, and the user's ID token. */
  idpIssuer?: string;
  idpTokenEndpoint?: string;
  idpClientId?: string;
  idpClientSecret?: string;
  idTokenFile?: string;
  idTokenCommand?: string;
  /** DPoP (RFC 9449): auto uses it where the authorization server or the challenge offers it. */
  dpop?: 'auto' | 'on' | 'off';
}

export const authGrants = [
  'auto',
  'authorization_code',
  'client_credentials',
  'jwt_bearer',
  'enterprise',
] as const;
export type AuthGrant = (typeof authGrants)[number];
export const clientAuthMethods = [
  'client_secret_basic',
  'client_secret_post',
  'private_key_jwt',
  'none',
] as const;
export type ClientAuthMethod = (typeof clientAuthMethods)[number];

/**
 * A saved server's sign-in settings, as the connection form edits them (the client and IdP secrets are sealed on
 * disk; keys, assertions and ID tokens are named by file, never copied into the settings).
 */
export interface ServerAuth {
  clientId?: string;
  clientSecret?: string;
  /** Scopes to ask for on top of the spec's selection. */
  extraScopes?: string[];
  grant?: AuthGrant;
  clientAuth?: ClientAuthMethod;
  privateKeyFile?: string;
  signingAlgorithm?: string;
  assertionFile?: string;
  assertionCommand?: string;
  idTokenFile?: string;
  idpIssuer?: string;
  idpTokenEndpoint?: string;
  idpClientId?: string;
  idpClientSecret?: string;
  dpop?: 'auto' | 'on' | 'off';
}

/** The text fields of ServerAuth the form and the settings file carry as they are (secrets apart). */
export const serverAuthTextFields = [
  'privateKeyFile',
  'signingAlgorithm',
  'assertionFile',
  'assertionCommand',
  'idTokenFile',
  'idpIssuer',
  'idpTokenEndpoint',
  'idpClientId',
] as const;

/**
 * The backend needs the user to sign in: the UI opens this page (window.open; the desktop app's window hands
 * http(s) pages to the system browser after the user confirms), and the backend's loopback receiver waits.
 */
export interface AuthPrompt {
  serverUrl: string;
  authorizationUrl: string;
}

/** One line for the user about sign-in ("the saved sign-in was refused; signing in again"). */
export interface AuthNotice {
  serverUrl: string;
  message: string;
}
