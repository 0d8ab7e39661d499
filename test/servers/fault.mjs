#!/usr/bin/env node
// A misbehaving MCP server: raw JSON-RPC, one message a line over stdio, so it can break the rules the SDK
// would not let it break. Every fault is a flag; with no flags it is a well-behaved paginating server.
//
//   node test/servers/fault.mjs [flags]
//
//   --tools N              numbered tools tool_0001… (default 10)
//   --page-size K          items per page of every list (default 5)
//   --no-control           leave out the control tools trigger_list_changed and echo (listed first otherwise)
//   --violations           list the spec-violating tools of catalog.mjs violatingTools() instead of numbered ones
//   --hostile              list the hostile-text tools of catalog.mjs hostileTools() instead of numbered ones
//   --resources N / --templates N / --prompts N   sizes of the other lists (default 0: capability not declared)
//   --cursor-loop          page 3 (or the last page, if sooner) returns the cursor page 1 returned
//   --endless              every tools/list page returns a fresh cursor, forever
//   --empty-cursor         page 1 returns nextCursor "" (an empty string); the cursor "" serves the rest
//   --garbage              writes lines that are not JSON-RPC on stdout: at start and before each list response
//   --stdout-line TEXT     writes TEXT (\e and \u202e are written as ESC and RIGHT-TO-LEFT OVERRIDE) as one line on
//                          stdout at start, before anything else
//   --delay MS             delays every response except initialize and ping
//   --initialize-delay MS  delays the initialize response
//   --crash-after-page N   after N tools/list pages, the next tools/list writes a stderr line and exits
//   --exit-code C          exit code of that crash (default 3)
//   --error-on-page N      answers tools/list page N with JSON-RPC error -32603
//   --tools-not-array      answers tools/list with "tools": "not an array"
//   --no-tools             declares no tools capability; tools/list answers -32601
//   --no-list-changed      declares tools.listChanged false (notifications are still sent when triggered)
//   --list-changed-every MS   changes the tool list and notifies on a timer
//   --burst N              notifications sent per change (default 1; trigger_list_changed's burst overrides)
//   --protocol-version V   answers initialize with this version whatever was asked
//
// The list mutation (catalog.mjs mutateTools): generation g adds added_g, removes the first numbered tool still
// listed and changes the description of the last numbered tool.
import { createInterface } from 'node:readline';
import {
  CursorBook,
  InvalidCursorError,
  echoTool,
  hostileTools,
  mutateTools,
  numberFlag,
  numberedPrompts,
  numberedResources,
  numberedTemplates,
  numberedTool,
  numberedTools,
  page,
  parseFlags,
  triggerTool,
  violatingTools,
} from './catalog.mjs';

const flags = parseFlags(process.argv.slice(2));
const pageSize = numberFlag(flags, 'page-size', 5);
const delayMs = numberFlag(flags, 'delay', 0);
const initializeDelayMs = numberFlag(flags, 'initialize-delay', 0);
const crashAfterPage = numberFlag(flags, 'crash-after-page', 0);
const exitCode = numberFlag(flags, 'exit-code', 3);
const errorOnPage = numberFlag(flags, 'error-on-page', 0);
const defaultBurst = numberFlag(flags, 'burst', 1);
const supportedVersions = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

let tools = flags.violations ? violatingTools() : flags.hostile ? hostileTools() : numberedTools(numberFlag(flags, 'tools', 10));
if (!flags['no-control']) tools = [triggerTool, echoTool, ...tools];
const lists = {
  'resources/list': { key: 'resources', items: numberedResources(numberFlag(flags, 'resources', 0)) },
  'resources/templates/list': { key: 'resourceTemplates', items: numberedTemplates(numberFlag(flags, 'templates', 0)) },
  'prompts/list': { key: 'prompts', items: numberedPrompts(numberFlag(flags, 'prompts', 0)) },
};
const book = new CursorBook();
let toolPagesServed = 0;
let generation = 0;

