#!/usr/bin/env node
// A hostile stdio server (raw JSON-RPC lines). initialize and ping are answered normally.
//   --mode invalid-utf8  tools/list is answered with a line whose tool description holds the bytes 0xff 0xfe
//                        (not UTF-8); the exact line is also written to stderr as "wrote base64:<base64>".
//   --mode giant-line    tools/list is answered with a line that never ends: a JSON head, then 'x' up to
//                        --bytes (default 1 GiB) and no newline; it stops when stdin closes.
import { once } from 'node:events';
import { createInterface } from 'node:readline';

const flags = process.argv.slice(2);
const flag = (name, fallback) => {
  const index = flags.indexOf(name);
  return index === -1 ? fallback : flags[index + 1];
};
const mode = flag('--mode', 'invalid-utf8');
const giantBytes = Number(flag('--bytes', String(1 << 30)));
let stdinOpen = true;

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

async function giantLine(id) {
  process.stdout.write(
    `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":[{"name":"giant","description":"`,
  );
  const block = Buffer.alloc(1 << 16, 0x78);
  for (let written = 0; written < giantBytes && stdinOpen; written += block.length) {
    if (!process.stdout.write(block)) await once(process.stdout, 'drain');
  }
}

function badBytesLine(id) {
  const line = Buffer.concat([
    Buffer.from(
      `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":[{"name":"bad_bytes","description":"bad `,
    ),
    Buffer.from([0xff, 0xfe]),
    Buffer.from(' bytes","inputSchema":{"type":"object"}}]}}'),
  ]);
  process.stdout.write(Buffer.concat([line, Buffer.from('\n')]));
  process.stderr.write(`wrote base64:${line.toString('base64')}\n`);
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (text) => {
  let message;
  try {
    message = JSON.parse(text);
  } catch {
    return;
  }
  const { id, method, params } = message;
  if (id === undefined) return;
  if (method === 'initialize') {
    send({
      jsonrpc: '2.0',
      id,
      result: {
        protocolVersion: params?.protocolVersion ?? '2025-11-25',
        capabilities: { tools: {} },
        serverInfo: { name: `hostile-${mode}`, version: '1.0.0' },
      },
    });
  } else if (method === 'ping') send({ jsonrpc: '2.0', id, result: {} });
  else if (method === 'tools/list' && mode === 'giant-line') void giantLine(id);
  else if (method === 'tools/list') badBytesLine(id);
  else send({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } });
});
lines.on('close', () => {
  stdinOpen = false;
  process.exit(0);
});
process.stdout.on('error', () => process.exit(0));
