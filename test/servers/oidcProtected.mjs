#!/usr/bin/env node
// A real authorization server in front of an MCP server, for Loupe's sign-in tests. Two listeners on 127.0.0.1:
//
//   the OpenID Provider (oidc-provider, issuer http://127.0.0.1:<p1>; see oidc/provider.mjs): discovery, Dynamic
//     Client Registration, one pre-registered client (loupe-preregistered / preregistered-secret-7d41c9,
//     client_secret_basic), authorization code with PKCE, refresh tokens, resource indicators (RFC 8707: access
//     tokens are JWTs whose audience is the MCP server's URL), its development login and consent pages.
//   the MCP server (http://127.0.0.1:<p2>/mcp): the official SDK's Streamable HTTP transport (stateless) behind the
//     SDK's requireBearerAuth, which checks each token's signature, issuer, audience, expiry and scope; its
//     Protected Resource Metadata is served by the SDK's mcpAuthMetadataRouter. One tool: whoami.
//
// Prints the MCP endpoint URL as the first stdout line. Flags: --access-ttl S (access token lifetime, default 3600);
// --mcp-port P (the MCP server's port, default a free one; a port in use ends the process with a stderr line).
// GET <p2>/control/log lists what the provider issued (grant types, token values), for tests.
import express from 'express';
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import {
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthMetadataRouter,
} from '@modelcontextprotocol/sdk/server/auth/router.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { listenBase, startProvider } from './oidc/provider.mjs';

const flag = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const accessTtl = Number(flag('--access-ttl', '3600'));
const scope = 'mcp:read';

const mcpPort = Number(flag('--mcp-port', '0'));

const mcpServer = createServer();
const mcpBase = await listenBase(mcpServer, mcpPort).catch((error) => {
  process.stderr.write(`oidc-protected: cannot listen on port ${mcpPort}: ${error.message}\n`);
  process.exit(1);
});
const resource = `${mcpBase}/mcp`;
const {
  metadata,
  verifyToken,
  log,
  stop: stopProvider,
} = await startProvider({
  resource,
  accessTtl,
  scope,
});

const verifier = {
  async verifyAccessToken(token) {
    try {
      const payload = await verifyToken(token);
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
  stopProvider();
  mcpServer.closeAllConnections();
  mcpServer.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
