#!/usr/bin/env node
// A server whose tool count is read from a file at start, so the same command line can list 3,000 tools once and
// 20 the next time (a pin that changed a lot), over stdio.
//
//   node test/servers/shrinking.mjs --count-file F     (F holds a number; absent or unreadable: 3000)
//
// Tools are catalog.mjs's numbered tools (tool_0001…), in one page.
import { existsSync, readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { numberedTools, parseFlags } from './catalog.mjs';

const flags = parseFlags(process.argv.slice(2));
const countFile = typeof flags['count-file'] === 'string' ? flags['count-file'] : undefined;
const read = countFile && existsSync(countFile) ? Number(readFileSync(countFile, 'utf8').trim()) : Number.NaN;
const count = Number.isInteger(read) && read >= 0 ? read : 3000;
const tools = numberedTools(count);

const server = new Server(
  { name: 'loupe-shrinking-server', version: `${count}.0.0` },
  { capabilities: { tools: {} } },
);
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, (request) => ({
  content: [{ type: 'text', text: `called ${request.params.name}` }],
}));
await server.connect(new StdioServerTransport());
