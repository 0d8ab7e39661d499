#!/usr/bin/env node
// A 2026-07-28 server that runs tools as tasks (extension io.modelcontextprotocol/tasks), built with the official
// v2 SDK (@modelcontextprotocol/server). The SDK has no server side of the tasks extension, so this server speaks
// it itself: tools/call answers a CreateTaskResult (resultType "task"), and tasks/get, tasks/update and
// tasks/cancel are custom request handlers. Tools and task lifecycle: tasks.mjs.
//
//   node test/servers/tasks/server.mjs [--transport http|stdio] [--refuse-cancel]
//
// --refuse-cancel: tasks/cancel answers JSON-RPC -32603 and the task runs on (a server that cannot stop its work).
// http (default) listens on 127.0.0.1, a free port, and prints http://127.0.0.1:PORT/mcp as the first stdout line.
// A client that does not declare the extension gets a JSON-RPC error from every task tool (never a task).
/* global Headers, Request, AbortController */
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { McpServer, ProtocolError, ProtocolErrorCode, createMcpHandler } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';
import { parseFlags } from '../catalog.mjs';
import {
  cancelTask,
  refuseToCancel,
  clientDeclaresTasks,
  createTask,
  getTask,
  taskTools,
  tasksExtension,
  updateTask,
} from './tasks.mjs';

const flags = parseFlags(process.argv.slice(2));
const transport = typeof flags.transport === 'string' ? flags.transport : 'http';
const refuseCancel = flags['refuse-cancel'] === true;

function guarded(run) {
  try {
    return run();
  } catch (error) {
    throw new ProtocolError(
      typeof error.code === 'number' ? error.code : ProtocolErrorCode.InternalError,
      error.message,
    );
  }
}

function factory() {
  const server = new McpServer({ name: 'loupe-tasks-test-server', version: '1.0.0' });
  const low = server.server;
  low.registerCapabilities({ tools: {}, extensions: { [tasksExtension]: {} } });
  low.setRequestHandler('tools/list', () => ({ tools: taskTools }));
  low.setRequestHandler('tools/call', (request, ctx) => {
    const { name, arguments: args = {} } = request.params;
    if (name === 'quick_echo') return { content: [{ type: 'text', text: String(args.text ?? '') }] };
    if (!taskTools.some((tool) => tool.name === name))
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);
    if (!clientDeclaresTasks(ctx))
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `${name} runs only as a task: declare the ${tasksExtension} extension`,
      );
    return createTask(name, args);
  });
  const byId = { params: z.object({ taskId: z.string() }).passthrough() };
  low.setRequestHandler('tasks/get', byId, (params) => guarded(() => getTask(params.taskId)));
  low.setRequestHandler('tasks/cancel', byId, (params) =>
    guarded(() => (refuseCancel ? refuseToCancel(params.taskId) : cancelTask(params.taskId))),
  );
  low.setRequestHandler(
    'tasks/update',
    // The SDK lifts inputResponses out of params into ctx.mcpReq (its multi round-trip seam).
    { params: z.object({ taskId: z.string() }).passthrough() },
    (params, ctx) =>
      guarded(() => updateTask(params.taskId, params.inputResponses ?? ctx.mcpReq.inputResponses)),
  );
  return server;
}

function onError(error) {
  process.stderr.write(`tasks server: ${error instanceof Error ? error.message : String(error)}\n`);
}

async function toWebRequest(request, signal) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const body = chunks.length > 0 && request.method === 'POST' ? Buffer.concat(chunks) : undefined;
  return new Request(`http://${request.headers.host ?? '127.0.0.1'}${request.url ?? '/'}`, {
    method: request.method,
    headers,
    body,
    signal,
  });
}

function serveHttp() {
  const handler = createMcpHandler(factory, { legacy: 'reject', onerror: onError });
  const httpServer = createServer((request, response) => {
    const aborter = new AbortController();
    response.on('close', () => aborter.abort());
    (async () => {
      const answer = await handler.fetch(await toWebRequest(request, aborter.signal));
      const headers = {};
      answer.headers.forEach((value, name) => (headers[name] = value));
      response.writeHead(answer.status, headers);
      if (!answer.body) return void response.end();
      Readable.fromWeb(answer.body)
        .on('error', () => response.destroy())
        .pipe(response);
    })().catch((error) => {
      onError(error);
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    });
  });
  httpServer.listen(0, '127.0.0.1', () => {
    process.stdout.write(`http://127.0.0.1:${httpServer.address().port}/mcp\n`);
  });
  const stop = () => {
    void handler.close().finally(() => process.exit(0));
    httpServer.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (transport === 'http') serveHttp();
else serveStdio(factory, { legacy: 'reject', onerror: onError });
