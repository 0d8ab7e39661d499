// docs/cli.md and `loupe help <command>` say the same: the reference's per-command sections are rendered from the
// CLI's help data (src/cli/help, written into the file by scripts/cliReference.mjs), and every flag the parsers take
// has help. These tests fail when the file was not re-rendered after a help text changed, and when a flag is parsed
// that no help names (or named in help that no parser takes).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withReference } from '../../scripts/cliReference.mjs';
import { commandHelp, commandHelps } from '../../src/cli/help/commandHelp.js';
import { referenceMarkdown } from '../../src/cli/help/helpReference.js';
import { optionGroups } from '../../src/cli/help/optionGroups.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string): string => readFileSync(`${root}${path}`, 'utf8');

/** The flags a source file's switch takes: `case '--kind':`. */
const casesIn = (path: string): string[] =>
  [...read(path).matchAll(/case '(-[-\w]+)':/g)].map((match) => match[1] ?? '');

/** The flags a help option line names: `--config <file> --server <name>` names two. */
const flagsOf = (flag: string): string[] =>
  [...flag.matchAll(/(?:^|\s)(--?[a-zA-Z][-\w]*)/g)].map((match) => match[1] ?? '');

describe('the CLI reference (docs/cli.md)', { timeout: 30_000 }, () => {
  it('holds the sections the help data gives, exactly (node scripts/cliReference.mjs re-renders them)', async () => {
    const current = read('docs/cli.md');
    const expected: unknown = await withReference(current, referenceMarkdown(), `${root}docs/cli.md`);
    expect(current).toBe(expected);
  });

  it('has a section per command with its usage and every option of its help', () => {
    const doc = read('docs/cli.md');
    for (const help of commandHelps) {
      const at = doc.indexOf(`### loupe ${help.name}\n`);
      expect(at, help.name).toBeGreaterThan(0);
      const section = doc.slice(at, doc.indexOf('\n### ', at + 1));
      for (const line of help.usage) expect(section, help.name).toContain(line);
      for (const option of help.options)
        expect(section, `${help.name} ${option.flag}`).toContain(option.flag.replace(/\|/g, '\\|'));
    }
  });
});

describe('help for every flag', () => {
  const helped = new Set(
    [
      ...commandHelps.flatMap((help) => help.options),
      ...Object.values(optionGroups).flatMap((group) => group.options),
    ].flatMap((option) => flagsOf(option.flag)),
  );

  it('every flag loupe parses is in some help, and every flag in help is parsed', () => {
    const parsed = new Set([
      ...casesIn('src/cli/arguments.ts'),
      ...casesIn('src/cli/grantFlags.ts'),
      ...casesIn('src/cli/traceFlags.ts'),
      ...casesIn('src/core/backend/targetArguments.ts'),
    ]);
    // --help, -h, --version, -V and -y are spelled in the overview and in help/version's usage; -- is the target.
    const spelled = new Set(['--help', '-h', '--version', '-V', '-y', '--']);
    expect([...parsed].filter((flag) => !helped.has(flag) && !spelled.has(flag))).toEqual([]);
    const ownParsers = new Set([
      ...casesIn('src/cli/tapArguments.ts'),
      ...casesIn('src/cli/mcpArguments.ts'),
    ]);
    expect([...helped].filter((flag) => !parsed.has(flag) && !ownParsers.has(flag))).toEqual([]);
  });

  it("mcp's help names every flag mcp parses", () => {
    const mcpHelp = new Set((commandHelp('mcp')?.options ?? []).flatMap((option) => flagsOf(option.flag)));
    expect(casesIn('src/cli/mcpArguments.ts').filter((flag) => !mcpHelp.has(flag))).toEqual([]);
  });

  it("tap's help names every flag tap parses", () => {
    const tapHelp = new Set((commandHelp('tap')?.options ?? []).flatMap((option) => flagsOf(option.flag)));
    // Besides its own switch, tap takes a stdio server's --env and --cwd and an HTTP server's --url (targetArguments).
    const tapFlags = [...casesIn('src/cli/tapArguments.ts'), '--env', '--cwd', '--url'];
    expect(tapFlags.filter((flag) => !tapHelp.has(flag))).toEqual([]);
  });
});
