#!/usr/bin/env node
// A protected MCP server of the 2026-07-28 revision only: the same OpenID Provider as oidcProtected.mjs
// (oidc/provider.mjs) in front of the official v2 SDK (@modelcontextprotocol/server): createMcpHandler with
// legacy: 'reject' (initialize is refused with -32022; server/discover answers), behind the v2 SDK's
// requireBearerAuth (signature, issuer, audience, expiry, scope mcp:read; 401 with a WWW-Authenticate challenge
// naming the Protected Resource Metadata). Every request is checked before the MCP layer sees it.
//
//   node test/servers/oidcModern.mjs [--access-ttl S]
//
// Prints the MCP endpoint URL (http://127.0.0.1:<port>/mcp) as the first stdout line. One tool, whoami (the client
// id the token names). GET <origin>/control/log lists the grant types and token values the provider issued and
// the MCP methods that reached the handler with a valid token ({ grants, tokens, methods }).
/* global Headers, Request, Response, AbortController */
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import {
  McpServer,
  OAuthError,
  OAuthErrorCode,
  createMcpHandler,
  getOAuthProtectedResourceMetadataUrl,
  requireBearerAuth,
} from '@modelcontextprotocol/server';
import { listenBase, startProvider } from './oidc/provider.mjs';

const flag = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const accessTtl = Number(flag('--access-ttl', '3600'));
const scope = 'mcp:read';

const mcpServer = createServer();
const mcpBase = await listenBase(mcpServer);
const resource = `${mcpBase}/mcp`;
const { issuer, verifyToken, log, stop: stopProvider } = await startProvider({ resource, accessTtl, scope });
const methods = [];

const gate = requireBearerAuth({
  verifier: {
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
        throw new OAuthError(
          OAuthErrorCode.InvalidToken,
          `token refused: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  },
  requiredScopes: [scope],
  resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(new URL(resource)),
  expectedResource: new URL(resource),
});

const handler = createMcpHandler(
  () => {
    const server = new McpServer({ name: 'oidc-modern', version: '1.0.0' });
    server.registerTool('whoami', { description: 'Who the bearer token says you are' }, (ctx) => ({
      content: [{ type: 'text', text: `client ${ctx.http?.authInfo?.clientId ?? 'unknown'}` }],
    }));
    return server;
  },
  { legacy: 'reject', onerror: (error) => process.stderr.write(`oidc-modern: ${String(error)}\n`) },
);

// RFC 9728 Protected Resource Metadata.
const prm = {
  resource,
  authorization_servers: [issuer],
  scopes_supported: [scope],
  bearer_methods_supported: ['header'],
  resource_name: 'Loupe oidc-provider 2026-07-28 test server',
};

async function toWebRequest(request, body, signal) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return new Request(`${mcpBase}${request.url ?? '/'}`, {
    method: request.method,
    headers,
    body: body.length > 0 && request.method !== 'GET' && request.method !== 'HEAD' ? body : undefined,
    signal,
  });
}

async function send(response, answer) {
  const headers = {};
  answer.headers.forEach((value, name) => (headers[name] = value));
  response.writeHead(answer.status, headers);
  if (!answer.body) return void response.end();
  Readable.fromWeb(answer.body)
    .on('error', () => response.destroy())
    .pipe(response);
}

mcpServer.on('request', (request, response) => {
  const aborter = new AbortController();
  response.on('close', () => aborter.abort());
  const served = (async () => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const path = new URL(request.url ?? '/', mcpBase).pathname;
    if (path.startsWith('/.well-known/oauth-protected-resource')) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(prm));
      return;
    }
    if (path === '/control/log') {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ...log, methods }));
      return;
    }
    if (path !== '/mcp') {
      response.writeHead(404).end('not found: the endpoint is /mcp\n');
      return;
    }
    const webRequest = await toWebRequest(request, body, aborter.signal);
    const auth = await gate(webRequest.clone());
    if (auth instanceof Response) return send(response, auth);
    try {
      const message = JSON.parse(body.toString('utf8'));
      if (typeof message?.method === 'string') methods.push(message.method);
    } catch {
      // not JSON: the handler says so
    }
    return send(response, await handler.fetch(webRequest, { authInfo: auth }));
  })();
  served.catch((error) => {
    process.stderr.write(`oidc-modern: ${error instanceof Error ? error.message : String(error)}\n`);
    if (!response.headersSent) response.writeHead(500).end();
    else response.destroy();
  });
});

process.stdout.write(`${resource}\n`);
const stop = () => {
  stopProvider();
  void handler.close();
  mcpServer.closeAllConnections();
  mcpServer.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
