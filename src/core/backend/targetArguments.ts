/**
 * Target flags shared by the shells (`npm start -- …`, `node out/node/host/main.js …`, the Electron main):
 *   --demo                      the embedded demo server (also the default when nothing is given)
 *   --url <url>                 Streamable HTTP, falling back to SSE (--transport http|sse|auto to choose)
 *   --header "Name: value"      an HTTP header (repeatable)
 *   --env NAME=value            an environment variable for a stdio server (repeatable)
 *   --cwd <dir>                 the stdio server's working directory
 *   -- <command> [args…]        a stdio server
 * Flags this parser does not know are returned in `rest` for the caller (e.g. --port).
 */
import { LoupeError } from '../../shared/errors.js';
import type { HeaderEntry, Target } from '../../shared/target.js';

export interface ParsedTargetArguments {
  /** undefined when no target flag was given (the caller picks its default). */
  target: Target | undefined;
  rest: string[];
}

function usage(message: string): LoupeError {
  return new LoupeError({ kind: 'usage', message });
}

export function parseTargetArguments(argv: readonly string[]): ParsedTargetArguments {
  let url: string | undefined;
  let transport: 'http' | 'sse' | 'auto' = 'auto';
  let demo = false;
  let cwd: string | undefined;
  const headers: HeaderEntry[] = [];
  const env: Record<string, string> = {};
  let command: string[] | undefined;
  const rest: string[] = [];

  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    const [flag, inline] = argument.startsWith('--') && argument.includes('=') ? [argument.slice(0, argument.indexOf('=')), argument.slice(argument.indexOf('=') + 1)] : [argument, undefined];
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = argv[index + 1];
      if (next === undefined) throw usage(`${flag} needs a value.`);
      index++;
      return next;
    };
    switch (flag) {
      case '--':
        command = argv.slice(index + 1);
        index = argv.length;
        break;
      case '--demo':
        demo = true;
        break;
      case '--url':
        url = value();
        break;
      case '--transport': {
        const chosen = value();
        if (chosen !== 'http' && chosen !== 'sse' && chosen !== 'auto') throw usage(`--transport is http, sse or auto, not "${chosen}".`);
        transport = chosen;
        break;
      }
      case '--header': {
        const text = value();
        const colon = text.indexOf(':');
        if (colon <= 0) throw usage(`--header wants "Name: value", got "${text}".`);
        headers.push({ name: text.slice(0, colon).trim(), value: text.slice(colon + 1).trim() });
        break;
      }
      case '--env': {
        const text = value();
        const equals = text.indexOf('=');
        if (equals <= 0) throw usage(`--env wants NAME=value, got "${text}".`);
        env[text.slice(0, equals)] = text.slice(equals + 1);
        break;
      }
      case '--cwd':
        cwd = value();
        break;
      default:
        rest.push(argument);
    }
  }

  const chosen = [demo, url !== undefined, command !== undefined].filter(Boolean).length;
  if (chosen > 1) throw usage('Give one target: --demo, --url <url>, or -- <command> [args…].');
  if (command !== undefined) {
    if (command.length === 0) throw usage('After -- give the server command to run.');
    const target: Target = { transport: 'stdio', command: command[0], args: command.slice(1) };
    if (cwd !== undefined) target.cwd = cwd;
    if (Object.keys(env).length > 0) target.env = env;
    return { target, rest };
  }
  if (url !== undefined) {
    try {
      new URL(url);
    } catch {
      throw new LoupeError({ kind: 'invalid-target', message: `"${url}" is not a URL.` });
    }
    return { target: headers.length > 0 ? { transport, url, headers } : { transport, url }, rest };
  }
  return { target: demo ? { transport: 'demo' } : undefined, rest };
}
