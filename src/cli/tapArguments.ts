/**
 * `loupe tap` arguments. The tap's stdout belongs to the host (it is the protocol stream), so tap parses its own
 * flags and never writes anything but the server's bytes there.
 *
 *   loupe tap [--journal <file>] [--fault <rule>]… [--max-frame-bytes N] -- <server command> [args…]
 *   loupe tap --url <upstream> [--port N] [--journal <file>] [--fault <rule>]… [--max-frame-bytes N]
 *   loupe tap --config <file> --server <name> [--print | --write [--yes]]
 */
import { LoupeError } from '../shared/errors.js';
import type { StdioTarget, UrlTarget } from '../shared/target.js';
import { parseTargetArguments } from '../core/backend/targetArguments.js';
import { parseFaultRules, type FaultRule } from '../core/tap/faultRules.js';

export interface TapInvocation {
  target?: StdioTarget | UrlTarget;
  journalPath?: string;
  faults: FaultRule[];
  /** --url: the loopback port to listen on (0: any free port). */
  port?: number;
  /** The recording limit of one frame: a longer one passes whole and is recorded as a marker (frameCapture.ts). */
  maxFrameBytes?: number;
  config?: { path: string; server: string; mode: 'print' | 'write'; yes: boolean };
}

function usage(message: string): LoupeError {
  return new LoupeError({ kind: 'usage', message });
}

export const tapUsage =
  'loupe tap -- <server command> [args…]  |  loupe tap --url <upstream> [--port N]  |  loupe tap --config <file> --server <name> --print';

const flagsWithValue = new Set([
  '--journal',
  '--fault',
  '--port',
  '--max-frame-bytes',
  '--config',
  '--server',
  '--url',
  '--transport',
  '--header',
  '--env',
  '--cwd',
]);

/**
 * The arguments with `--` before the server command when it was left out (`loupe tap node server.js`; some hosts,
 * the official Inspector among them, drop a `--` they are given): the command starts at the first word that is
 * neither a flag nor a flag's value.
 */
function withSeparator(argv: readonly string[]): readonly string[] {
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? '';
    if (argument === '--') return argv;
    if (!argument.startsWith('-')) return [...argv.slice(0, index), '--', ...argv.slice(index)];
    if (flagsWithValue.has(argument)) index += 1;
  }
  return argv;
}

/**
 * Whether `loupe tap …` asks for its own help: `--help` or `-h` among the tap's flags, before the server's command
 * (after `--`, or from its first word: `loupe tap node server.js --help` is the server's --help, passed on).
 */
export function asksForTapHelp(argv: readonly string[]): boolean {
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? '';
    if (argument === '--' || !argument.startsWith('-')) return false;
    if (argument === '--help' || argument === '-h') return true;
    if (flagsWithValue.has(argument)) index += 1;
  }
  return false;
}

export function parseTapArguments(argv: readonly string[]): TapInvocation {
  let parsed: ReturnType<typeof parseTargetArguments>;
  try {
    parsed = parseTargetArguments(withSeparator(argv));
  } catch (error) {
    if (error instanceof LoupeError && error.kind === 'invalid-target') throw usage(error.message);
    throw error;
  }
  const { target, rest } = parsed;
  const faultTexts: string[] = [];
  const invocation: TapInvocation = { faults: [] };
  let configPath: string | undefined;
  let server: string | undefined;
  let mode: 'print' | 'write' | undefined;
  let yes = false;
  for (let index = 0; index < rest.length; index += 1) {
    const argument = rest[index] ?? '';
    const equals = argument.startsWith('--') ? argument.indexOf('=') : -1;
    const flag = equals > 0 ? argument.slice(0, equals) : argument;
    const value = (): string => {
      if (equals > 0) return argument.slice(equals + 1);
      const next = rest[index + 1];
      if (next === undefined) throw usage(`${flag} needs a value.`);
      index += 1;
      return next;
    };
    switch (flag) {
      case '--journal':
        invocation.journalPath = value();
        break;
      case '--fault':
        faultTexts.push(value());
        break;
      case '--port': {
        const text = value();
        if (!/^\d+$/.test(text) || Number(text) > 65_535)
          throw usage(`--port wants a port number 0–65535, got "${text}".`);
        invocation.port = Number(text);
        break;
      }
      case '--max-frame-bytes': {
        const text = value();
        if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text)))
          throw usage(`--max-frame-bytes wants a whole number of bytes (1 or more), got "${text}".`);
        invocation.maxFrameBytes = Number(text);
        break;
      }
      case '--config':
        configPath = value();
        break;
      case '--server':
        server = value();
        break;
      case '--print':
        mode = 'print';
        break;
      case '--write':
        mode = 'write';
        break;
      case '--yes':
        yes = true;
        break;
      default:
        throw usage(`tap: unexpected argument "${argument}". Usage: ${tapUsage}`);
    }
  }
  invocation.faults = parseFaultRules(faultTexts);
  if (configPath !== undefined) {
    if (target)
      throw usage('tap --config routes a server of a config file: give no -- <command> or --url with it.');
    if (server === undefined)
      throw usage('tap --config needs --server <name> (loupe list --config <file> lists them).');
    invocation.config = { path: configPath, server, mode: mode ?? 'print', yes };
    return invocation;
  }
  if (server !== undefined || mode !== undefined)
    throw usage('--server, --print and --write go with --config <file>.');
  if (!target || target.transport === 'demo') throw usage(`tap needs the server: ${tapUsage}`);
  if (target.transport === 'stdio' && invocation.port !== undefined)
    throw usage('--port is for tap --url (the HTTP proxy); a stdio tap talks over its own stdin and stdout.');
  invocation.target = target;
  return invocation;
}
