/**
 * The terminal text of `loupe help`: the overview (every command in one line), one command's help, or one option
 * group's (`loupe help targets`). Rendered from the help data, as docs/cli.md's reference is (helpReference.ts).
 */
import { commandHelps } from './commandHelp.js';
import type { CommandHelp, OptionGroup, OptionHelp } from './helpTypes.js';
import { optionGroups } from './optionGroups.js';
import { wrap } from './wrapText.js';

const width = 100;
/** Flags longer than this put their text on the next line. */
const flagColumn = 32;

const withDefault = (option: OptionHelp): string =>
  option.default === undefined ? option.text : `${option.text} (default: ${option.default})`;

/** Options as two columns: the flag, then its text wrapped beside it. */
function optionLines(options: readonly OptionHelp[]): string[] {
  const column = Math.min(flagColumn, Math.max(...options.map((option) => option.flag.length)) + 2);
  const lines: string[] = [];
  for (const option of options) {
    const text = withDefault(option);
    if (option.flag.length + 2 > column) {
      lines.push(`  ${option.flag}`);
      lines.push(`  ${' '.repeat(column)}${wrap(text, width, column + 2)}`);
    } else {
      lines.push(`  ${option.flag.padEnd(column)}${wrap(text, width, column + 2)}`);
    }
  }
  return lines;
}

/** A shared group in a command's help: its flags (with defaults) in a few lines, and the topic with the details. */
function groupSummary(group: OptionGroup): string[] {
  const flags = group.options
    .map((option) =>
      // A short default beside its flag; a long one is in the group's own help.
      option.default === undefined || option.default.length > 16
        ? option.flag
        : `${option.flag} (${option.default})`,
    )
    .join(', ');
  return [`${group.title} — loupe help ${group.topic}`, `  ${wrap(flags, width, 2)}`];
}

export function overviewText(): string {
  const column = Math.max(...commandHelps.map((help) => help.name.length)) + 2;
  return [
    'loupe — inspect an MCP server: every page, every field, exactly as sent.',
    '',
    'Usage: loupe <command> [options] <target>',
    '',
    'Commands',
    ...commandHelps.map((help) => `  ${help.name.padEnd(column)}${wrap(help.summary, width, column + 2)}`),
    '',
    'Targets: --demo | --url <url> | --config <file> --server <name> | -- <command> [args…]',
    '',
    'loupe help <command> for more: its usage, options, examples and the guide to read',
    '(loupe <command> --help is the same). Option groups: loupe help targets, connection, input, sign-in.',
    'Exit codes: 0 ok, 1 failure (one line on stderr names the cause), 2 usage error; some commands say more.',
    "Guides: the repository's docs/ folder (README.md has the map); every command and option: docs/cli.md.",
  ].join('\n');
}

export function commandText(help: CommandHelp): string {
  const lines = [
    `loupe ${help.name} — ${help.summary}`,
    '',
    'Usage',
    ...help.usage.map((line) => `  ${line}`),
  ];
  for (const paragraph of help.about) lines.push('', `  ${wrap(paragraph, width, 2)}`);
  if (help.options.length > 0) lines.push('', 'Options', ...optionLines(help.options));
  for (const name of help.groups) lines.push('', ...groupSummary(optionGroups[name]));
  if (help.exit) lines.push('', `Exit codes: ${wrap(help.exit, width, 2, 12)}`);
  lines.push('', 'Examples', ...help.examples.map((example) => `  ${example}`));
  lines.push('', `Guide: ${help.guides.join(', ')}`);
  return lines.join('\n');
}

export function groupText(group: OptionGroup): string {
  const users = commandHelps.filter((help) => help.groups.includes(group.name)).map((help) => help.name);
  return [
    `${group.title} — loupe help ${group.topic}`,
    '',
    `  ${wrap(group.intro, width, 2)}`,
    '',
    'Options',
    ...optionLines(group.options),
    '',
    `Taken by: ${wrap(users.join(', '), width, 2, 10)}`,
    '',
    `Guide: ${group.guide}`,
  ].join('\n');
}
