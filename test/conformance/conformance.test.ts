/**
 * The client scenarios of @modelcontextprotocol/conformance 0.2.0-alpha.12 (the newest on the registry) but auth,
 * each driving the built `loupe` CLI through test/conformance/blindClient.mjs, which does the same user's steps for
 * every scenario and never reads its name (one documented exception). Scenarios of 2026-07-28, and the
 * dual-revision ones at 2026-07-28, run twice: with the CLI's default protocol (auto, what a plain `loupe list`
 * does) and with --protocol modern. A SKIPPED check is not a passed one: each case names the checks it leaves
 * unexercised and why (see notExercised), and fails on any other skip, failure or warning, and on 0 checks.
 * The suite needs Node >= 22: scripts/node22.mjs finds one; without it the cases fail, they are not skipped.
 */
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectChecks,
  failedCommands,
  printedChecks,
  type NotExercised,
  type RecordedCommand,
} from './checks.js';
import { conformance, findRunner } from './harness.js';

beforeAll(findRunner, 320_000);

// The six extension sign-ins (client credentials, enterprise, WIF, DPoP) run in auth.test.ts, at both revisions.

const blind = { client: 'test/conformance/blindClient.mjs', clientTimeoutMs: 150_000 };
const caseTimeout = 200_000;

/** A 2026-07-28 client sends neither: the suite lists them and skips them, rightly. */
const noInitialize: NotExercised[] = [
  {
    description: 'Client sends correct Mcp-Method header on initialize request',
    why: 'a 2026-07-28 client sends no initialize',
  },
  {
    description: 'Client sends correct Mcp-Method header on notifications/initialized request',
    why: 'a 2026-07-28 client sends no notifications/initialized',
  },
];
/** Not passed: the CLI has no command that sends resources/read or prompts/get (issue 28 item 3). */

interface Case {
  scenario: string;
  specVersion?: string;
  /** LOUPE_CONFORMANCE_PROTOCOL; absent: no flag (auto). */
  protocol?: 'modern';
  notExercised?: NotExercised[];
}

const modernScenarios = [
  'request-metadata',
  'sep-2322-client-request-state',
  'http-standard-headers',
  'http-custom-headers',
  'http-invalid-tool-headers',
  'json-schema-ref-no-deref',
];
const skipsOf = (scenario: string): NotExercised[] =>
  scenario === 'http-standard-headers' ? noInitialize : [];
const cases: Case[] = [
  { scenario: 'initialize' },
  { scenario: 'tools_call' },
  { scenario: 'elicitation-sep1034-client-defaults' },
  { scenario: 'sse-retry' },
  { scenario: 'json-schema-2020-12-preservation' },
  ...['tools_call', 'json-schema-2020-12-preservation'].flatMap((scenario): Case[] => [
    { scenario, specVersion: '2026-07-28' },
    { scenario, specVersion: '2026-07-28', protocol: 'modern' },
  ]),
  ...modernScenarios.flatMap((scenario): Case[] => [
    { scenario, notExercised: skipsOf(scenario) },
    { scenario, protocol: 'modern', notExercised: skipsOf(scenario) },
  ]),
].map((entry) => ({ ...entry }));
const label = (entry: Case) =>
  `${entry.scenario}${entry.specVersion ? ` at ${entry.specVersion}` : ''} (${entry.protocol ?? 'auto'})` +
  (entry.notExercised?.length ? `; not passed, skipped: ${entry.notExercised.length}` : '');

/** LOUPE_CONFORMANCE_TABLE: a file to append `scenario | revision | protocol | checks passed` rows to (quiet otherwise). */
function tableRow(entry: Case, passed: number, note = ''): void {
  const file = process.env.LOUPE_CONFORMANCE_TABLE;
  if (file)
    appendFileSync(
      file,
      `| ${entry.scenario} | ${entry.specVersion ?? 'default'} | ${entry.protocol ?? 'auto'} | ${passed} | ${note} |\n`,
    );
}

async function run(entry: Case, environment: Record<string, string> = {}) {
  const record = join(mkdtempSync(join(tmpdir(), 'loupe-conformance-')), 'commands.jsonl');
  const result = await conformance(
    entry.scenario,
    entry.specVersion,
    {
      LOUPE_CONFORMANCE_RECORD: record,
      ...(entry.protocol ? { LOUPE_CONFORMANCE_PROTOCOL: entry.protocol } : {}),
      ...environment,
    },
    [],
    blind,
  );
  const commands = (() => {
    try {
      return readFileSync(record, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as RecordedCommand);
    } catch {
      return [];
    }
  })();
  return { ...result, commands };
}

