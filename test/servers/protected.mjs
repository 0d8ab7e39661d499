#!/usr/bin/env node
// A protected MCP server with two authorization servers in one process, for Loupe's sign-in tests. Raw node:http on
// 127.0.0.1; prints its base URL as the first stdout line. Everything is in memory.
//
//   /mcp                 JSON-RPC (initialize, tools/list → [whoami], tools/call whoami, notifications → 202);
//                        needs a live Bearer token from the current authorization server, else 401 with
//                        WWW-Authenticate: Bearer resource_metadata="…", scope="mcp:read"
//   /.well-known/oauth-protected-resource/mcp   PRM naming the current authorization server
//   /as1, /as2           authorization servers (issuer <base>/as1…): metadata at /.well-known/oauth-authorization-server/asN,
//                        /asN/register (DCR, public clients), /asN/authorize (grants at once: 302 to redirect_uri with
//                        code, state, iss), /asN/token (authorization_code with PKCE S256, refresh_token; rotates refresh tokens)
//   POST /control/move   the PRM now names as2 and tokens of as1 are refused
//   POST /control/revoke every access token issued so far is refused (?refresh: every refresh token too)
//   GET  /control/log    what happened: registrations, authorizations, token grants, tokens issued (tests grep for them)
//
// Flags: --expires-in S (access token lifetime, default 3600); --huge-prm (the PRM answer is 300 KiB of padding).
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { URLSearchParams } from 'node:url';

const flag = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const expiresIn = Number(flag('--expires-in', '3600'));
const hugePrm = process.argv.includes('--huge-prm');

let base = '';
let current = 'as1';
const log = { registrations: [], authorizations: [], grants: [], tokens: [], mcp: [] };
const codes = new Map(); // code → { as, clientId, challenge, resource, scope }
const access = new Map(); // token → { as, expiresAt, scope }
const refresh = new Map(); // token → { as, clientId, scope }
const clients = new Map(); // clientId → as

const token = (prefix) => `${prefix}-${randomBytes(18).toString('base64url')}`;
const json = (response, status, body, headers = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};
const readBody = (request) =>
  new Promise((resolve) => {
    let text = '';
    request.setEncoding('utf8').on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text));
  });

function metadata(as) {
  const issuer = `${base}/${as}`;
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    registration_endpoint: `${issuer}/register`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    scopes_supported: ['mcp:read', 'offline_access'],
    authorization_response_iss_parameter_supported: true,
  };
}

function issue(response, as, clientId, scope, grant) {
  const accessToken = token(`at-${as}`);
  const refreshToken = token(`rt-${as}`);
  access.set(accessToken, { as, expiresAt: Date.now() + expiresIn * 1000, scope });
  refresh.set(refreshToken, { as, clientId, scope });
  log.tokens.push(accessToken, refreshToken);
  log.grants.push({ as, grant, clientId });
  json(response, 200, {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: expiresIn,
    refresh_token: refreshToken,
    scope,
  });
}