function write(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function garbage(where) {
  if (!flags.garbage) return;
  process.stdout.write(`this line is not JSON (${where})\n`);
  process.stdout.write(`{"jsonrpc":"2.0","neither":"a request nor a response"}\n`);
}

function capabilities() {
  const result = { logging: {} };
  if (!flags['no-tools']) result.tools = { listChanged: !flags['no-list-changed'] };
  if (lists['resources/list'].items.length > 0 || lists['resources/templates/list'].items.length > 0) {
    result.resources = { listChanged: true };
  }
  if (lists['prompts/list'].items.length > 0) result.prompts = { listChanged: true };
  return result;
}

function changeTools(burst) {
  generation += 1;
  tools = mutateTools(tools, generation);
  for (let count = 0; count < burst; count += 1) write({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
}

function listTools(params) {
  toolPagesServed += 1;
  const pageNumber = toolPagesServed;
  if (crashAfterPage > 0 && pageNumber > crashAfterPage) {
    process.stderr.write(`fault server: crashing while serving page ${pageNumber} of tools/list\n`);
    process.exit(exitCode);
  }
  if (errorOnPage > 0 && pageNumber === errorOnPage) {
    throw Object.assign(new Error(`Internal error on page ${pageNumber}`), { code: -32603 });
  }
  if (flags['tools-not-array']) return { tools: 'not an array' };
  const cursor = params?.cursor;
  if (flags.endless) {
    const offset = cursor === undefined ? 0 : book.offsetOf(cursor);
    if (offset === undefined) throw new InvalidCursorError(cursor);
    const items = Array.from({ length: pageSize }, (_, index) => numberedTool(offset + index + 1));
    return { tools: items, nextCursor: book.freshToken(offset + pageSize) };
  }
  if (flags['empty-cursor']) {
    if (cursor === undefined) return { tools: tools.slice(0, pageSize), nextCursor: '' };
    if (cursor === '') return { tools: tools.slice(pageSize) };
  }
  const result = page(tools, cursor, pageSize, book);
  if (flags['cursor-loop'] && tools.length > pageSize) {
    const offset = cursor === undefined ? 0 : book.offsetOf(cursor);
    if (offset >= 2 * pageSize || result.nextCursor === undefined) result.nextCursor = book.tokenFor(pageSize);
  }
  return result.nextCursor === undefined ? { tools: result.items } : { tools: result.items, nextCursor: result.nextCursor };
}

function listOther(method, params) {
  const list = lists[method];
  if (list.items.length === 0) throw Object.assign(new Error('Method not found'), { code: -32601 });
  const result = page(list.items, params?.cursor, pageSize, book);
  const answer = { [list.key]: result.items };
  if (result.nextCursor !== undefined) answer.nextCursor = result.nextCursor;
  return answer;
}

function callTool(params) {
  const name = params?.name;
  const args = params?.arguments ?? {};
  if (name === 'trigger_list_changed') {
    changeTools(typeof args.burst === 'number' ? args.burst : defaultBurst);
    return { content: [{ type: 'text', text: `generation ${generation}` }] };
  }
  if (name === 'echo') return { content: [{ type: 'text', text: String(args.text ?? '') }] };
  return { content: [{ type: 'text', text: `Unknown tool: ${String(name)}` }], isError: true };
}

function answer(method, params) {
  switch (method) {
    case 'initialize': {
      const asked = params?.protocolVersion;
      const protocolVersion =
        typeof flags['protocol-version'] === 'string'
          ? flags['protocol-version']
          : supportedVersions.includes(asked)
            ? asked
            : supportedVersions[0];
      return {
        protocolVersion,
        capabilities: capabilities(),
        serverInfo: { name: 'loupe-fault-server', version: '1.0.0' },
        instructions: 'A test server that misbehaves on purpose.',
      };
    }
    case 'ping':
      return {};
    case 'tools/list':
      if (flags['no-tools']) throw Object.assign(new Error('Method not found'), { code: -32601 });
      garbage('before tools/list');
      return listTools(params);
    case 'tools/call':
      return callTool(params);
    case 'resources/list':
    case 'resources/templates/list':
    case 'prompts/list':
      garbage(`before ${method}`);
      return listOther(method, params);
    default:
      throw Object.assign(new Error('Method not found'), { code: -32601 });
  }
}

function respond(message) {
  const { id, method, params } = message;
  try {
    write({ jsonrpc: '2.0', id, result: answer(method, params) });
  } catch (error) {
    const code = typeof error.code === 'number' ? error.code : -32603;
    write({ jsonrpc: '2.0', id, error: { code, message: error.message } });
  }
}

function handle(line) {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    process.stderr.write(`fault server: ignoring a line that is not JSON\n`);
    return;
  }
  if (typeof message !== 'object' || message === null || typeof message.method !== 'string') return;
  if (message.id === undefined) return; // notifications: initialized, cancelled…
  const wait = message.method === 'initialize' ? initializeDelayMs : message.method === 'ping' ? 0 : delayMs;
  if (wait > 0) setTimeout(() => respond(message), wait);
  else respond(message);
}

process.stderr.write(`fault server: started with ${process.argv.slice(2).join(' ') || 'no flags'}\n`);
if (typeof flags['stdout-line'] === 'string') {
  process.stdout.write(`${flags['stdout-line'].replaceAll('\\e', '\u001b').replaceAll('\\u202e', '\u202e')}\n`);
}
garbage('at start');
const listChangedEvery = numberFlag(flags, 'list-changed-every', 0);
if (listChangedEvery > 0) setInterval(() => changeTools(defaultBurst), listChangedEvery);
const lines = createInterface({ input: process.stdin });
lines.on('line', handle);
lines.on('close', () => process.exit(0));
