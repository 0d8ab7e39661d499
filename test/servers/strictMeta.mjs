#!/usr/bin/env node
// A 2025-era stdio server (raw JSON-RPC lines) that validates params._meta strictly, as some servers built on a
// strict schema do: any _meta key but progressToken gets JSON-RPC -32602 "Invalid params: Unrecognized key(s) in
// object: '<keys>' at params._meta" — initialize included. Otherwise it answers initialize, ping and tools/list
// (one tool, echo) and tools/call echo { text } → the text.
//
//   node test/servers/strictMeta.mjs
import { createInterface } from 'node:readline';

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const tools = [
  {
    name: 'echo',
    description: 'Echoes its text.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  },
];

createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.id === undefined || typeof message.method !== 'string') return;
  const meta = message.params?._meta;
  const unknown =
    meta && typeof meta === 'object' ? Object.keys(meta).filter((key) => key !== 'progressToken') : [];
  if (unknown.length > 0) {
    send({
      jsonrpc: '2.0',
      id: message.id,
      error: {
        code: -32602,
        message: `Invalid params: Unrecognized key(s) in object: ${unknown.map((key) => `'${key}'`).join(', ')} at params._meta`,
      },
    });
    return;
  }
  const answer = (result) => send({ jsonrpc: '2.0', id: message.id, result });
  if (message.method === 'initialize')
    answer({
      protocolVersion: '2025-11-25',
      capabilities: { tools: {} },
      serverInfo: { name: 'strict-meta', version: '1.0.0' },
    });
  else if (message.method === 'ping') answer({});
  else if (message.method === 'tools/list') answer({ tools });
  else if (message.method === 'tools/call')
    answer({ content: [{ type: 'text', text: String(message.params?.arguments?.text ?? '') }] });
  else send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
});
