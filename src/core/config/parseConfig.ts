/**
 * A client config file's text → the servers in it. The file's client (whose reference rules apply) comes from
 * its name and folder, else from its shape: `servers` is VS Code's, `mcpServers` everyone else's. A file that is
 * not JSON, or holds neither key, is a `config-invalid` error naming the file and the cause.
 */
import { basename, dirname, isAbsolute, sep } from 'node:path';
import { homedir } from 'node:os';
import type { ConfigClient, ConfigFile } from '../../shared/config.js';
import { toErrorData } from '../../shared/errors.js';
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import { configServer } from './configEntry.js';
import { parseJsonText } from './jsonText.js';
import type { ConfigInput, VariableContext } from './variables.js';

function parentName(path: string): string {
  return basename(dirname(path));
}

/** The client whose file this is, from its name alone; undefined when the name does not tell. */
export function clientOfPath(path: string): ConfigClient | undefined {
  const name = basename(path);
  if (name === 'claude_desktop_config.json') return 'claude-desktop';
  if (name === '.mcp.json' || name === '.claude.json') return 'claude-code';
  if (name === 'mcp.json' && parentName(path) === '.cursor') return 'cursor';
  if (name === 'mcp.json' && (parentName(path) === '.vscode' || /[\\/]Code[\\/]User$/.test(dirname(path))))
    return 'vscode';
  return undefined;
}

/** The project folder of a project file (…/.vscode/mcp.json, …/.cursor/mcp.json, …/.mcp.json). */
export function workspaceFolderOf(path: string): string | undefined {
  const parent = parentName(path);
  if (basename(path) === '.mcp.json') return dirname(path);
  if (parent === '.vscode' || parent === '.cursor') return dirname(dirname(path));
  return undefined;
}

function parseInputs(value: unknown): Map<string, ConfigInput> {
  const inputs = new Map<string, ConfigInput>();
  if (!Array.isArray(value)) return inputs;
  for (const item of value) {
    if (!isJsonObject(item) || typeof item.id !== 'string') continue;
    inputs.set(item.id, {
      id: item.id,
      ...(typeof item.description === 'string' ? { description: item.description } : {}),
      ...(typeof item.default === 'string' ? { default: item.default } : {}),
      password: item.password === true,
    });
  }
  return inputs;
}

export interface ParseConfigOptions {
  client?: ConfigClient;
  environment?: Readonly<Record<string, string | undefined>>;
  home?: string;
  /** Values for VS Code `${input:id}` references, by id. */
  inputValues?: Readonly<Record<string, string>>;
}

function invalid(path: string, cause: string): LoupeError {
  return new LoupeError({ kind: 'config-invalid', message: `${path}: ${cause}`, data: { path } });
}

function serversObject(
  path: string,
  document: JsonObject,
  client: ConfigClient,
): { servers: JsonObject; client: ConfigClient } {
  const key = document.servers !== undefined && document.mcpServers === undefined ? 'servers' : 'mcpServers';
  const value = document[key];
  if (value === undefined) {
    throw invalid(
      path,
      'holds neither "mcpServers" (Claude Desktop, Claude Code, Cursor) nor "servers" (VS Code)',
    );
  }
  if (!isJsonObject(value)) throw invalid(path, `"${key}" must be an object of server names to entries`);
  const shapeClient: ConfigClient = key === 'servers' ? 'vscode' : client === 'vscode' ? 'generic' : client;
  return { servers: value, client: shapeClient };
}

/** Throws a LoupeError of kind config-invalid for a file that is not a config. */
export function parseConfigText(path: string, text: string, options: ParseConfigOptions = {}): ConfigFile {
  let document: unknown;
  try {
    document = parseJsonText(text);
  } catch (error) {
    throw invalid(path, `not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isJsonObject(document))
    throw invalid(
      path,
      `the top level must be an object, not ${Array.isArray(document) ? 'an array' : typeof document}`,
    );
  const named = options.client ?? clientOfPath(path) ?? 'generic';
  const { servers, client } = serversObject(path, document, named);
  const workspaceFolder = workspaceFolderOf(path);
  const context: VariableContext = {
    environment: options.environment ?? process.env,
    home: options.home ?? homedir(),
    pathSeparator: sep,
    inputs: parseInputs(document.inputs),
    inputValues: options.inputValues ?? {},
    ...(workspaceFolder !== undefined ? { workspaceFolder } : {}),
  };
  const baseFolder = workspaceFolder ?? (isAbsolute(path) ? dirname(path) : undefined);
  if (baseFolder !== undefined) context.baseFolder = baseFolder;
  return {
    path,
    client,
    exists: true,
    servers: Object.entries(servers).map(([name, entry]) => configServer(name, entry, client, context)),
  };
}

/** Like parseConfigText, but a bad file becomes a ConfigFile with `error` instead of a throw. */
export function configFileOf(path: string, text: string, options: ParseConfigOptions = {}): ConfigFile {
  try {
    return parseConfigText(path, text, options);
  } catch (error) {
    return {
      path,
      client: options.client ?? clientOfPath(path) ?? 'generic',
      exists: true,
      servers: [],
      error: toErrorData(error),
    };
  }
}
