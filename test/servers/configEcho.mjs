#!/usr/bin/env node
// A server that checks the secrets a client config gave it and echoes its environment, for the config tests
// (VS Code inputs and envFile). The SDK's low-level Server.
//
//   node test/servers/configEcho.mjs [--transport stdio|http] [--expect-env NAME=VALUE]… [--expect-bearer VALUE]
//
//   --transport stdio|http   default stdio. http listens on 127.0.0.1 (a free port), stateless Streamable HTTP, and
//                            prints http://127.0.0.1:<port>/mcp as the first stdout line
//   --expect-env NAME=VALUE  (repeatable) at start, exits with code 3 and a stderr line naming NAME unless the
//                            environment variable NAME is exactly VALUE
//   --expect-bearer VALUE    (http) a request without "Authorization: Bearer VALUE" gets HTTP 403
//
// One tool, env_value ({ name }): the text is the value of that environment variable, or "(unset)".
import { createServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const argv = process.argv.slice(2);
const values = (flag) =>
  argv.flatMap((argument, index) => (argument === flag ? [argv[index + 1] ?? ''] : []));
const transportName = values('--transport')[0] ?? 'stdio';
const bearer = values('--expect-bearer')[0];

for (const pair of values('--expect-env')) {
  const split = pair.indexOf('=');
  const name = pair.slice(0, split);
  if (process.env[name] !== pair.slice(split + 1)) {
    process.stderr.write(`configEcho: ${name} is not the expected value\n`);
    process.exit(3);
  }
}

const envTool = {
  name: 'env_value',
  description: 'The value of one environment variable of this server.',
  inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
};

function createMcpServer() {
  const server = new Server({ name: 'loupe-config-echo', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [envTool] }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const name = String(request.params.arguments?.name ?? '');
    return { content: [{ type: 'text', text: process.env[name] ?? '(unset)' }] };
  });
  return server;
}

async function serveHttp() {
  const http = createServer(async (request, response) => {
    if (bearer !== undefined && request.headers.authorization !== `Bearer ${bearer}`) {
      response
        .writeHead(403, { 'content-type': 'text/plain' })
        .end('Forbidden: wrong or missing bearer token');
      return;
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const server = createMcpServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  process.stdout.write(`http://127.0.0.1:${http.address().port}/mcp\n`);
  process.on('SIGTERM', () => {
    http.closeAllConnections();
    http.close(() => process.exit(0));
  });
}

if (transportName === 'http') await serveHttp();
else if (transportName === 'stdio') await createMcpServer().connect(new StdioServerTransport());
else {
  process.stderr.write(`configEcho: unknown --transport ${transportName} (stdio or http)\n`);
  process.exit(2);
}
