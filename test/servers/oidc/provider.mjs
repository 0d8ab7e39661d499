// The OpenID Provider both sign-in test servers use (oidcProtected.mjs, oidcModern.mjs): oidc-provider on its own
// loopback port, issuer http://127.0.0.1:<port>, with discovery, Dynamic Client Registration, one pre-registered
// client (loupe-preregistered / preregistered-secret-7d41c9, client_secret_basic), authorization code with PKCE,
// refresh tokens, resource indicators (RFC 8707: access tokens are JWTs whose audience is the MCP server's URL),
// and its development login and consent pages (any login, any password).
//
// startProvider({ resource, accessTtl, scope }) → { issuer, metadata, verifyToken(token) → claims, log, stop() }.
// `log` records what the provider issued: grant types in order and every token value (tests grep Loupe's files).
import { createServer } from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import Provider from 'oidc-provider';

const listen = (server, port = 0) =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server.address().port));
  });

/** Listens on a loopback port (0: any free one) and returns its base URL. */
export async function listenBase(server, port = 0) {
  return `http://127.0.0.1:${await listen(server, port)}`;
}

export async function startProvider({ resource, accessTtl, scope }) {
  const providerServer = createServer();
  const issuer = await listenBase(providerServer);
  const log = { grants: [], tokens: [] };
  const provider = new Provider(issuer, {
    // A pre-registered confidential client (the connection form's client id and secret).
    clients: [
      {
        client_id: 'loupe-preregistered',
        client_secret: 'preregistered-secret-7d41c9',
        application_type: 'native',
        redirect_uris: ['http://127.0.0.1/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: ['loupe-test-cookie-key'] },
    scopes: ['openid', 'offline_access', scope],
    features: {
      devInteractions: { enabled: true },
      registration: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new Provider.errors.InvalidTarget();
          return { scope, audience: resource, accessTokenTTL: accessTtl, accessTokenFormat: 'jwt' };
        },
      },
    },
    // Refresh tokens for every client allowed the grant (not only with offline_access and prompt=consent).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: { AccessToken: accessTtl, RefreshToken: 86_400, Grant: 86_400, Session: 86_400, Interaction: 600 },
  });
  provider.on('grant.success', (ctx) => {
    log.grants.push(String(ctx.oidc.params?.grant_type ?? 'unknown'));
    for (const field of ['access_token', 'refresh_token'])
      if (ctx.body?.[field]) log.tokens.push(ctx.body[field]);
  });
  providerServer.on('request', provider.callback());

  const metadata = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
  const keys = createRemoteJWKSet(new URL(metadata.jwks_uri));
  /** The token's claims when it is one of ours for this resource (signature, issuer, audience, expiry); else throws. */
  const verifyToken = async (token) => (await jwtVerify(token, keys, { issuer, audience: resource })).payload;
  const stop = () => {
    providerServer.closeAllConnections();
    providerServer.close();
  };
  return { issuer, metadata, verifyToken, log, stop };
}
