/**
 * The shape of the CLI's help: one entry per command (and per topic such as `targets`), from which both
 * `loupe help <command>` and the per-command sections of docs/cli.md are rendered, so the two cannot drift.
 */

/** One option as `loupe help <command>` lists it. */
export interface OptionHelp {
  /** The flag as typed, with its value: `--kind <kind>`. */
  flag: string;
  /** What it does, in a sentence or two (plain text: `code` in backticks is kept as it is). */
  text: string;
  /** Its default, said only when there is one worth saying. */
  default?: string;
}

/** Options shared by several commands; each command names the groups it takes. */
export type OptionGroupName = 'target' | 'connection' | 'input' | 'signIn' | 'traces';

export interface OptionGroup {
  name: OptionGroupName;
  /** The heading in the help and the reference. */
  title: string;
  /** The topic that prints it alone (`loupe help targets`). */
  topic: string;
  /** One line under the heading. */
  intro: string;
  options: readonly OptionHelp[];
  /** The guide in docs/ that tells more. */
  guide: string;
}

export interface CommandHelp {
  /** The command word: `list`, `skills`, `auth`. */
  name: string;
  /** One line for the overview (`loupe help`). */
  summary: string;
  /** Its usage lines, each a whole command line starting with `loupe`. */
  usage: readonly string[];
  /** What it does: paragraphs of plain text (wrapped when printed). */
  about: readonly string[];
  /** Its own options. */
  options: readonly OptionHelp[];
  /** The shared option groups it takes, in the order shown. */
  groups: readonly OptionGroupName[];
  /** Its exit codes, when they say more than the overview's. */
  exit?: string;
  /** Two or three examples, each one command line (a `# comment` may follow). */
  examples: readonly string[];
  /** The guides in docs/ to read, paths from the repository root. */
  guides: readonly string[];
}
