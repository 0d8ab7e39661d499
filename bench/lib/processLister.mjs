#!/usr/bin/env node
// One whole-process listing, for the processes section: `node processLister.mjs raw|sdk <server flags…>` spawns
// the bench server, opens the session (initialize), lists every page of tools and exits. stdout: the tool count.
// The same work `loupe list` does from spawn to exit, without Loupe: the raw floor (spawn, write lines, split
// lines, JSON.parse, follow cursors) or the bare SDK 1.x Client.listTools loop.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { benchServer } from './engine.mjs';
import { RawClient } from './rawClient.mjs';

const [kind, ...flags] = process.argv.slice(2);
const server = benchServer(flags);
let count = 0;
if (kind === 'raw') {
  const client = new RawClient(server.command, server.args);
  await client.initialize();
  let cursor;
  do {
    const result = await client.request('tools/list', cursor === undefined ? {} : { cursor });
    count += result.tools.length;
    cursor = result.nextCursor;
  } while (cursor !== undefined);
  await client.close();
} else if (kind === 'sdk') {
  const client = new Client({ name: 'bench-sdk', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: server.command, args: server.args, stderr: 'ignore' }));
  let cursor;
  do {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor });
    count += result.tools.length;
    cursor = result.nextCursor;
  } while (cursor !== undefined);
  await client.close();
} else {
  throw new Error(`unknown lister ${kind}`);
}
process.stdout.write(`${count}\n`);
