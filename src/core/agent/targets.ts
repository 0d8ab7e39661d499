/**
 * The targets `loupe mcp` opens without asking: those the person configured — Loupe's saved servers and the servers
 * of the person's MCP client configs (the known locations of this machine and of the working folder, and the files
 * named with --targets). A stdio target is a command run on the person's machine, so anything else is opened only
 * on the person's yes (consent.ts).
 */
import type { SavedServer } from '../../shared/contract.js';
import { LoupeError } from '../../shared/errors.js';
import type { ProtocolChoice } from '../../shared/session.js';
import type { Target } from '../../shared/target.js';
import { readConfig, readKnownConfigs } from '../config/readConfig.js';

export interface ConfiguredTarget {
  name: string;
  /** Where the person configured it: Loupe's saved servers, or a client config file (its path). */
  source: 'saved' | 'config';
  path?: string;
  target: Target;
  protocol?: ProtocolChoice;
  timeoutMs?: number;
}

/** Every configured target; a config file that cannot be read adds nothing (its reason in `problems`). */
export async function configuredTargets(
  saved: readonly SavedServer[],
  configPaths: readonly string[],
  project: string,
): Promise<{ targets: ConfiguredTarget[]; problems: string[] }> {
  const targets: ConfiguredTarget[] = saved.map((server) => ({
    name: server.name,
    source: 'saved',
    target: server.target,
    ...(server.protocol ? { protocol: server.protocol } : {}),
    ...(server.timeoutMs ? { timeoutMs: server.timeoutMs } : {}),
  }));
  const problems: string[] = [];
  const files = [
    ...(await readKnownConfigs(project)),
    ...(await Promise.all(configPaths.map((path) => readConfig({ path })))),
  ];
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.path)) continue;
    seen.add(file.path);
    if (!file.exists) {
      if (configPaths.includes(file.path)) problems.push(`${file.path}: there is no such file`);
      continue;
    }
    if (file.error) {
      problems.push(file.error.message);
      continue;
    }
    for (const server of file.servers) {
      if (!server.target || !server.enabled || isLoupeMcp(server.target)) continue;
      targets.push({ name: server.name, source: 'config', path: file.path, target: server.target });
    }
  }
  return { targets, problems };
}

/** An entry that runs `loupe mcp` itself (the agent's own way in): never a target. */
function isLoupeMcp(target: Target): boolean {
  if (target.transport !== 'stdio') return false;
  const words = [target.command, ...target.args];
  const loupe = words.findIndex((word) => /(^|[\\/])loupe(\.js)?$/.test(word));
  return loupe >= 0 && words[loupe + 1] === 'mcp';
}

/** The configured target of that name (in that config file, when given); a name held twice must be told apart. */
export function findConfigured(
  targets: readonly ConfiguredTarget[],
  name: string,
  config?: string,
): ConfiguredTarget {
  const named = targets.filter(
    (entry) => entry.name === name && (config === undefined || entry.path === config),
  );
  const where = (entry: ConfiguredTarget): string =>
    entry.source === 'saved' ? "Loupe's saved servers" : (entry.path ?? 'a client config');
  if (named.length === 1 && named[0]) return named[0];
  if (named.length > 1)
    throw new LoupeError({
      kind: 'usage',
      message: `Server "${name}" is configured ${named.length} times (${named.map(where).join('; ')}): name the config file too.`,
      data: {
        servers: named.map((entry) => ({
          name: entry.name,
          source: entry.source,
          ...(entry.path ? { config: entry.path } : {}),
        })),
      },
    });
  const names = [...new Set(targets.map((entry) => entry.name))].slice(0, 50);
  throw new LoupeError({
    kind: 'unknown-server',
    message: `No configured server is named "${name}"${config ? ` in ${config}` : ''}. ${names.length > 0 ? `The person configured: ${names.join(', ')}.` : 'The person configured none.'} Call list_targets to see them, or give a command or url (the person is then asked).`,
    data: { servers: names },
  });
}

/** The configured target an ad-hoc one is, when it is exactly one of them (same command and arguments, or URL). */
export function sameAsConfigured(
  targets: readonly ConfiguredTarget[],
  target: Target,
): ConfiguredTarget | undefined {
  return targets.find((entry) => {
    const known = entry.target;
    if (known.transport === 'stdio' && target.transport === 'stdio')
      return (
        known.command === target.command &&
        known.args.length === target.args.length &&
        known.args.every((arg, index) => arg === target.args[index]) &&
        (target.cwd === undefined || target.cwd === known.cwd) &&
        target.env === undefined
      );
    if (
      known.transport !== 'stdio' &&
      known.transport !== 'demo' &&
      target.transport !== 'stdio' &&
      target.transport !== 'demo'
    )
      return known.url === target.url && (target.headers === undefined || target.headers.length === 0);
    return false;
  });
}
