// The reference servers over stdio and the form corpus against every host profile: tools that meet a host's rules
// are not refused by it, and the refusals that do come are the ones the rules name. Then what their lists cost.
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

/** "host rule @ tool" for every refusal, sorted. */
function refusals(report: PortabilityReport, host: string): string[] {
  return report.tools
    .flatMap((tool) =>
      tool.hosts[host].issues
        .filter((issue) => issue.verdict === 'refused')
        .map((issue) => `${issue.rule} @ ${tool.name}`),
    )
    .filter((entry, index, all) => all.indexOf(entry) === index)
    .sort();
}

const hosts = resolveHosts(['all']);

describe('the reference servers', () => {
  const reports: Record<string, { tools: JsonObject[]; report: PortabilityReport }> = {};

  for (const [name, target] of Object.entries(servers)) {
    it(`${name}: no refusal from OpenAI, Anthropic, Claude Code or VS Code but the rules name`, async () => {
      const tools = await toolsOf(target);
      const report = checkPortability(tools, hosts, { serverName: name });
      reports[name] = { tools, report };
      // The demo lists 163 tools: OpenAI and VS Code pass on 128 of them, Cursor 40.
      const many = tools.length;
      expect(refusals(report, 'openai').every((entry) => entry.startsWith('tool-count @ '))).toBe(true);
      expect(report.counts.openai.refused).toBe(Math.max(0, many - 128));
      // The demo's configure_alert states its rule as a top-level allOf: the Anthropic API refuses that.
      const combinators = name === 'demo' ? ['top-level-combinators @ configure_alert'] : [];
      expect(refusals(report, 'anthropic')).toEqual(combinators);
      expect(refusals(report, 'claude-code')).toEqual(combinators);
      expect(report.counts.vscode.refused).toBe(Math.max(0, many - 128));
      expect(report.counts.cursor.refused).toBe(Math.max(0, many - 40));
      for (const tool of report.tools) {
        for (const host of ['vscode', 'cursor']) {
          expect(
            tool.hosts[host].issues.every(
              (issue) => issue.rule === 'tool-count' || issue.rule === 'combined-name-length',
            ),
          ).toBe(true);
        }
      }
    });
  }

  it('server-everything: OpenAI passes its tools on, dropping the annotations and output schemas it carries', () => {
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

describe('the form corpus', () => {
  const corpus = loadCorpus();
  const asTool = (name: string, schema: JsonObject): JsonObject => ({
    name: name.split('/').pop() ?? name,
    description: 'A corpus schema.',
    inputSchema: schema,
  });

  it('is refused by the Anthropic API only where a combinator stands at the top, by Claude Code also for boolean properties', () => {
    const refusedBy = (hostId: string): string[] =>
      corpus
        .filter(
          ({ name, schema }) =>
            checkTool(asTool(name, schema), 0, resolveHosts([hostId])[0], { serverName: 'corpus' })
              .verdict === 'refused',
        )
        .map(({ name }) => name);
    expect(refusedBy('openai')).toEqual([]);
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
