#!/usr/bin/env node
// A protected MCP server whose sign-in metadata is hostile (raw node:http, one loopback port). POST /mcp answers
// 401 with a WWW-Authenticate challenge naming its Protected Resource Metadata; the PRM names this same origin as
// the authorization server, whose metadata (RFC 8414) is where the fault is:
//
//   --mode javascript-authorize  authorization_endpoint is "javascript:alert(document.domain)//"
//   --mode file-token            token_endpoint is "file:///etc/passwd"
//   --mode http-register         registration_endpoint is plain http on a host that is not loopback
//   --mode prm-javascript        the PRM's authorization_servers[0] is "javascript:alert(1)"
//   --mode silent-metadata       the authorization server metadata request is never answered (the socket stays open)
//
// Prints its MCP URL (http://127.0.0.1:<port>/mcp) as the first stdout line. GET /control/log answers what was asked
// of it: { paths: [...], registrations: n, tokens: n } (tests check nothing was registered or exchanged).
import { createServer } from 'node:http';

const flag = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const mode = flag('--mode', 'javascript-authorize');
const modes = ['javascript-authorize', 'file-token', 'http-register', 'prm-javascript', 'silent-metadata'];
if (!modes.includes(mode)) throw new Error(`--mode is one of ${modes.join(', ')}; got ${mode}`);

const log = { paths: [], registrations: 0, tokens: 0 };
const held = [];
let base = '';

const json = (response, status, body, headers = {}) =>
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

function metadata() {
  const document = {
    issuer: base,
    authorization_endpoint: `${base}/authorize`,
    token_endpoint: `${base}/token`,
    registration_endpoint: `${base}/register`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
  };
  if (mode === 'javascript-authorize')
    document.authorization_endpoint = 'javascript:alert(document.domain)//';
  if (mode === 'file-token') document.token_endpoint = 'file:///etc/passwd';
  if (mode === 'http-register') document.registration_endpoint = 'http://auth.example.test/register';
  return document;
}

const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', base).pathname;
  log.paths.push(`${request.method} ${path}`);
  request.resume();
  switch (path) {
    case '/mcp':
      return json(
        response,
        401,
        { error: 'invalid_token', error_description: 'sign in first' },
        {
          'www-authenticate': `Bearer error="invalid_token", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
        },
      );
    case '/.well-known/oauth-protected-resource/mcp':
    case '/.well-known/oauth-protected-resource':
      return json(response, 200, {
        resource: `${base}/mcp`,
        authorization_servers: [mode === 'prm-javascript' ? 'javascript:alert(1)' : base],
      });
    case '/.well-known/oauth-authorization-server':
    case '/.well-known/openid-configuration':
      if (mode === 'silent-metadata') {
        held.push(response); // never answered
        return undefined;
      }
      return json(response, 200, metadata());
    case '/register':
      log.registrations += 1;
      return json(response, 201, { client_id: 'hostile-client', token_endpoint_auth_method: 'none' });
    case '/token':
      log.tokens += 1;
      return json(response, 400, { error: 'invalid_grant' });
    case '/control/log':
      return json(response, 200, log);
    default:
      return json(response, 404, { error: 'not found' });
  }
});

server.listen(0, '127.0.0.1', () => {
  base = `http://127.0.0.1:${server.address().port}`;
  process.stdout.write(`${base}/mcp\n`);
});
const stop = () => {
  for (const response of held) response.destroy();
  server.closeAllConnections();
  server.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
