/**
 * `loupe mcp` arguments. In stdio mode its stdout is the host's protocol stream, so mcp parses its own flags (like
 * tap) and says everything else on stderr, prefixed "loupe mcp:".
 *
 *   loupe mcp [--http [--port N]] [policy flags]             serve (stdio by default)
 *   loupe mcp --config <client config> [--name loupe] [policy flags] --print | --write [--yes]
 *   loupe mcp --write-skill <dir>
 *
 * Policy flags (the person's, written into the host's config entry): --allow-calls, --ask host,loupe|host|loupe|none,
 * --server-requests none|decline|cancel|defaults|<answers.json>, --rate <calls>/<time>, --max-sessions N,
 * --targets <client config> (repeatable), --settings <file>, --snapshots <dir>, --no-live.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LoupeError } from '../shared/errors.js';
import { isJsonObject } from '../shared/json.js';
import { defaultPolicy, type AgentPolicy } from '../core/agent/agentPolicy.js';
import type { AskRoute } from '../core/agent/consent.js';
import { parseRate } from '../core/agent/rateLimit.js';

export interface McpInvocation {
  policy: AgentPolicy;
  /** The policy flags as given (copied into a config entry by --config). */
  policyFlags: string[];
  http?: { port: number };
  live: boolean;
  config?: { path: string; name: string; mode: 'print' | 'write'; yes: boolean };
  writeSkill?: string;
}

export const mcpUsage =
  'loupe mcp [--http [--port N]] [--allow-calls] [--ask host,loupe|none] [--server-requests none|decline|cancel|defaults|<file>] [--rate N/60s] [--targets <config>]…  |  loupe mcp --config <file> --print|--write  |  loupe mcp --write-skill <dir>';

function usage(message: string): LoupeError {
  return new LoupeError({ kind: 'usage', message: `${message} (${mcpUsage})` });
}

export function parseMcpArguments(
  argv: readonly string[],
  environment: NodeJS.ProcessEnv = process.env,
): McpInvocation {
  const policy = defaultPolicy(environment);
  const policyFlags: string[] = [];
  const invocation: McpInvocation = { policy, policyFlags, live: true };
  let configPath: string | undefined;
  let name = 'loupe';
  let mode: 'print' | 'write' | undefined;
  let yes = false;
  let http = false;
  let port = 0;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? '';
    const equals = argument.startsWith('--') ? argument.indexOf('=') : -1;
    const flag = equals > 0 ? argument.slice(0, equals) : argument;
    const value = (): string => {
      if (equals > 0) return argument.slice(equals + 1);
      const next = argv[index + 1];
      if (next === undefined) throw usage(`${flag} needs a value.`);
      index += 1;
      return next;
    };
    const keep = (...words: string[]) => policyFlags.push(...words);
    switch (flag) {
      case '--http':
        http = true;
        break;
      case '--port': {
        const text = value();
        if (!/^\d+$/.test(text) || Number(text) > 65_535)
          throw usage(`--port wants a port number 0–65535, got "${text}".`);
        port = Number(text);
        break;
      }
      case '--allow-calls':
        policy.calls = 'allow';
        keep(flag);
        break;
      case '--ask': {
        const text = value();
        const routes = text === 'none' ? [] : text.split(',').map((route) => route.trim());
        if (!routes.every((route): route is AskRoute => route === 'host' || route === 'loupe'))
          throw usage(`--ask names host, loupe (in the order to try) or none; got "${text}".`);
        policy.routes = routes;
        keep(flag, text);
        break;
      }
      case '--server-requests': {
        const text = value();
        if (text === 'none' || text === 'decline' || text === 'cancel' || text === 'defaults')
          policy.serverRequests = { mode: text };
        else {
          const path = resolve(text);
          let answers: unknown;
          try {
            answers = JSON.parse(readFileSync(path, 'utf8'));
          } catch (error) {
            throw usage(
              `--server-requests ${text}: ${error instanceof Error ? error.message : String(error)}`,
            );
          }
          if (!isJsonObject(answers)) throw usage(`--server-requests ${text} must hold a JSON object.`);
          policy.serverRequests = { mode: 'file', path, answers };
          keep(flag, path);
          break;
        }
        keep(flag, text);
        break;
      }
      case '--rate': {
        const text = value();
        const rate = parseRate(text);
        if (!rate) throw usage(`--rate is calls per time, e.g. 60/60s, 10/s, 100/min; got "${text}".`);
        policy.rate = rate;
        keep(flag, text);
        break;
      }
      case '--max-sessions': {
        const text = value();
        if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 256)
          throw usage(`--max-sessions wants 1–256, got "${text}".`);
        policy.maxSessions = Number(text);
        keep(flag, text);
        break;
      }
      case '--targets': {
        const path = resolve(value());
        policy.configPaths.push(path);
        keep(flag, path);
        break;
      }
      case '--settings': {
        const path = resolve(value());
        policy.settingsPath = path;
        keep(flag, path);
        break;
      }
      case '--snapshots': {
        const path = resolve(value());
        policy.snapshotsDir = path;
        keep(flag, path);
        break;
      }
      case '--no-live':
        invocation.live = false;
        keep(flag);
        break;
      case '--config':
        configPath = value();
        break;
      case '--name':
        name = value();
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
      case '--write-skill':
        invocation.writeSkill = value();
        break;
      default:
        throw usage(`unknown argument "${argument}".`);
    }
  }
  if (http) invocation.http = { port };
  if (configPath !== undefined) {
    if (!mode) throw usage('--config needs --print (show the entry) or --write (add it).');
    if (http) throw usage('--config adds the stdio entry a host starts; --http is not for a config entry.');
    invocation.config = { path: configPath, name, mode, yes };
  } else if (mode) throw usage(`--${mode} goes with --config <client config>.`);
  return invocation;
}
