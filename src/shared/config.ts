/**
 * Servers found in the config files MCP clients keep (Claude Desktop, Claude Code, Cursor, VS Code), as
 * Loupe targets. A server whose entry could not be used keeps its name and says why; a file that could not be
 * read or parsed keeps its path and says why. Nothing here is thrown across the contract.
 */
import type { LoupeErrorData } from './errors.js';
import type { Target } from './target.js';

/** Whose rules a file follows: where `${…}` references are resolved and which top-level key holds servers. */
export const configClients = ['claude-desktop', 'claude-code', 'cursor', 'vscode', 'generic'] as const;
export type ConfigClient = (typeof configClients)[number];

export const configClientLabels: Readonly<Record<ConfigClient, string>> = {
  'claude-desktop': 'Claude Desktop',
  'claude-code': 'Claude Code',
  cursor: 'Cursor',
  vscode: 'VS Code',
  generic: 'mcpServers file',
};

export interface ConfigServer {
  name: string;
  /** The Loupe target, references resolved; absent when the entry cannot be used (see `error`). */
  target?: Target;
  /** Why the entry cannot be used (no command or url, unknown type, …). */
  error?: string;
  /** Things to know, one sentence each: a missing variable by name, an input Loupe cannot ask for, … */
  warnings: string[];
  /** False when the client would not start it (`"disabled": true`). */
  enabled: boolean;
}

export interface ConfigFile {
  path: string;
  client: ConfigClient;
  /** False when nothing is at the path (a known location that this machine does not use). */
  exists: boolean;
  servers: ConfigServer[];
  /** Why the file could not be read or understood: kind 'config-invalid' or 'io-error', naming the file. */
  error?: LoupeErrorData;
}

/** One place a client keeps its config, on this machine. */
export interface ConfigLocation {
  path: string;
  client: ConfigClient;
  scope: 'user' | 'project';
}

/** Where a saved server came from. */
export interface ConfigReference {
  path: string;
  server: string;
}

/** What to read: a file on disk, or a file's text (a file picked in the browser; `path` names it in messages). */
export type ConfigSource = { path: string; text?: string; client?: ConfigClient };
