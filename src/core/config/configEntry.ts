/** One server entry of a client config (an `mcpServers` or VS Code `servers` value) as a Loupe target. */
import { isAbsolute, resolve as resolvePath } from 'node:path';
import { configClientLabels, type ConfigClient, type ConfigServer } from '../../shared/config.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { HeaderEntry, Target } from '../../shared/target.js';
import { resolveReferences, WarningList, type VariableContext } from './variables.js';

const httpTypes: Readonly<Record<string, 'http' | 'sse'>> = {
  http: 'http',
  'streamable-http': 'http',
  streamableHttp: 'http',
  sse: 'sse',
};

class EntryProblem extends Error {}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

function optionalString(entry: JsonObject, field: string): string | undefined {
  const value = entry[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw new EntryProblem(`"${field}" must be a string, not ${describeValue(value)}`);
  return value;
}

/** A string map (env, headers); values that are not strings are skipped with a warning. */
function stringMap(entry: JsonObject, field: string, warnings: WarningList): Array<[string, string]> {
  const value = entry[field];
  if (value === undefined) return [];
  if (!isJsonObject(value))
    throw new EntryProblem(`"${field}" must be an object of names to strings, not ${describeValue(value)}`);
  const pairs: Array<[string, string]> = [];
  for (const [name, item] of Object.entries(value)) {
    if (typeof item === 'string') pairs.push([name, item]);
    else warnings.add(`${field}.${name} is ${describeValue(item)}, not a string: skipped`);
  }
  return pairs;
}

function transportOf(entry: JsonObject): 'stdio' | 'http' | 'sse' | 'auto' {
  const type = entry.type;
  if (type !== undefined) {
    if (type === 'stdio') return 'stdio';
    if (typeof type === 'string' && httpTypes[type]) return httpTypes[type];
    throw new EntryProblem(`unknown "type" ${describeValue(type)} (stdio, http or sse)`);
  }
  const hasCommand = entry.command !== undefined;
  const hasUrl = entry.url !== undefined || entry.serverUrl !== undefined;
  if (hasCommand && hasUrl) throw new EntryProblem('has both "command" and "url" and no "type" to choose');
  if (hasCommand) return 'stdio';
  if (hasUrl) return 'auto';
  throw new EntryProblem('has neither "command" (a stdio server) nor "url" (an HTTP server)');
}

function buildTarget(
  entry: JsonObject,
  client: ConfigClient,
  context: VariableContext,
  warnings: WarningList,
): Target {
  const resolve = (text: string, where: string): string =>
    resolveReferences(text, client, context, where, warnings);
  const transport = transportOf(entry);
  if (transport === 'stdio') {
    const command = optionalString(entry, 'command');
    if (!command?.trim()) throw new EntryProblem('is a stdio server without a "command"');
    const rawArgs = entry.args ?? [];
    if (!Array.isArray(rawArgs) || rawArgs.some((item) => typeof item !== 'string')) {
      throw new EntryProblem('"args" must be an array of strings');
    }
    const target: Target = {
      transport: 'stdio',
      command: resolve(command, 'command'),
      args: rawArgs
        .filter((item): item is string => typeof item === 'string')
        .map((item, index) => resolve(item, `args[${index}]`)),
    };
    const cwd = optionalString(entry, 'cwd');
    if (cwd !== undefined) target.cwd = resolve(cwd, 'cwd');
    const env = stringMap(entry, 'env', warnings);
    if (env.length > 0)
      target.env = Object.fromEntries(env.map(([name, value]) => [name, resolve(value, `env.${name}`)]));
    return target;
  }
  if (entry.envFile !== undefined)
    warnings.add('envFile is read for stdio servers only (as VS Code does): ignored');
  const url = optionalString(entry, 'url') ?? optionalString(entry, 'serverUrl');
  if (!url?.trim())
    throw new EntryProblem(`is an ${transport === 'auto' ? 'HTTP' : transport} server without a "url"`);
  const resolvedUrl = resolve(url, 'url');
  try {
    new URL(resolvedUrl);
  } catch {
    throw new EntryProblem(`"url" ${JSON.stringify(resolvedUrl)} is not a URL`);
  }
  const headers: HeaderEntry[] = stringMap(entry, 'headers', warnings).map(([name, value]) => ({
    name,
    value: resolve(value, `headers.${name}`),
  }));
  return headers.length > 0 ? { transport, url: resolvedUrl, headers } : { transport, url: resolvedUrl };
}

/**
 * The envFile of a stdio entry (VS Code, Cursor, or a file of no known client), references resolved; a relative path is taken from the workspace folder, else
 * from the config file's folder (VS Code leaves it to its own working folder, which a user cannot see).
 */
function envFileOf(
  entry: JsonObject,
  client: ConfigClient,
  context: VariableContext,
  warnings: WarningList,
): string | undefined {
  const envFile = optionalString(entry, 'envFile');
  if (envFile === undefined || envFile.trim() === '') return undefined;
  if (client === 'claude-desktop' || client === 'claude-code') {
    warnings.add(`envFile is not read by ${configClientLabels[client]}: ignored`);
    return undefined;
  }
  const path = resolveReferences(envFile, client, context, 'envFile', warnings);
  if (isAbsolute(path) || context.baseFolder === undefined) return path;
  return resolvePath(context.baseFolder, path);
}

export function configServer(
  name: string,
  entry: unknown,
  client: ConfigClient,
  context: VariableContext,
): ConfigServer {
  const warnings = new WarningList();
  if (!isJsonObject(entry)) {
    return {
      name,
      error: `the entry is ${describeValue(entry)}, not an object`,
      warnings: [],
      enabled: false,
    };
  }
  const enabled = entry.disabled !== true;
  try {
    const target = buildTarget(entry, client, context, warnings);
    const envFile = target.transport === 'stdio' ? envFileOf(entry, client, context, warnings) : undefined;
    return {
      name,
      target,
      warnings: warnings.items,
      enabled,
      ...(warnings.inputs.size > 0 ? { inputs: [...warnings.inputs.values()] } : {}),
      ...(envFile !== undefined ? { envFile } : {}),
      ...(warnings.variables.size > 0 ? { variables: [...warnings.variables.values()] } : {}),
    };
  } catch (error) {
    if (!(error instanceof EntryProblem)) throw error;
    return {
      name,
      error: `the entry ${error.message}`,
      warnings: warnings.items,
      enabled,
      ...(warnings.inputs.size > 0 ? { inputs: [...warnings.inputs.values()] } : {}),
    };
  }
}
