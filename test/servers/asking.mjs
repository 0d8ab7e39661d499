#!/usr/bin/env node
// An MCP server whose tools ask the client for input and then change their mind. Raw JSON-RPC, one message a line
// over stdio, 2025-era (initialize); its tools are listed only to a client that declares elicitation.
//
//   node test/servers/asking.mjs
//
// Tools:
//   ask               { } → sends elicitation/create (one required string "answer") and returns what came back, as
//                     JSON text
//   ask_then_cancel   { afterMs?: number (default 2000) } → sends elicitation/create, then after afterMs sends
//                     notifications/cancelled for it (reason "the tool stopped waiting") and answers the call with
//                     "stopped waiting"
// Any answer to a request it cancelled is reported on stderr as "asking: answered after cancelling: <json>".
import { createInterface } from 'node:readline';

const supportedVersions = ['2025-11-25', '2025-06-18', '2025-03-26'];
const schema = {
  type: 'object',
  properties: { answer: { type: 'string', title: 'Answer', description: 'Anything' } },
  required: ['answer'],
};
const tools = [
  { name: 'ask', description: 'Asks for an answer and returns it.', inputSchema: { type: 'object' } },
  {
    name: 'ask_then_cancel',
    description: 'Asks, then cancels its own question.',
    inputSchema: { type: 'object', properties: { afterMs: { type: 'integer' } } },
  },
];

let elicits = false;
let next = 1;
/** Our requests to the client: id → what to do with the answer. */
const asked = new Map();
const cancelled = new Set();

function write(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function elicit(onAnswer) {
  const id = `ask-${next++}`;
  asked.set(id, onAnswer);
  write({
    jsonrpc: '2.0',
    id,
    method: 'elicitation/create',
    params: { message: 'What is your answer?', requestedSchema: schema },
  });
  return id;
}

function callTool(id, params) {
  const name = params?.name;
  if (name === 'ask') {
    elicit((reply) =>
      write({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: JSON.stringify(reply) }] } }),
    );
    return;
  }
  if (name === 'ask_then_cancel') {
    const afterMs = Number.isInteger(params?.arguments?.afterMs) ? params.arguments.afterMs : 2000;
    const question = elicit(() => undefined);
    setTimeout(() => {
      cancelled.add(question);
      write({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: question, reason: 'the tool stopped waiting' },
      });
      write({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'stopped waiting' }] } });
    }, afterMs);
    return;
  }
  write({ jsonrpc: '2.0', id, error: { code: -32602, message: `Unknown tool: ${String(name)}` } });
}

function handle(message) {
  if (message.method === undefined && message.id !== undefined) {
    // An answer to one of our requests.
    if (cancelled.has(message.id))
      process.stderr.write(`asking: answered after cancelling: ${JSON.stringify(message)}\n`);
    const onAnswer = asked.get(message.id);
    asked.delete(message.id);
    onAnswer?.(message.result ?? message.error);
    return;
  }
  if (message.id === undefined) return; // notifications
  switch (message.method) {
    case 'initialize':
      elicits = message.params?.capabilities?.elicitation !== undefined;
      return write({
        jsonrpc: '2.0',
        id: message.id,
        result: {
          protocolVersion: supportedVersions.includes(message.params?.protocolVersion)
            ? message.params.protocolVersion
            : supportedVersions[0],
          capabilities: { tools: {} },
          serverInfo: { name: 'loupe-asking', version: '1.0.0' },
        },
      });
    case 'ping':
      return write({ jsonrpc: '2.0', id: message.id, result: {} });
    case 'tools/list':
      return write({ jsonrpc: '2.0', id: message.id, result: { tools: elicits ? tools : [] } });
    case 'tools/call':
      return callTool(message.id, message.params);
    default:
      return write({
        jsonrpc: '2.0',
        id: message.id,
        error: { code: -32601, message: `Method not found: ${message.method}` },
      });
  }
}

createInterface({ input: process.stdin }).on('line', (line) => {
  try {
    const message = JSON.parse(line);
    if (typeof message === 'object' && message !== null) handle(message);
  } catch {
    // not JSON: ignored
  }
});
