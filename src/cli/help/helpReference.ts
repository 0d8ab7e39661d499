/**
 * The per-command sections of docs/cli.md, rendered from the same help data as `loupe help <command>`
 * (scripts/cliReference.mjs writes them into the file; test/cli/helpReference.test.ts fails when they differ).
 */
import { commandHelps } from './commandHelp.js';
import type { CommandHelp, OptionGroup, OptionHelp } from './helpTypes.js';
import { groupOrder, optionGroups } from './optionGroups.js';

/** Markdown's own characters escaped in plain text; `code` spans kept as they are. */
export function markdownText(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[\\*_<>[\]|]/g, (mark) => `\\${mark}`)))
    .join('');
}

/** A code span in a table cell: its pipes escaped (GitHub's tables split on them even inside code). */
const cellCode = (text: string): string => `\`${text.replace(/\|/g, '\\|')}\``;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

/** A guide path from the repository root, as a link from docs/cli.md. */
const guideLink = (path: string): string => {
  const file = path.replace(/^docs\//, '');
  return `[${file}](${file})`;
};

function optionTable(options: readonly OptionHelp[]): string[] {
  return [
    '| option | default | what it does |',
    '| --- | --- | --- |',
    ...options.map(
      (option) =>
        `| ${cellCode(option.flag)} | ${option.default === undefined ? '' : markdownText(option.default)} | ${markdownText(option.text)} |`,
    ),
  ];
}

function commandSection(help: CommandHelp): string[] {
  const lines = [
    `### loupe ${help.name}`,
    '',
    `${markdownText(help.summary)}.`,
    '',
    '```text',
    ...help.usage,
    '```',
  ];
  for (const paragraph of help.about) lines.push('', markdownText(paragraph));
  if (help.options.length > 0) lines.push('', ...optionTable(help.options));
  if (help.groups.length > 0) {
    const groups = help.groups.map(
      (name) => `[${optionGroups[name].title}](#${anchor(optionGroups[name].title)})`,
    );
    lines.push('', `Also takes the options of: ${groups.join(', ')}.`);
  }
  if (help.exit) lines.push('', `Exit codes: ${markdownText(help.exit)}.`);
  lines.push('', '```sh', ...help.examples, '```');
  const guides = help.guides.filter((guide) => guide !== 'docs/cli.md');
  if (guides.length > 0) lines.push('', `Guide: ${guides.map(guideLink).join(', ')}.`);
  return lines;
}

function groupSection(group: OptionGroup): string[] {
  const users = commandHelps.filter((help) => help.groups.includes(group.name));
  const lines = [`### ${group.title}`, '', markdownText(group.intro), '', ...optionTable(group.options)];
  lines.push(
    '',
    `Taken by: ${users.map((help) => `[${help.name}](#${anchor(`loupe ${help.name}`)})`).join(', ')}.`,
  );
  if (group.guide !== 'docs/cli.md') lines.push('', `Guide: ${guideLink(group.guide)}.`);
  return lines;
}

/** The generated part of docs/cli.md: the command index, each command, then the shared option groups. */
export function referenceMarkdown(): string {
  const lines = [
    '## Commands',
    '',
    '| command | what it does |',
    '| --- | --- |',
    ...commandHelps.map(
      (help) => `| [\`${help.name}\`](#${anchor(`loupe ${help.name}`)}) | ${markdownText(help.summary)} |`,
    ),
  ];
  for (const help of commandHelps) lines.push('', ...commandSection(help));
  lines.push('', '## Options shared by several commands');
  for (const name of groupOrder) lines.push('', ...groupSection(optionGroups[name]));
  return lines.join('\n');
}
