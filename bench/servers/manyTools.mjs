#!/usr/bin/env node
// A fast MCP server for the benchmarks: raw JSON-RPC over stdio lines, no SDK, every response precomputed,
// so the server is never the bottleneck. Flags:
//   --tools N          how many tools to list (default 10000)
//   --page-size M      tools per tools/list page (default 50); cursors are opaque (salted base64url)
//   --flood N          after notifications/initialized, send N notifications (frames for the traffic view)
//   --flood-method M   the notification method of the flood (default notifications/message)
//   --era E            legacy (default): a 2025-era server (initialize; server/discover is an unknown method).
//                      modern: a strict 2026-07-28 server (server/discover; every request must carry the _meta
//                      envelope naming 2026-07-28, else -32022; initialize gets -32022 too); results carry
//                      resultType, ttlMs, cacheScope and _meta.serverInfo. Same tools, same pages, same cursors.
// tools/call answers any listed tool at once with a short text result.
/* global queueMicrotask */
import { randomBytes } from 'node:crypto';
import { tool } from './toolShape.mjs';

const args = process.argv.slice(2);
function flag(name, fallback) {
  const index = args.indexOf(name);
  return index >= 0 && index + 1 < args.length ? args[index + 1] : fallback;
}
const toolCount = Number(flag('--tools', '10000'));
const pageSize = Number(flag('--page-size', '50'));
const floodCount = Number(flag('--flood', '0'));
const floodMethod = flag('--flood-method', 'notifications/message');
const era = flag('--era', 'legacy');
if (era !== 'legacy' && era !== 'modern') {
  process.stderr.write(`--era must be legacy or modern, not ${era}\n`);
  process.exit(2);
}
const modern = era === 'modern';
const modernVersion = '2026-07-28';
const serverInfo = { name: 'bench-many-tools', version: '1.0.0' };
// What a modern result adds after its own fields (CacheableResult and the server's identity), as JSON text.
const modernTail = modern
  ? `,"resultType":"complete","ttlMs":60000,"cacheScope":"public","_meta":${JSON.stringify({ 'io.modelcontextprotocol/serverInfo': serverInfo })}`
  : '';

const salt = randomBytes(6).toString('base64url');
const cursorFor = (offset) => Buffer.from(`${salt}.${offset}.${salt.length * 7919 + offset}`).toString('base64url');
const pages = new Map();
const pageTexts = [];
for (let offset = 0; offset < toolCount || offset === 0; offset += pageSize) {
  const tools = [];
  for (let index = offset; index < Math.min(offset + pageSize, toolCount); index += 1) tools.push(tool(index));
  const next = offset + pageSize < toolCount ? `,"nextCursor":${JSON.stringify(cursorFor(offset + pageSize))}` : '';
  pageTexts.push(`{"tools":${JSON.stringify(tools)}${next}${modernTail}}`);
  pages.set(offset === 0 ? '' : cursorFor(offset), pageTexts.length - 1);
  if (toolCount === 0) break;
}
const toolNames = new Set();
for (let index = 0; index < toolCount; index += 1) toolNames.add(tool(index).name);

let outBuffer = '';
let flushScheduled = false;
function send(text) {
  outBuffer += `${text}\n`;
  if (!flushScheduled) {
    flushScheduled = true;
    queueMicrotask(() => {
      flushScheduled = false;
      const chunk = outBuffer;
      outBuffer = '';
      process.stdout.write(chunk);
    });
  }
}
const reply = (id, resultText) => send(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultText}}`);
const fail = (id, code, message) => send(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }));

async function flood() {
  const payload = (n) =>
    `{"jsonrpc":"2.0","method":"${floodMethod}","params":{"level":"info","logger":"bench","data":"tick ${n} of ${floodCount}: a line of server chatter for the traffic view"}}\n`;
  const batch = 500;
  for (let n = 1; n <= floodCount; n += batch) {
    let chunk = '';
    for (let k = n; k < Math.min(n + batch, floodCount + 1); k += 1) chunk += payload(k);
    if (!process.stdout.write(chunk)) await new Promise((resolve) => process.stdout.once('drain', resolve));
  }
}

const unsupported = (id, requested) =>
  send(
    JSON.stringify({
      jsonrpc: '2.0',
      id,
      error: { code: -32022, message: `Unsupported protocol version: ${String(requested)}`, data: { supported: [modernVersion], requested: requested ?? null } },
    }),
  );
const discoverText = JSON.stringify({
  supportedVersions: [modernVersion],
  capabilities: { tools: { listChanged: false }, logging: {} },
  resultType: 'complete',
  ttlMs: 0,
  cacheScope: 'private',
  _meta: { 'io.modelcontextprotocol/serverInfo': serverInfo },
});

/** The modern era: every request names the revision in its _meta envelope; no initialize, no session. */
function handleModern(message) {
  const { id, method, params } = message;
  if (id === undefined) return;
  const requested = params?._meta?.['io.modelcontextprotocol/protocolVersion'];
  if (method === 'initialize') return unsupported(id, params?.protocolVersion);
  if (requested !== modernVersion) return unsupported(id, requested);
  switch (method) {
    case 'server/discover':
      if (floodCount > 0) flood().catch(() => process.exit(1));
      return reply(id, discoverText);
    case 'ping':
      return reply(id, '{"resultType":"complete"}');
    case 'tools/list': {
      const page = pages.get(params.cursor ?? '');
      return page === undefined ? fail(id, -32602, 'Invalid cursor') : reply(id, pageTexts[page]);
    }
    case 'tools/call': {
      const name = params.name;
      if (!toolNames.has(name)) return fail(id, -32602, `Unknown tool: ${String(name)}`);
      return reply(id, `{"content":[{"type":"text","text":${JSON.stringify(`called ${name}`)}}],"isError":false,"resultType":"complete"}`);
    }
    default:
      return fail(id, -32601, `Method not found: ${method}`);
  }
}

function handle(message) {
  if (modern) return handleModern(message);
  const { id, method, params } = message;
  if (id === undefined) {
    if (method === 'notifications/initialized' && floodCount > 0) flood().catch(() => process.exit(1));
    return;
  }
  switch (method) {
    case 'initialize':
      return reply(
        id,
        JSON.stringify({
          protocolVersion: params?.protocolVersion ?? '2025-06-18',
          capabilities: { tools: { listChanged: false }, logging: {} },
          serverInfo,
        }),
      );
    case 'ping':
    case 'logging/setLevel':
      return reply(id, '{}');
    case 'tools/list': {
      const page = pages.get(params?.cursor ?? '');
      return page === undefined ? fail(id, -32602, 'Invalid cursor') : reply(id, pageTexts[page]);
    }
    case 'tools/call': {
      const name = params?.name;
      if (!toolNames.has(name)) return fail(id, -32602, `Unknown tool: ${String(name)}`);
      return reply(id, `{"content":[{"type":"text","text":${JSON.stringify(`called ${name}`)}}],"isError":false}`);
    }
    default:
      return fail(id, -32601, `Method not found: ${method}`);
  }
}

let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  let newline;
  while ((newline = pending.indexOf('\n')) >= 0) {
    const line = pending.slice(0, newline).trim();
    pending = pending.slice(newline + 1);
    if (!line) continue;
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      send('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}');
      continue;
    }
    handle(message);
  }
});
process.stdin.on('end', () => process.exit(0));
