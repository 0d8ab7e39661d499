/**
 * `loupe list --config <file>` without --server: the servers in the file, how each connects, the VS Code inputs
 * each uses (and whether it has a default), its envFile, the environment variables it reads, and its warnings. Nothing is started or connected to; the
 * JSON holds no header or env value read from the environment (configOpening.ts).
 */
import {
  configClientLabels,
  type ConfigFile,
  type ConfigInputUse,
  type ConfigServer,
} from '../../shared/config.js';
import { describeTarget } from '../../shared/target.js';
import { shownConfigTarget } from '../../shared/configOpening.js';
import { readConfigFile } from '../configTarget.js';
import { plural, printable, printableCell, terminalJson, type Terminal } from '../terminal.js';

function transportOf(server: ConfigServer): string {
  return server.target?.transport ?? '-';
}

function whereOf(server: ConfigServer): string {
  return server.target ? describeTarget(server.target) : `unusable: ${server.error ?? ''}`;
}

/** "input pages (Page size): default 10, in args[4]"; a password's default is not shown. */
function inputLine(input: ConfigInputUse): string {
  const name = input.description ? `${input.id} (${input.description})` : input.id;
  const value =
    input.default === undefined
      ? 'no default: give --config-input'
      : input.password
        ? 'hidden default'
        : `default ${input.default}`;
  const kind = input.password ? 'password ' : '';
  const declared = input.declared ? '' : ' (not declared in "inputs": asked as text)';
  return `${kind}input ${name}${declared}: ${value}, in ${input.places.join(', ')}`;
}

export function configTable(file: ConfigFile): string[] {
  const nameWidth = Math.min(40, Math.max(4, ...file.servers.map((server) => server.name.length)));
  const row = (name: string, transport: string, where: string): string =>
    `${printableCell(name, nameWidth).padEnd(nameWidth)}  ${transport.padEnd(9)}  ${printable(where)}`.trimEnd();
  const lines = [
    `${file.path} (${configClientLabels[file.client]}): ${plural(file.servers.length, 'server')}`,
  ];
  if (file.servers.length === 0) return lines;
  lines.push(row('NAME', 'TRANSPORT', 'COMMAND / URL'));
  for (const server of file.servers) {
    lines.push(
      row(server.name, transportOf(server), `${whereOf(server)}${server.enabled ? '' : ' (disabled)'}`),
    );
    const indent = ' '.repeat(nameWidth);
    for (const input of server.inputs ?? []) lines.push(`${indent}  ${printable(inputLine(input))}`);
    if (server.envFile !== undefined) lines.push(`${indent}  env file: ${printable(server.envFile)}`);
    for (const use of server.variables ?? [])
      lines.push(`${indent}  reads ${printable(use.name)} from the environment, in ${use.places.join(', ')}`);
    for (const warning of server.warnings) lines.push(`${indent}  warning: ${printable(warning)}`);
  }
  return lines;
}

/** The file as printed: no value read from the environment, nor a secret-looking one, in a header or env. */
function shownFile(file: ConfigFile): ConfigFile {
  return {
    ...file,
    servers: file.servers.map((server) =>
      server.target ? { ...server, target: shownConfigTarget(server.target, server.variables) } : server,
    ),
  };
}

export async function configListCommand(path: string, json: boolean, terminal: Terminal): Promise<number> {
  const file = await readConfigFile(path);
  if (json) terminal.out(terminalJson(shownFile(file), 2));
  else for (const line of configTable(file)) terminal.out(line);
  return 0;
}
