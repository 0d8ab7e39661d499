#!/usr/bin/env node
// An MCP server whose tool calls fail the ways real ones do, for the connection doctor's call advice. Raw JSON-RPC,
// one message a line over stdio, 2025-era (initialize).
//
//   node test/servers/callFaults.mjs [--page-size K] [--repeat-page] [--no-call]
//
// Tools, listed in this order:
//   echo          { text: string } → the text
//   strict        { count: integer, required } → answers JSON-RPC -32602 unless count is an integer
//   crash         writes "call faults: crashing in crash" on stderr and exits with code 5 (no answer)
//   hang          never answers
//   bad_schema    its inputSchema is { "type": "string" } (not an object schema); a call answers -32602
//   vanished      listed, but a call gets the SDK's answer for a tool it does not have: isError, "Tool vanished not found"
//   reshuffle     removes strict from the tools and adds newcomer, WITHOUT notifications/tools/list_changed
//   newcomer      (after reshuffle) → "new"
// A call to a tool the server does not have (strict after reshuffle, or any other name) answers -32602
// "Unknown tool: <name>". Declares tools.listChanged: true.
//
//   --page-size K    tools per tools/list page (default 100: one page)
//   --repeat-page    page 2's cursor leads to page 2 again once (under another cursor): its tools come twice
//   --no-call        tools/call answers -32601 (the server does not handle it), while tools/list works
import { createInterface } from 'node:readline';

const flags = process.argv.slice(2);
const sizeAt = flags.indexOf('--page-size');
const pageSize = sizeAt >= 0 ? Number(flags[sizeAt + 1]) : 100;
const repeatPage = flags.includes('--repeat-page');
const noCall = flags.includes('--no-call');
const supportedVersions = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

const text = (value) => ({ type: 'string', description: value });
let tools = [
  {
    name: 'echo',
    description: 'Echoes its text.',
    inputSchema: { type: 'object', properties: { text: text('what to echo') } },
  },
  {
    name: 'strict',
    description: 'Wants an integer count.',
    inputSchema: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
  },
  { name: 'crash', description: 'Ends the server process mid-call.', inputSchema: { type: 'object' } },
  { name: 'hang', description: 'Never answers.', inputSchema: { type: 'object' } },
  {
    name: 'bad_schema',
    description: 'Declares a string as its input schema.',
    inputSchema: { type: 'string' },
  },
  {
    name: 'vanished',
    description: 'Listed, but the server no longer has it.',
    inputSchema: { type: 'object' },
  },
  { name: 'reshuffle', description: 'Changes the tools without telling.', inputSchema: { type: 'object' } },
];

function write(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

class RpcError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** Cursors: "p<offset>"; with --repeat-page, page 2's cursor is "again<offset>" the first time, leading to page 2. */
let repeated = false;
function listTools(params) {
  const cursor = params?.cursor;
  let offset = 0;
  if (typeof cursor === 'string') {
    const match = /^(?:p|again)(\d+)$/.exec(cursor);
    if (!match) throw new RpcError(-32602, `Invalid cursor: ${cursor}`);
    offset = Number(match[1]);
  }
  const items = tools.slice(offset, offset + pageSize);
  const next = offset + pageSize;
  if (next >= tools.length) return { tools: items };
  if (repeatPage && offset === pageSize && !repeated) {
    repeated = true;
    return { tools: items, nextCursor: `again${offset}` };
  }
  return { tools: items, nextCursor: `p${next}` };
}

function callTool(params) {
  if (noCall) throw new RpcError(-32601, 'Method not found: tools/call');
  const name = params?.name;
  const args = params?.arguments ?? {};
  if (!tools.some((tool) => tool.name === name)) throw new RpcError(-32602, `Unknown tool: ${String(name)}`);
  switch (name) {
    case 'echo':
      return { content: [{ type: 'text', text: String(args.text ?? '') }] };
    case 'strict':
      if (!Number.isInteger(args.count))
        throw new RpcError(-32602, 'Invalid params: count must be an integer');
      return { content: [{ type: 'text', text: `count ${args.count}` }] };
    case 'crash':
      process.stderr.write('call faults: crashing in crash\n');
      process.exit(5);
      return undefined;
    case 'hang':
      return undefined;
    case 'bad_schema':
      throw new RpcError(-32602, 'Invalid params: expected an object of arguments');
    case 'vanished':
      return {
        content: [{ type: 'text', text: 'MCP error -32602: Tool vanished not found' }],
        isError: true,
      };
    case 'reshuffle':
      tools = [
        ...tools.filter((tool) => tool.name !== 'strict'),
        { name: 'newcomer', description: 'Added silently.', inputSchema: { type: 'object' } },
      ];
      return { content: [{ type: 'text', text: 'reshuffled' }] };
    case 'newcomer':
      return { content: [{ type: 'text', text: 'new' }] };
    default:
      throw new RpcError(-32602, `Unknown tool: ${String(name)}`);
  }
}

function answer(method, params) {
  switch (method) {
    case 'initialize':
      return {
        protocolVersion: supportedVersions.includes(params?.protocolVersion)
          ? params.protocolVersion
          : supportedVersions[0],
        capabilities: { tools: { listChanged: true } },
        serverInfo: { name: 'loupe-call-faults', version: '1.0.0' },
      };
    case 'ping':
      return {};
    case 'tools/list':
      return listTools(params);
    case 'tools/call':
      return callTool(params);
    default:
      throw new RpcError(-32601, `Method not found: ${method}`);
  }
}

function handle(line) {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (
    typeof message !== 'object' ||
    message === null ||
    typeof message.method !== 'string' ||
    message.id === undefined
  )
    return;
  try {
    const result = answer(message.method, message.params);
    if (result !== undefined) write({ jsonrpc: '2.0', id: message.id, result });
  } catch (error) {
    write({ jsonrpc: '2.0', id: message.id, error: { code: error.code ?? -32603, message: error.message } });
  }
}

process.stderr.write('call faults: started\n');
const lines = createInterface({ input: process.stdin });
lines.on('line', handle);
lines.on('close', () => process.exit(0));
