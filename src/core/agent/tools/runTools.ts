/**
 * Running checks that take a while: `run_collection` runs a loupe.collection/1 (saved calls with assertions, the
 * format `loupe test` runs in CI) on the session; `conform` runs the official MCP conformance suite's server
 * scenarios against the session's server through Loupe's recorder. Both answer with counts and each step's or
 * check's verdict, failures first.
 */
import { LoupeError } from '../../../shared/errors.js';
import { isJsonObject } from '../../../shared/json.js';
import { consentToCalls } from './callTools.js';
import {
  json,
  objectSchema,
  optionalStrings,
  outputSchema,
  sessionOf,
  sessionProperty,
  type AgentTool,
} from './toolKit.js';

const maxRows = 200;

export const runCollectionTool: AgentTool = {
  name: 'run_collection',
  title: 'Run a collection of calls with assertions',
  description:
    "Runs a loupe.collection/1 collection on the session: saved tool calls, reads and listings, each with assertions (result equals or contains, JSON Pointer paths, outputSchema validity, latency budgets, list counts and items against a pinned snapshot). Give its JSON as `collection` (an object or its text); `only` runs the steps named (and those they depend on). Returns pass/fail counts and each step's verdict with the failed assertions' expected and actual values, failures first. Write one for what you changed and keep it beside the server: `loupe test <file>` runs the same file in CI. Its calls are the server's: they are not asked about one by one, so run only collections the person gave you or that call read-only tools (the format: the loupe-testing skill's references/collections.md, or schemas/loupe.collection.schema.json in Loupe's repository).",
  inputSchema: objectSchema(
    {
      session: sessionProperty,
      collection: {
        description: 'The collection: a loupe.collection/1 object, or its JSON text.',
        anyOf: [{ type: 'object' }, { type: 'string' }],
      },
      only: {
        type: 'array',
        items: { type: 'string' },
        description: 'Run only these steps (and what they depend on).',
      },
    },
    ['session', 'collection'],
  ),
  outputSchema: outputSchema(
    {
      session: { type: 'string' },
      name: { type: 'string' },
      counts: {
        type: 'object',
        properties: {
          passed: { type: 'integer' },
          failed: { type: 'integer' },
          error: { type: 'integer' },
          skipped: { type: 'integer' },
        },
      },
      passed: { type: 'boolean' },
      ms: { type: 'number' },
      steps: { type: 'array', items: { type: 'object' } },
      aborted: { type: 'object' },
    },
    ['session', 'name', 'counts', 'passed', 'ms', 'steps'],
  ),
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  async run(args, context) {
    const session = sessionOf(args, context);
    const given = args.collection;
    const collectionText =
      typeof given === 'string' ? given : isJsonObject(given) ? JSON.stringify(given) : undefined;
    if (collectionText === undefined)
      throw new LoupeError({
        kind: 'usage',
        message: '"collection" is a loupe.collection/1 object or its JSON text.',
      });
    const only = optionalStrings(args, 'only');
    // ${env:…} would hand the server values of this process's environment that the agent cannot see: not for agents.
    if (collectionText.includes('${env:'))
      throw new LoupeError({
        kind: 'usage',
        message:
          "A collection run through loupe mcp may not use ${env:…}: it would send values of the person's environment to the server. Give the values themselves, or ask the person to run it with `loupe test`.",
      });
    const collection = await context.sessions.shared('checkCollection').checkCollection(collectionText);
    const tools = [
      ...new Set(
        collection.steps.flatMap((step) =>
          step.method === 'tools/call' && typeof step.tool === 'string' ? [step.tool] : [],
        ),
      ),
    ];
    await consentToCalls(
      context,
      session,
      tools,
      `run the collection ${JSON.stringify((collection.name ?? 'without a name').slice(0, 120))}`,
    );
    const report = await context.sessions
      .methods(session.id, 'runCollection')
      .runCollection(collectionText, only);
    const order = { error: 0, failed: 1, passed: 2, skipped: 3 } as Record<string, number>;
    const steps = [...report.steps]
      .sort((a, b) => (order[a.status] ?? 4) - (order[b.status] ?? 4))
      .slice(0, maxRows)
      .map((step) => ({
        name: step.name,
        method: step.method,
        status: step.status,
        ms: step.ms,
        ...(step.error ? { error: step.error } : {}),
        ...(step.skippedBecause ? { skippedBecause: step.skippedBecause } : {}),
        assertions: json(step.assertions.filter((assertion) => !assertion.passed).slice(0, 20)),
        passedAssertions: step.assertions.filter((assertion) => assertion.passed).length,
        ...(step.requestSeq === undefined ? {} : { requestSeq: step.requestSeq }),
      }));
    return {
      structured: context.sessions.scrub(session, {
        session: session.id,
        name: report.name,
        counts: report.counts,
        passed: report.counts.failed === 0 && report.counts.error === 0 && !report.aborted,
        ms: report.ms,
        steps: json(steps),
        ...(report.aborted ? { aborted: report.aborted } : {}),
      }),
    };
  },
};

