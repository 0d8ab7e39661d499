#!/usr/bin/env node
// A hostile MCP server over stdio (raw JSON-RPC, one message a line): its tools are named after
// Object.prototype members, and on request one more tool carries an inputSchema nested N levels deep
// (written as text: no JSON.stringify could produce it).
//
//   node test/servers/prototypeNames.mjs [--deep N]
//
// Tools: constructor, __proto__, toString, hasOwnProperty, valueOf, each with one string property
// `<name>_text`; with --deep N also deep_schema. tools/call answers one text block:
// `called <name> with <arguments as JSON>`.
import { createInterface } from 'node:readline';

const deepIndex = process.argv.indexOf('--deep');
const depth = deepIndex === -1 ? 0 : Number(process.argv[deepIndex + 1]);
const prototypeNames = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

const tools = prototypeNames.map((name) => ({
  name,
  description: `A tool named ${name}.`,
  inputSchema: { type: 'object', properties: { [`${name}_text`]: { type: 'string' } } },
}));

function toolsText() {
  const plain = tools.map((tool) => JSON.stringify(tool));
  if (depth > 0) {
    const deepSchema = `${'{"type":"object","properties":{"a":'.repeat(depth)}{"type":"string"}${'}}'.repeat(depth)}`;
    plain.push(
      `{"name":"deep_schema","description":"Its inputSchema nests ${depth} levels deep.","inputSchema":${deepSchema}}`,
    );
  }
  return `[${plain.join(',')}]`;
}

function send(text) {
  process.stdout.write(`${text}\n`);
}

function reply(id, result) {
  send(
    `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${typeof result === 'string' ? result : JSON.stringify(result)}}`,
  );
}

createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.id === undefined) return;
  switch (message.method) {
    case 'initialize':
      reply(message.id, {
        protocolVersion: message.params?.protocolVersion ?? '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'prototype-names', version: '1.0.0' },
      });
      break;
    case 'ping':
      reply(message.id, {});
      break;
    case 'tools/list':
      reply(message.id, `{"tools":${toolsText()}}`);
      break;
    case 'tools/call': {
      const name = String(message.params?.name);
      const args = JSON.stringify(message.params?.arguments ?? {});
      reply(message.id, { content: [{ type: 'text', text: `called ${name} with ${args}` }] });
      break;
    }
    default:
      send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: message.id,
          error: { code: -32601, message: `Method not found: ${message.method}` },
        }),
      );
  }
});
