#!/usr/bin/env node
// A hostile MCP server for the CLI's hardening tests: raw JSON-RPC, one message a line over stdio, speaking
// 2025-11-25 `initialize`. One mode per run, chosen by the first argument or HOSTILE_MODE (so `--env` works too):
//
//   node test/servers/hostile.mjs <mode> [--size N] [--count N] [--depth N]
//
//   escapes       tools whose name, title and description carry terminal escapes (hostileText below);
//                 tools/call answers text with the same escapes
//   error         tools/list answers a JSON-RPC error whose message carries the escapes
//   stderr-exit   tools/list writes the escapes as one stderr line, then the server exits with code 3
//   huge          one tool whose description is --size MB (default 100) of text, streamed, never held whole
//   many          --count tools (default 200000) on one page, no nextCursor
//   deep          one tool `deep_tool` whose inputSchema nests --depth (default 100000) objects through
//                 properties.child, plus a well-formed tool `plain_tool`
//
// Nothing here is built with JSON.stringify of a deep or huge value: the server writes those frames as text.
import { createInterface } from 'node:readline';
import { hostileText } from './hostileText.mjs';

const argv = process.argv.slice(2);
const mode = (argv[0] && !argv[0].startsWith('--') ? argv[0] : undefined) ?? process.env.HOSTILE_MODE ?? 'escapes';
function numberFlag(name, fallback) {
  const index = argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(argv[index + 1]) : Number(process.env[`HOSTILE_${name.toUpperCase()}`] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const out = process.stdout;

/** Writes text, waiting when the pipe is full, so a 100 MB frame never sits whole in memory. */
function send(text) {
  return out.write(text) ? Promise.resolve() : new Promise((resolve) => out.once('drain', resolve));
}

function reply(id, result) {
  return send(`${JSON.stringify({ jsonrpc: '2.0', id, result })}\n`);
}

const plainSchema = { type: 'object', properties: { text: { type: 'string' } } };

async function hugeTools(id) {
  const megabytes = numberFlag('size', 100);
  await send(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":[{"name":"huge_tool","inputSchema":{"type":"object"},"description":"`);
  const chunk = 'Describes itself at great length. '.repeat(30840).slice(0, 1024 * 1024);
  for (let index = 0; index < megabytes; index += 1) await send(chunk);
  await send('"}]}}\n');
}

async function manyTools(id) {
  const count = numberFlag('count', 200_000);
  await send(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":[`);
  const batch = [];
  for (let index = 1; index <= count; index += 1) {
    batch.push(`{"name":"tool_${String(index).padStart(6, '0')}","description":"Tool ${index}.","inputSchema":{"type":"object"}}`);
    if (batch.length === 5000 || index === count) {
      await send(`${index > batch.length ? ',' : ''}${batch.join(',')}`);
      batch.length = 0;
    }
  }
  await send(']}}\n');
}

async function deepTools(id) {
  const depth = numberFlag('depth', 100_000);
  const open = '{"type":"object","properties":{"child":';
  const schema = `${open.repeat(depth)}{"type":"string"}${'}}'.repeat(depth)}`;
  const plain = JSON.stringify({
    name: 'plain_tool',
    description: 'An ordinary tool.',
    inputSchema: plainSchema,
  });
  await send(
    `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":[{"name":"deep_tool","description":"Nests ${depth} levels.","inputSchema":${schema}},${plain}]}}\n`,
  );
}

function escapeTools() {
  return {
    tools: [
      {
        name: 'evil_tool',
        title: `Title ${hostileText}`,
        description: `Line one ${hostileText}\nline two`,
        inputSchema: plainSchema,
      },
      { name: `named\x1b]0;pwned\x07\u202e`, description: hostileText, inputSchema: plainSchema },
    ],
  };
}

async function handle(message) {
  const { id, method } = message;
  if (id === undefined || id === null) return; // notifications
  switch (method) {
    case 'initialize':
      return reply(id, {
        protocolVersion: '2025-11-25',
        capabilities: { tools: {} },
        serverInfo: { name: mode === 'escapes' ? `hostile\x1b]0;pwned\x07` : 'hostile', version: '1.0.0' },
      });
    case 'ping':
      return reply(id, {});
    case 'tools/list':
      if (mode === 'error') return send(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32603, message: `Refused: ${hostileText}` } })}\n`);
      if (mode === 'stderr-exit') {
        process.stderr.write(`hostile server: dying ${hostileText}\n`, () => process.exit(3));
        return undefined;
      }
      if (mode === 'huge') return hugeTools(id);
      if (mode === 'many') return manyTools(id);
      if (mode === 'deep') return deepTools(id);
      return reply(id, escapeTools());
    case 'tools/call':
      return reply(id, { content: [{ type: 'text', text: `Result ${hostileText}` }], isError: false });
    default:
      return send(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } })}\n`);
  }
}

// One message at a time, in order: a streamed frame must end before the next one starts.
let queue = Promise.resolve();
createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  queue = queue.then(() => handle(message));
});
process.stdin.on('end', () => queue.then(() => process.exit(0)));
