#!/usr/bin/env node
// A transcript of an agent using Loupe: the official MCP SDK client (1.x) starts `loupe mcp` over stdio, as a host's
// config would, and through it lists, calls and snapshots server-everything. Every request and the structuredContent
// of every answer is printed as it happens (long values clipped for reading).
//
//   node examples/agent/transcript.mjs            (after npm run build; writes into a temporary folder)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const everything = join(
  root,
  'node_modules',
  '@modelcontextprotocol',
  'server-everything',
  'dist',
  'index.js',
);
const folder = mkdtempSync(join(tmpdir(), 'loupe-transcript-'));
const config = join(folder, '.mcp.json');
writeFileSync(
  config,
  JSON.stringify({ mcpServers: { everything: { command: 'node', args: [everything, 'stdio'] } } }),
);

const clip = (value) =>
  JSON.stringify(
    value,
    (key, inner) => (typeof inner === 'string' && inner.length > 90 ? `${inner.slice(0, 90)}…` : inner),
    2,
  );
const say = (line) => process.stdout.write(`${line}\n`);

const client = new Client({ name: 'transcript-agent', version: '1.0.0' });
await client.connect(
  new StdioClientTransport({
    command: process.execPath,
    args: [
      join(root, 'bin', 'loupe.js'),
      'mcp',
      '--targets',
      config,
      '--snapshots',
      join(folder, 'snapshots'),
      '--no-live',
    ],
    env: { PATH: process.env.PATH ?? '', HOME: folder },
    cwd: folder,
    stderr: 'ignore',
  }),
);
const server = client.getServerVersion();
say(`# connected to ${server?.name} ${server?.version} over stdio`);
const tools = (await client.listTools()).tools;
say(`# tools/list: ${tools.length} tools: ${tools.map((tool) => tool.name).join(', ')}`);

async function call(name, args) {
  say(`\n→ tools/call ${name} ${JSON.stringify(args)}`);
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${result.content[0]?.text}`);
  say(`← ${clip(result.structuredContent)}`);
  return result.structuredContent;
}

await call('list_targets', {});
const { session } = await call('open_session', { server: 'everything' });
const listed = await call('list', { session, kind: 'tools', limit: 3 });
say(`\n→ resources/read ${listed.listing}`);
const page = JSON.parse((await client.readResource({ uri: listed.listing })).contents[0].text);
say(
  `← page ${page.page} of ${page.pages}: ${page.count} tools as sent, the first: ${clip(page.items[0]).slice(0, 300)}…`,
);
await call('call_tool', { session, tool: 'get-sum', arguments: { a: 19, b: 23 } });
const snapshot = await call('snapshot', { session });
say(`\n→ resources/read ${snapshot.uri}`);
const file = JSON.parse((await client.readResource({ uri: snapshot.uri })).contents[0].text);
say(
  `← ${file.format}: connected ${file.connected}, ${file.toolCount} tools, ${file.frames.length} frames, integrity ${file.integrity?.digest?.slice(0, 19)}…`,
);
await call('close_session', { session });
await client.close();
