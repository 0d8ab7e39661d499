// The reference servers over stdio and the form corpus against Loupe's host profiles (its own data about the hosts, not
// the hosts themselves): tools that meet a profile's rules get no refusal from it, and the refusals and limits that do
// come are the ones the rules name. Then what their lists cost.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../src/shared/json.js';
import type { StdioTarget } from '../../../src/shared/target.js';
import type { PortabilityReport } from '../../../src/shared/portability.js';
import { demoTarget } from '../../../src/core/demoTarget.js';
import { walkList } from '../../../src/core/lists/pageWalker.js';
import { connect } from '../../../src/core/session/connect.js';
import { checkPortability, checkTool, resolveHosts } from '../../../src/core/portability/checkTools.js';
import { contextCost } from '../../../src/core/portability/tokenCost.js';
import { loadCorpus } from '../../forms/corpus.js';

const serverPath = (name: string): string =>
  fileURLToPath(
    new URL(`../../../node_modules/@modelcontextprotocol/${name}/dist/index.js`, import.meta.url),
  );
const folder = mkdtempSync(join(tmpdir(), 'loupe-portability-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const servers: Record<string, StdioTarget> = {
  everything: {
    transport: 'stdio',
    command: process.execPath,
    args: [serverPath('server-everything'), 'stdio'],
  },
  filesystem: {
    transport: 'stdio',
    command: process.execPath,
    args: [serverPath('server-filesystem'), folder],
  },
  memory: {
    transport: 'stdio',
    command: process.execPath,
    args: [serverPath('server-memory')],
    env: { MEMORY_FILE_PATH: join(folder, 'memory.jsonl') },
  },
  'sequential-thinking': {
    transport: 'stdio',
    command: process.execPath,
    args: [serverPath('server-sequential-thinking')],
  },
  demo: demoTarget(),
};

async function toolsOf(target: StdioTarget): Promise<JsonObject[]> {
  const session = await connect(target, { timeoutMs: 10_000 });
  try {
    const list = await walkList(session, 'tools');
    expect(list.complete).toBe(true);
    return list.items;
  } finally {
    await session.close();
  }
}

/** "rule @ tool" for every issue of a verdict, sorted. */
function issuesOf(
  report: PortabilityReport,
  host: string,
  verdict: 'refused' | 'limited' = 'refused',
): string[] {
  return report.tools
    .flatMap((tool) =>
      tool.hosts[host].issues
        .filter((issue) => issue.verdict === verdict)
        .map((issue) => `${issue.rule} @ ${tool.name}`),
    )
    .filter((entry, index, all) => all.indexOf(entry) === index)
    .sort();
}
const refusals = (report: PortabilityReport, host: string): string[] => issuesOf(report, host);

const hosts = resolveHosts(['all']);

describe("the reference servers against Loupe's profiles", () => {
  const reports: Record<string, { tools: JsonObject[]; report: PortabilityReport }> = {};

  for (const [name, target] of Object.entries(servers)) {
    it(`${name}: the profiles of today's hosts refuse nothing but what their rules name; VS Code and Cursor limit, never refuse`, async () => {
      const tools = await toolsOf(target);
      const report = checkPortability(tools, hosts, { serverName: name });
      reports[name] = { tools, report };
      // The demo lists 163 tools: past VS Code's 128 and Cursor's 40, which limit (a setting gets them to the model).
      const many = tools.length;
      expect(refusals(report, 'openai')).toEqual([]);
      // The demo's configure_alert states its rule as a top-level allOf: the Anthropic API refuses that.
      const combinators = name === 'demo' ? ['top-level-combinators @ configure_alert'] : [];
      expect(refusals(report, 'anthropic')).toEqual(combinators);
      expect(refusals(report, 'claude-code')).toEqual(combinators);
      // parametersJsonSchema takes the schemas as they are: Gemini, and Gemini CLI which rewrites names, refuse none.
      expect(refusals(report, 'gemini')).toEqual([]);
      expect(refusals(report, 'gemini-cli')).toEqual([]);
      for (const host of ['vscode', 'cursor']) expect(refusals(report, host)).toEqual([]);
      expect(report.counts.vscode.limited).toBe(Math.max(0, many - 128));
      expect(
        issuesOf(report, 'cursor', 'limited').filter((entry) => entry.startsWith('tool-count @ ')),
      ).toHaveLength(new Set(tools.slice(40).map((tool) => tool.name)).size);
      const vscodeLimit = report.tools[128]?.hosts.vscode.issues[0];
      if (many > 128) {
        expect(vscodeLimit).toMatchObject({ verdict: 'limited', rule: 'tool-count' });
        expect(vscodeLimit?.workaround).toContain('github.copilot.chat.virtualTools.threshold');
      }
    });
  }

  it('the OpenAPI-subset path (gemini-parameters, named only) still refuses what its field list leaves out', () => {
    const [parameters] = resolveHosts(['gemini-parameters']);
    const { tools } = reports.everything;
    const report = checkPortability(tools, [parameters], { serverName: 'everything' });
    // zod's schemas carry $schema and additionalProperties, outside the OpenAPI subset.
    expect(report.counts['gemini-parameters'].refused).toBe(tools.length);
    expect(refusals(report, 'gemini-parameters')).toContain('openapi-subset @ echo');
  });

  it("server-everything: Loupe's OpenAI profile passes its tools on, dropping the annotations and output schemas", () => {
    const { report } = reports.everything;
    const changed = report.tools
      .filter((tool) => tool.hosts.openai.verdict === 'changed')
      .map((tool) => tool.name);
    expect(changed).toContain('get-structured-content');
    const structured = report.tools.find((tool) => tool.name === 'get-structured-content');
    expect(structured?.hosts.openai.issues.map((issue) => issue.path)).toContain('outputSchema');
    // Strict mode needs every object closed and every property required: zod's optional fields are not.
    expect(report.counts['openai-strict'].refused).toBeGreaterThan(0);
  });

  it('costs: each tool counted with o200k and cl100k, heaviest first, the list total beside them', async () => {
    const { tools } = reports.everything;
    const cost = await contextCost(tools);
    expect(cost.tools).toHaveLength(tools.length);
    for (let index = 1; index < cost.tools.length; index += 1) {
      expect(cost.tools[index - 1].o200k).toBeGreaterThanOrEqual(cost.tools[index].o200k);
    }
    const sum = cost.tools.reduce((total, entry) => total + entry.o200k, 0);
    // The array adds a bracket and a comma per tool; merging at the seams can save a token each.
    expect(Math.abs(cost.total.o200k - sum)).toBeLessThanOrEqual(tools.length + 1);
    expect(cost.total.cl100k).toBeGreaterThan(0);
    expect(cost.method).toMatch(/estimate/);
  });
});

describe("the form corpus against Loupe's profiles", () => {
  const corpus = loadCorpus();
  const asTool = (name: string, schema: JsonObject): JsonObject => ({
    name: name.split('/').pop() ?? name,
    description: 'A corpus schema.',
    inputSchema: schema,
  });

  it("is refused by Loupe's Anthropic profile only where a combinator stands at the top, its Claude Code profile also for boolean properties", () => {
    const refusedBy = (hostId: string): string[] =>
      corpus
        .filter(
          ({ name, schema }) =>
            checkTool(asTool(name, schema), 0, resolveHosts([hostId])[0], { serverName: 'corpus' })
              .verdict === 'refused',
        )
        .map(({ name }) => name);
    expect(refusedBy('openai')).toEqual([]);
    expect(refusedBy('gemini')).toEqual([]);
    expect(refusedBy('gemini-cli')).toEqual([]);
    expect(refusedBy('vscode')).toEqual([]);
    expect(refusedBy('cursor')).toEqual([]);
    const combinators = [
      'draft2020/conditional_allof_unevaluated',
      'draft2020/unevaluated_allof',
      'servers/demo/configure_alert',
    ];
    expect(refusedBy('anthropic')).toEqual(combinators);
    expect(refusedBy('claude-code')).toEqual(['draft2020/boolean_subschemas', ...combinators].sort());
  });
});
