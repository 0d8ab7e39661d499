/**
 * Small stdio MCP servers written inline (`node -e`): a handshake that works, and per-test behaviour for
 * everything after it, given as the body of `function handle(message, send, raw)`.
 */
import type { StdioTarget } from '../../../src/shared/target.js';

const prelude = `
const send = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
const raw = (text) => process.stdout.write(text);
let buffer = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  let index;
  while ((index = buffer.indexOf('\\n')) !== -1) {
    const line = buffer.slice(0, index);
    buffer = buffer.slice(index + 1);
    const message = JSON.parse(line);
    if (message.method === 'initialize') {
      send({ jsonrpc: '2.0', id: message.id, result: {
        protocolVersion: VERSION ?? message.params.protocolVersion,
        capabilities: { tools: { listChanged: true } },
        serverInfo: { name: 'scripted', version: '1.0.0', 'x-vendor': 'kept' },
        instructions: INSTRUCTIONS,
      } });
      continue;
    }
    if (message.method === 'server/discover') {
      // A 2025-era server: the modern probe is an unknown method.
      send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
      continue;
    }
    handle(message, send, raw);
  }
});
`;

export interface ScriptOptions {
  /** Protocol version the server answers with (default: the one requested). */
  version?: string;
  /** An expression evaluated in the child for the instructions field. */
  instructions?: string;
  /** Statements run at start-up. */
  startup?: string;
  env?: Record<string, string>;
}

export function scripted(handleBody: string, options: ScriptOptions = {}): StdioTarget {
  const source = [
    `const VERSION = ${JSON.stringify(options.version ?? null)};`,
    `const INSTRUCTIONS = ${options.instructions ?? 'undefined'};`,
    `function handle(message, send, raw) {\n${handleBody}\n}`,
    prelude,
    options.startup ?? '',
  ].join('\n');
  const target: StdioTarget = { transport: 'stdio', command: process.execPath, args: ['-e', source] };
  if (options.env) target.env = options.env;
  return target;
}