async function authorizationServer(as, path, request, response, url) {
  if (path === 'register' && request.method === 'POST') {
    const body = JSON.parse((await readBody(request)) || '{}');
    const clientId = `client-${as}-${randomBytes(6).toString('hex')}`;
    clients.set(clientId, as);
    log.registrations.push({ as, clientId, grant_types: body.grant_types ?? [] });
    return json(response, 201, {
      client_id: clientId,
      redirect_uris: body.redirect_uris,
      token_endpoint_auth_method: 'none',
    });
  }
  if (path === 'authorize') {
    const query = url.searchParams;
    const clientId = query.get('client_id');
    log.authorizations.push({ as, clientId, scope: query.get('scope'), resource: query.get('resource') });
    if (clients.get(clientId) !== as || query.get('code_challenge_method') !== 'S256')
      return json(response, 400, { error: 'invalid_request' });
    const code = token('code');
    codes.set(code, {
      as,
      clientId,
      challenge: query.get('code_challenge'),
      resource: query.get('resource'),
      scope: query.get('scope') ?? '',
    });
    const back = new URL(query.get('redirect_uri'));
    back.searchParams.set('code', code);
    back.searchParams.set('state', query.get('state') ?? '');
    back.searchParams.set('iss', `${base}/${as}`);
    response.writeHead(302, { location: back.href }).end();
    return undefined;
  }
  if (path === 'token' && request.method === 'POST') {
    const form = new URLSearchParams(await readBody(request));
    const clientId = form.get('client_id');
    if (clients.get(clientId) !== as) return json(response, 401, { error: 'invalid_client' });
    if (form.get('grant_type') === 'authorization_code') {
      const entry = codes.get(form.get('code'));
      codes.delete(form.get('code'));
      const verifier = form.get('code_verifier') ?? '';
      const computed = createHash('sha256').update(verifier).digest('base64url');
      if (
        !entry ||
        entry.clientId !== clientId ||
        entry.challenge !== computed ||
        entry.resource !== form.get('resource')
      )
        return json(response, 400, { error: 'invalid_grant' });
      return issue(response, as, clientId, entry.scope, 'authorization_code');
    }
    if (form.get('grant_type') === 'refresh_token') {
      const entry = refresh.get(form.get('refresh_token'));
      refresh.delete(form.get('refresh_token'));
      if (!entry || entry.clientId !== clientId) return json(response, 400, { error: 'invalid_grant' });
      return issue(response, as, clientId, entry.scope, 'refresh_token');
    }
    return json(response, 400, { error: 'unsupported_grant_type' });
  }
  return json(response, 404, { error: 'not_found' });
}

async function mcp(request, response) {
  const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
  const grant = access.get(bearer);
  const challenge = `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", scope="mcp:read"`;
  if (!grant || grant.as !== current || grant.expiresAt < Date.now()) {
    await readBody(request);
    log.mcp.push({ status: 401 });
    return json(response, 401, { error: 'invalid_token' }, { 'www-authenticate': challenge });
  }
  if (request.method !== 'POST') return json(response, 405, { error: 'method_not_allowed' });
  const message = JSON.parse(await readBody(request));
  log.mcp.push({ status: 200, method: message.method });
  if (message.id === undefined) return response.writeHead(202).end();
  const results = {
    initialize: {
      protocolVersion: message.params?.protocolVersion ?? '2025-11-25',
      capabilities: { tools: {} },
      serverInfo: { name: 'protected', version: '1.0.0' },
    },
    'tools/list': { tools: [{ name: 'whoami', inputSchema: { type: 'object' } }] },
    'tools/call': { content: [{ type: 'text', text: `scope: ${grant.scope}` }] },
  };
  const result = results[message.method];
  if (!result)
    return json(response, 200, {
      jsonrpc: '2.0',
      id: message.id,
      error: { code: -32601, message: 'Method not found' },
    });
  return json(response, 200, { jsonrpc: '2.0', id: message.id, result });
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', base);
  const path = url.pathname;
  if (path === '/mcp') return void mcp(request, response);
  if (path === '/.well-known/oauth-protected-resource/mcp')
    return json(response, 200, {
      ...(hugePrm ? { padding: 'x'.repeat(300 * 1024) } : {}),
      resource: `${base}/mcp`,
      authorization_servers: [`${base}/${current}`],
      scopes_supported: ['mcp:read'],
    });
  const wellKnown = /^\/\.well-known\/oauth-authorization-server\/(as[12])$/.exec(path);
  if (wellKnown) return json(response, 200, metadata(wellKnown[1]));
  const endpoint = /^\/(as[12])\/(\w+)$/.exec(path);
  if (endpoint) return void authorizationServer(endpoint[1], endpoint[2], request, response, url);
  if (path === '/control/move' && request.method === 'POST') {
    current = 'as2';
    return json(response, 200, { current });
  }
  if (path === '/control/revoke' && request.method === 'POST') {
    access.clear();
    if (url.searchParams.has('refresh')) refresh.clear();
    return json(response, 200, { revoked: true });
  }
  if (path === '/control/log') return json(response, 200, log);
  return json(response, 404, { error: 'not_found' });
});
server.listen(0, '127.0.0.1', () => {
  base = `http://127.0.0.1:${server.address().port}`;
  process.stdout.write(`${base}\n`);
});