export const conformTool: AgentTool = {
  name: 'conform',
  title: 'Run the MCP conformance suite',
  description:
    "Runs the official MCP conformance suite's server scenarios against the session's server (its protocol revision's requirement set by default; `scenarios` to name some, `all` for every scenario of the revision), every message through Loupe's recorder. Returns counts and each scenario's checks, failures first, with the frames each check judged. Slow: one suite process per scenario, a minute or more in all. Needs the suite installed (Node 22; the person installs it once with `loupe conform --yes …` or in the app); if it is not, this says so and runs nothing. Many scenarios call the suite's own fixture tools (test_simple_text…): a server without them fails those checks for that reason alone (the result says so in `fixtures`).",
  inputSchema: objectSchema(
    {
      session: sessionProperty,
      scenarios: {
        type: 'array',
        items: { type: 'string' },
        description: 'Scenario names (default: the requirement set).',
      },
      all: { type: 'boolean', description: "Every scenario of the server's revision." },
    },
    ['session'],
  ),
  outputSchema: outputSchema(
    {
      session: { type: 'string' },
      revision: { type: 'string' },
      passed: { type: 'boolean' },
      counts: { type: 'object' },
      fixtures: { type: 'string' },
      bridge: { type: 'string' },
      scenarios: { type: 'array', items: { type: 'object' } },
    },
    ['session', 'revision', 'passed', 'counts', 'scenarios'],
  ),
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  async run(args, context) {
    const session = sessionOf(args, context);
    const methods = context.sessions.methods(session.id, 'conformChoices');
    const choices = await methods.conformChoices();
    if (choices.missing)
      throw new LoupeError({
        kind: 'usage',
        message: `The conformance suite is not installed (${choices.missing}). Loupe installs nothing on the person's machine for you: ask the person to run \`loupe conform --yes\` once (or press Install in the app's Conformance tab).`,
      });
    const scenarios = optionalStrings(args, 'scenarios');
    const report = await context.sessions
      .methods(session.id, 'runConformance')
      .runConformance({ ...(scenarios ? { scenarios } : {}), ...(args.all === true ? { all: true } : {}) });
    const rows = report.scenarios.map((scenario) => ({
      name: scenario.name,
      scored: scenario.scored,
      failed: scenario.checks.filter((check) => check.status === 'FAILURE').length,
      checks: scenario.checks
        .filter((check) => check.status !== 'SUCCESS')
        .slice(0, 30)
        .map((check) => ({
          id: check.id,
          status: check.status,
          ...(check.errorMessage ? { errorMessage: check.errorMessage } : {}),
          frames: check.frames.slice(0, 10),
        })),
      passedChecks: scenario.checks.filter((check) => check.status === 'SUCCESS').length,
    }));
    rows.sort((a, b) => b.failed - a.failed);
    return {
      structured: context.sessions.scrub(session, {
        session: session.id,
        revision: report.revision,
        passed: report.passed,
        counts: json(report.counts),
        ...(report.fixtures ? { fixtures: report.fixtures } : {}),
        ...(report.bridge ? { bridge: report.bridge } : {}),
        scenarios: json(rows),
      }),
    };
  },
};
