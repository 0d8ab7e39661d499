/** Every command's help in the order the overview lists them, and the topics `loupe help <topic>` knows. */
import { checkCommands } from './checkCommands.js';
import type { CommandHelp, OptionGroup } from './helpTypes.js';
import { inspectCommands } from './inspectCommands.js';
import { groupOrder, optionGroups } from './optionGroups.js';
import { recordCommands } from './recordCommands.js';

const byName = new Map<string, CommandHelp>(
  [...inspectCommands, ...recordCommands, ...checkCommands].map((help) => [help.name, help]),
);

/** The overview's order: looking, keeping and comparing, judging, then help itself. */
const order = [
  'list',
  'call',
  'read',
  'prompt',
  'lint',
  'skills',
  'watch',
  'web',
  'snapshot',
  'diff',
  'board',
  'replay',
  'trace',
  'tap',
  'mcp',
  'scan',
  'test',
  'conform',
  'auth',
  'help',
  'version',
] as const;

export const commandHelps: readonly CommandHelp[] = order.map((name) => {
  const help = byName.get(name);
  if (!help) throw new Error(`no help for ${name}`);
  return help;
});

/** The option groups, by the topic word that prints one (`targets`, `connection`, `input`, `sign-in`). */
export const groupTopics: ReadonlyMap<string, OptionGroup> = new Map(
  groupOrder.map((name) => [optionGroups[name].topic, optionGroups[name]]),
);

/** Every word `loupe help <word>` takes: the commands, then the option groups' topics. */
export const helpWords: readonly string[] = [...commandHelps.map((help) => help.name), ...groupTopics.keys()];

export function commandHelp(name: string): CommandHelp | undefined {
  return byName.get(name);
}
