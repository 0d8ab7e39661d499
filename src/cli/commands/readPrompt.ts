/**
 * `loupe read <uri>` (resources/read) and `loupe prompt <name> [--args '{"k":"v"}']` (prompts/get): one request
 * each, the result printed — the text of each content or message on stdout (a blob or other block named on
 * stderr), or the whole result with --json. Over 2026-07-28 HTTP the request carries Mcp-Name (the URI or the
 * prompt's name) like a tools/call does.
 */
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { Invocation } from '../arguments.js';
import { withSession } from '../sessionScope.js';
import { printable, type Terminal } from '../terminal.js';
import { printJson } from './listLines.js';

function promptArguments(given: JsonObject): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(given)) {
    if (typeof value !== 'string')
      throw new LoupeError({
        kind: 'usage',
        message: `prompt arguments are strings (prompts/get): "${key}" is ${value === null ? 'null' : typeof value}.`,
      });
    out[key] = value;
  }
  return out;
}

function printText(block: JsonObject, terminal: Terminal, label: string): void {
  if (typeof block.text === 'string') terminal.out(block.text);
  else if (typeof block.blob === 'string')
    terminal.err(
      `loupe: ${label}: a blob (${typeof block.mimeType === 'string' ? block.mimeType : 'no mimeType'}, ${block.blob.length} base64 characters); --json prints it`,
    );
  else
    terminal.err(
      `loupe: ${label}: a ${typeof block.type === 'string' ? block.type : 'non-text'} block; --json prints it`,
    );
}

export async function readCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  const uri = invocation.tool ?? '';
  const { options } = invocation;
  return withSession(invocation, terminal, async (session) => {
    const { result } = await session.request(
      'resources/read',
      { uri },
      options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs },
    );
    if (options.json) {
      await printJson(terminal, result);
      return 0;
    }
    const contents = Array.isArray(result.contents) ? result.contents.filter(isJsonObject) : [];
    if (contents.length === 0) terminal.err(`loupe: ${printable(uri)}: resources/read returned no contents`);
    for (const content of contents)
      printText(content, terminal, printable(typeof content.uri === 'string' ? content.uri : uri));
    return 0;
  });
}

export async function promptCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  const name = invocation.tool ?? '';
  const { options } = invocation;
  const args = promptArguments(options.toolArguments);
  return withSession(invocation, terminal, async (session) => {
    const { result } = await session.request(
      'prompts/get',
      { name, ...(Object.keys(args).length > 0 ? { arguments: args } : {}) },
      options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs },
    );
    if (options.json) {
      await printJson(terminal, result);
      return 0;
    }
    const messages = Array.isArray(result.messages) ? result.messages.filter(isJsonObject) : [];
    for (const [index, message] of messages.entries()) {
      const role = typeof message.role === 'string' ? message.role : '?';
      terminal.err(`[${index + 1}] ${printable(role)}`);
      if (isJsonObject(message.content)) printText(message.content, terminal, `message ${index + 1}`);
    }
    return 0;
  });
}
