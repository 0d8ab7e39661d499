#!/usr/bin/env node
// A real authorization server in front of an MCP server, for Loupe's sign-in tests. Two listeners on 127.0.0.1:
//
//   the OpenID Provider (oidc-provider, issuer http://127.0.0.1:<p1>): discovery, Dynamic Client Registration, one
//     pre-registered client (loupe-preregistered / preregistered-secret-7d41c9, client_secret_basic),
//     authorization code with PKCE, refresh tokens, resource indicators (RFC 8707: access tokens are JWTs whose
//     audience is the MCP server's URL), its development login and consent pages (any login, any password).
//   the MCP server (http://127.0.0.1:<p2>/mcp): the official SDK's Streamable HTTP transport (stateless) behind the
//     SDK's requireBearerAuth, which checks each token's signature, issuer, audience, expiry and scope; its
//     Protected Resource Metadata is served by the SDK's mcpAuthMetadataRouter. One tool: whoami.
//
// Prints the MCP endpoint URL as the first stdout line. Flags: --access-ttl S (access token lifetime, default 3600);
// --mcp-port P (the MCP server's port, default a free one; a port in use ends the process with a stderr line).
// GET <p2>/control/log lists what the provider issued (grant types, token values), for tests.
import express from 'express';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import {
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthMetadataRouter,
} from '@modelcontextprotocol/sdk/server/auth/router.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';

const flag = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const accessTtl = Number(flag('--access-ttl', '3600'));
const scope = 'mcp:read';

const mcpPort = Number(flag('--mcp-port', '0'));

const listen = (server, port = 0) =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server.address().port));
  });

const providerServer = createServer();
const mcpServer = createServer();
const issuer = `http://127.0.0.1:${await listen(providerServer)}`;
const mcpBase = `http://127.0.0.1:${await listen(mcpServer, mcpPort).catch((error) => {
  process.stderr.write(`oidc-protected: cannot listen on port ${mcpPort}: ${error.message}\n`);
  process.exit(1);
})}`;
const resource = `${mcpBase}/mcp`;
// What the provider issued: grant types in order and every token value (tests grep Loupe's files for them).
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

const verifier = {
  async verifyAccessToken(token) {
    try {
      const { payload } = await jwtVerify(token, keys, { issuer, audience: resource });
      return {
        token,
        clientId: String(payload.client_id ?? ''),
        scopes: String(payload.scope ?? '')
          .split(' ')
          .filter(Boolean),
        expiresAt: payload.exp,
        resource: new URL(resource),
      };
    } catch (error) {
      throw new InvalidTokenError(`token refused: ${error instanceof Error ? error.message : String(error)}`);
    }
  },
};

function mcp() {
  const server = new McpServer({ name: 'oidc-protected', version: '1.0.0' });
  server.registerTool('whoami', { description: 'Who the bearer token says you are' }, (extra) => ({
    content: [{ type: 'text', text: `client ${extra.authInfo?.clientId ?? 'unknown'}` }],
  }));
  return server;
}

const app = express();
app.use(express.json());
app.use(
  mcpAuthMetadataRouter({
    oauthMetadata: metadata,
    resourceServerUrl: new URL(resource),
    scopesSupported: [scope],
    resourceName: 'Loupe oidc-provider test server',
  }),
);
app.get('/control/log', (_request, response) => response.json(log));
const bearer = requireBearerAuth({
  verifier,
  requiredScopes: [scope],
  resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(new URL(resource)),
  expectedResource: new URL(resource),
});
app.post('/mcp', bearer, async (request, response) => {
  const server = mcp();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  response.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request, response, request.body);
});
app.all('/mcp', bearer, (_request, response) => response.status(405).set('allow', 'POST').end());
mcpServer.on('request', app);

process.stdout.write(`${resource}\n`);
const stop = () => {
  providerServer.closeAllConnections();
  mcpServer.closeAllConnections();
  providerServer.close();
  mcpServer.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
