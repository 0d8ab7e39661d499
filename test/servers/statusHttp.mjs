#!/usr/bin/env node
// An HTTP endpoint that refuses MCP the ways real ones do, for the connection doctor's tests.
//
//   node test/servers/statusHttp.mjs --status N | --expire-session
//
//   --status N          every request (any method, any path) gets HTTP N with a small text or HTML body; 401 adds
//                       WWW-Authenticate: Bearer (no resource metadata: sign-in cannot start)
//   --expire-session    POST initialize is answered (200, application/json, Mcp-Session-Id: s-1),
//                       notifications/initialized gets 202; any later POST carrying the session id gets 404
//   --call-status N     a session as above that lives on: tools/list answers an empty list, tools/call gets HTTP N
//                       (a status mid-session) with a text body
//   --call-drop         as --call-status, but tools/call's connection is closed without an answer (the server gone)
//
// Listens on 127.0.0.1, a free port; prints http://127.0.0.1:<port>/mcp as the first stdout line.
import { createServer } from 'node:http';

const flag = (name) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? (process.argv[index + 1] ?? '') : undefined;
};
const status = Number(flag('--status') ?? 0);
const callDrop = process.argv.includes('--call-drop');
const callStatus = callDrop ? 200 : Number(flag('--call-status') ?? 0);
const expire = process.argv.includes('--expire-session') || callStatus > 0;

const bodies = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: '<!doctype html><title>404</title><h1>Not Found</h1>',
  405: 'Method Not Allowed',
  406: 'Not Acceptable: this endpoint serves text/html',
  415: 'Unsupported Media Type: send application/x-www-form-urlencoded',
};

function readBody(request) {
  return new Promise((resolve) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text));
  });
}

const server = createServer(async (request, response) => {
  const body = await readBody(request);
  if (!expire) {
    const headers = { 'content-type': status === 404 ? 'text/html' : 'text/plain' };
    if (status === 401) headers['www-authenticate'] = 'Bearer realm="test"';
    response.writeHead(status, headers).end(bodies[status] ?? `status ${status}`);
    return;
  }
  if (request.method !== 'POST') {
    response.writeHead(405).end('Method Not Allowed');
    return;
  }
  let message;
  try {
    message = JSON.parse(body);
  } catch {
    response.writeHead(400).end('not JSON');
    return;
  }
  if (request.headers['mcp-session-id'] && callStatus > 0 && message.method !== 'notifications/initialized') {
    if (message.method === 'tools/call' && callDrop) {
      request.socket.destroy();
    } else if (message.method === 'tools/call') {
      response
        .writeHead(callStatus, { 'content-type': 'text/plain' })
        .end(`status ${callStatus}: the tool backend failed`);
    } else {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { tools: [] } }));
    }
    return;
  }
  if (request.headers['mcp-session-id']) {
    if (message.method === 'notifications/initialized') response.writeHead(202).end();
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('Session not found');
    return;
  }
  if (message.method === 'initialize') {
    const result = {
      protocolVersion: message.params?.protocolVersion ?? '2025-06-18',
      capabilities: { tools: {} },
      serverInfo: { name: 'expiring', version: '1.0.0' },
    };
    response
      .writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 's-1' })
      .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
    return;
  }
  response.writeHead(400, { 'content-type': 'text/plain' }).end('Bad Request: no session');
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${server.address().port}/mcp\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
