#!/usr/bin/env node
// One whole-process client run, for the processes and startup sections: `node processLister.mjs raw|sdk [--call
// <tool>] <server flags…>` spawns the bench server, opens the session (initialize), lists every page of tools and
// exits; stdout: the tool count. With --call it then calls that tool with {"query":"bench"} and prints the result's
// text instead, as `loupe call` does (which lists first too, for the outputSchema).
// The same work `loupe list` / `loupe call` do from spawn to exit, without Loupe: the raw floor (spawn, write lines,
// split lines, JSON.parse, follow cursors) or the bare SDK 1.x Client. Each loads only its own code: the raw floor
// never loads the SDK (a static import did, and cost the floor ~25 MiB and a third of its time).
import { benchServer } from './engine.mjs';

const [kind, ...rest] = process.argv.slice(2);
const callIndex = rest.indexOf('--call');
const tool = callIndex >= 0 ? rest[callIndex + 1] : undefined;
const flags = callIndex >= 0 ? [...rest.slice(0, callIndex), ...rest.slice(callIndex + 2)] : rest;
const server = benchServer(flags);
const callArguments = { query: 'bench' };
let count = 0;
let text;
if (kind === 'raw') {
  const { RawClient } = await import('./rawClient.mjs');
  const client = new RawClient(server.command, server.args);
  await client.initialize();
  let cursor;
  do {
    const result = await client.request('tools/list', cursor === undefined ? {} : { cursor });
    count += result.tools.length;
    cursor = result.nextCursor;
  } while (cursor !== undefined);
  if (tool !== undefined) {
    const result = await client.request('tools/call', { name: tool, arguments: callArguments });
    text = result.content.map((block) => block.text).join('\n');
  }
  await client.close();
} else if (kind === 'sdk') {
  const [{ Client }, { StdioClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
  ]);
  const client = new Client({ name: 'bench-sdk', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: server.command, args: server.args, stderr: 'ignore' }));
  let cursor;
  do {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor });
    count += result.tools.length;
    cursor = result.nextCursor;
  } while (cursor !== undefined);
  if (tool !== undefined) {
    const result = await client.callTool({ name: tool, arguments: callArguments });
    text = result.content.map((block) => block.text).join('\n');
  }
  await client.close();
} else {
  throw new Error(`unknown lister ${kind}`);
}
process.stdout.write(`${text ?? count}\n`);
