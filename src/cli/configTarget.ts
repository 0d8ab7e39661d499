/**
 * `--config <file> --server <name>`: the named server of a client config file becomes the invocation's target
 * before the command runs, so every command takes it like any other target. Its VS Code inputs are gathered
 * first (configInputs.ts: --config-input, LOUPE_INPUT_<ID>, asked on a terminal, or the default) and the file is
 * resolved again with them. Its warnings (a missing variable, …) go to stderr, one line each.
 */
import { resolve } from 'node:path';
import { readConfig } from '../core/config/readConfig.js';
import { LoupeError } from '../shared/errors.js';
import type { ConfigFile } from '../shared/config.js';
import type { Invocation } from './arguments.js';
import { gatherInputs } from './configInputs.js';
import { terminalLineReader, type LineReader } from './linePrompt.js';
import { printable, type Terminal } from './terminal.js';

/** Reads the file; a file that cannot be read or parsed is thrown as its error (io-error, config-invalid). */
export async function readConfigFile(
  path: string,
  inputs?: Readonly<Record<string, string>>,
): Promise<ConfigFile> {
  const file = await readConfig({ path: resolve(path), ...(inputs ? { inputs } : {}) });
  if (file.error) throw new LoupeError(file.error);
  return file;
}

export async function applyConfigTarget(
  invocation: Invocation,
  terminal: Terminal,
  ask: LineReader | undefined = terminalLineReader(),
): Promise<void> {
  const config = invocation.config;
  if (config?.server === undefined) return;
  let file = await readConfigFile(config.path);
  let server = file.servers.find((item) => item.name === config.server);
  if (server && (server.inputs !== undefined || config.inputs !== undefined)) {
    const sources = { given: config.inputs ?? {}, environment: process.env, ask };
    const values = await gatherInputs(server, sources, terminal);
    file = await readConfigFile(config.path, values);
    server = file.servers.find((item) => item.name === config.server);
  }
  if (!server) {
    const names = file.servers.map((item) => item.name).join(', ') || 'none';
    throw new LoupeError({
      kind: 'usage',
      message: `${file.path} has no server "${config.server}" (it has: ${names}).`,
    });
  }
  if (!server.target) {
    throw new LoupeError({
      kind: 'config-invalid',
      message: `${file.path}: server "${server.name}": ${server.error ?? 'unusable'}`,
    });
  }
  for (const warning of server.warnings)
    terminal.err(`loupe: ${printable(server.name)}: ${printable(warning)}`);
  if (!server.enabled)
    terminal.err(`loupe: ${printable(server.name)} is disabled in ${file.path}; connecting anyway`);
  invocation.target = server.target;
}
