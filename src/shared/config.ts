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

/**
 * A VS Code input (`${input:id}`) that a server uses: VS Code asks the user for it when the server starts. Loupe
 * takes the value given (CLI flag or prompt, the Import dialog), else the input's default, else leaves it empty.
 */
export interface ConfigInputUse {
  id: string;
  description?: string;
  /** `password: true` in the file: asked for with hidden echo, and never shown. */
  password: boolean;
  default?: string;
  /** Where the server uses it: `env.NAME`, `headers.NAME`, `args[2]`, `url`, `command`, `cwd`. */
  places: string[];
  /** What the target was resolved with: the value given, the input's default, or nothing (left empty). */
  filled: 'given' | 'default' | 'empty';
  /** False when the file's `inputs` has no entry with this id (it is still asked for, as text). */
  declared: boolean;
}

/** An environment variable whose value a server's entry puts into its target (`${env:NAME}`, `${NAME}`). */
export interface ConfigVariableUse {
  name: string;
  /** Where: `headers.NAME`, `env.NAME`, `args[2]`, `url`, `command`, `cwd`. */
  places: string[];
}

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
  /** The VS Code inputs the entry uses, in the order met; absent when it uses none. */
  inputs?: ConfigInputUse[];
  /** The dotenv file (`envFile`, VS Code stdio servers) whose variables were merged under `env`. */
  envFile?: string;
  /**
   * The environment variables the entry reads, by name (never their values), in the order met: opening the
   * server sends or hands them on (a header to its URL, an env value to its command). Absent when it reads none.
   */
  variables?: ConfigVariableUse[];
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

/**
 * What to read: a file on disk, or a file's text (a file picked in the browser; `path` names it in messages).
 * `inputs`: values for VS Code `${input:id}` references, by id (secrets: they are not kept by the reader).
 */
export type ConfigSource = {
  path: string;
  text?: string;
  client?: ConfigClient;
  inputs?: Readonly<Record<string, string>>;
};

/** Whether every input of a server has a value to connect with (a given one or a default). */
export function inputsMissing(server: ConfigServer): ConfigInputUse[] {
  return (server.inputs ?? []).filter((input) => input.filled === 'empty');
}

/** "Tap this server": the change that routes a stdio server of a config file through `loupe tap`, not yet written. */
export interface ConfigTapProposal {
  path: string;
  server: string;
  /** The entry before and after, as lines of "- " (removed), "+ " (added) and "  " (kept). */
  diff: string[];
  /** False when the file cannot be rewritten without losing something (its comments): `reason` says what to do. */
  writable: boolean;
  reason?: string;
}

export interface ConfigTapWritten {
  path: string;
  /** The previous file, copied beside it before the write. */
  backup: string;
}
