/** `loupe list --config <file>` without --server: the servers in the file, how each connects, and its warnings. */
import { configClientLabels, type ConfigFile, type ConfigServer } from '../../shared/config.js';
import { describeTarget } from '../../shared/target.js';
import { readConfigFile } from '../configTarget.js';
import { plural, printable, printableCell, terminalJson, type Terminal } from '../terminal.js';

function transportOf(server: ConfigServer): string {
  return server.target?.transport ?? '-';
}

function whereOf(server: ConfigServer): string {
  return server.target ? describeTarget(server.target) : `unusable: ${server.error ?? ''}`;
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
    for (const warning of server.warnings)
      lines.push(`${' '.repeat(nameWidth)}  warning: ${printable(warning)}`);
  }
  return lines;
}

export async function configListCommand(path: string, json: boolean, terminal: Terminal): Promise<number> {
  const file = await readConfigFile(path);
  if (json) terminal.out(terminalJson(file, 2));
  else for (const line of configTable(file)) terminal.out(line);
  return 0;
}