describe('@modelcontextprotocol/conformance 0.2.0-alpha.12 client scenarios, driven through the loupe CLI by a scenario-blind client', () => {
  it.each(cases.map((entry) => ({ ...entry, label: label(entry) })))(
    '$label passes',
    async (entry) => {
      const { code, output, commands } = await run(entry);
      const clientMayFail = entry.scenario === 'http-invalid-tool-headers';
      const passed = expectChecks(code, output, entry.notExercised, clientMayFail, failedCommands(commands));
      tableRow(
        entry,
        passed,
        entry.notExercised?.length ? `${entry.notExercised.length} skipped, not passed` : '',
      );
      if (entry.scenario === 'http-invalid-tool-headers') {
        // Issue 28 item 2: each invalid tool was refused by Loupe for its header, before any tools/call was sent.
        const refused = commands.filter((command) => command.args[0] === 'call' && command.code !== 0);
        expect(refused.map((command) => command.args[1])).toEqual([
          'invalid_empty_header',
          'invalid_object_header',
          'invalid_array_header',
          'invalid_null_header',
          'invalid_number_header',
          'invalid_duplicate_same_case',
          'invalid_duplicate_diff_case',
          'invalid_space_in_name',
          'invalid_colon_in_name',
          'invalid_non_ascii_name',
          'invalid_control_char_name',
        ]);
        for (const command of refused) {
          expect(command.stderr).toMatch(
            new RegExp(
              `^loupe: invalid-tool-header: Loupe does not call ${command.args[1] ?? ''} over HTTP: its x-mcp-header declaration is invalid \\(`,
            ),
          );
        }
      }
    },
    caseTimeout,
  );
});

/**
 * Skills (SEP-2640). The four scenarios serve one listing; what differs is whether the user loads the skill, which
 * no client can read off the wire (blindClient.mjs, "Skills"). Each runs under both intents: the one it tests must
 * pass, and the other must fail for the reason that shows its check is real.
 */
const verifyScenarios = [
  { scenario: 'sep-2640-client-verify-digest', exit: 4, kind: 'skill-digest-mismatch' },
  { scenario: 'sep-2640-client-verify-size', exit: 5, kind: 'skill-size-mismatch' },
  { scenario: 'sep-2640-client-verify-frontmatter', exit: 6, kind: 'skill-frontmatter-mismatch' },
];

describe('Skills (SEP-2640) client scenarios', () => {
  it(
    'sep-2640-client-no-prefetch passes when the user only browses: the listing reads no file',
    async () => {
      const { code, output, commands } = await run(
        { scenario: 'sep-2640-client-no-prefetch' },
        { LOUPE_CONFORMANCE_SKILLS: 'browse' },
      );
      expectChecks(code, output, [], false, failedCommands(commands));
      expect(commands.map((command) => command.args.slice(0, 3).join(' '))).toContain('list --kind skills');
    },
    caseTimeout,
  );

  it(
    'sep-2640-client-no-prefetch fails when the user loads the skill (the check counts any read)',
    async () => {
      const { output } = await run(
        { scenario: 'sep-2640-client-no-prefetch' },
        { LOUPE_CONFORMANCE_SKILLS: 'load' },
      );
      expect(printedChecks(output).map((check) => [check.id, check.status])).toEqual([
        ['sep-2640-host-no-prefetch', 'FAILURE'],
      ]);
      expect(output).toContain(
        'client read 2 skill file(s) without loading a skill: skill://pdf-processing/SKILL.md, skill://pdf-processing/references/FORMS.md',
      );
    },
    caseTimeout,
  );

  it.each(verifyScenarios)(
    '$scenario passes when the user loads the skill: refused with exit $exit ($kind), nothing read after SKILL.md',
    async ({ scenario, exit, kind }) => {
      const { code, output, commands } = await run({ scenario }, { LOUPE_CONFORMANCE_SKILLS: 'load' });
      expectChecks(code, output, [], true, failedCommands(commands));
      const get = commands.find((command) => command.args[0] === 'skills');
      expect(get?.code).toBe(exit);
      expect(get?.stderr).toMatch(
        new RegExp(
          `^loupe: ${kind}: Skill "pdf-processing" refused: skill://pdf-processing/SKILL.md failed verification`,
        ),
      );
    },
    caseTimeout,
  );

  it.each(verifyScenarios)(
    '$scenario fails when the user only browses (the check needs SKILL.md read)',
    async ({ scenario }) => {
      const { output } = await run({ scenario }, { LOUPE_CONFORMANCE_SKILLS: 'browse' });
      const checks = printedChecks(output);
      expect(checks).toHaveLength(1);
      expect(checks[0]?.status).toBe('FAILURE');
      expect(output).toContain(
        'the client never read skill://pdf-processing/SKILL.md, so it never loaded the tampered skill',
      );
    },
    caseTimeout,
  );
});
