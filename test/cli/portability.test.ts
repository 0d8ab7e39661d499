// `loupe lint --hosts` and the cost line of `loupe list`, run as the real command against real servers: the verdicts are
// those of Loupe's own host profiles (its data about the hosts), not answers from the hosts.
import { beforeAll, describe, expect, it } from 'vitest';
import { everythingServer, requireBuild, runLoupe } from './loupe.js';

beforeAll(requireBuild);

const everything = ['--', process.execPath, everythingServer, 'stdio'];

interface LintDocument {
  findings: { code: string; severity: string; tool?: string; host?: string; rule?: string; path?: string }[];
  portability: {
    hosts: { id: string }[];
    counts: Record<string, { accepted: number; changed: number; limited: number; refused: number }>;
  };
  costs: {
    tools: { name: string; o200k: number }[];
    total: { o200k: number; cl100k: number; claudeEstimate: number };
  };
}

describe('loupe lint --hosts', () => {
  it('passes server-everything for the profiles whose rules its tools meet, with a verdict table and the costs', async () => {
    const run = await runLoupe([
      'lint',
      '--hosts',
      'openai,anthropic,claude-code,vscode,cursor',
      ...everything,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Portability of \d+ tools to 5 hosts$/m);
    expect(run.stdout).toMatch(/^HOST\s+VERSION\s+ACCEPTED\s+CHANGED\s+LIMITED\s+REFUSED\s+NAME$/m);
    expect(run.stdout).toMatch(/^anthropic\s+2026-12-06\.1\s+0\s+\d+\s+0\s+0\s+Anthropic tool use$/m);
    expect(run.stdout).toMatch(/^vscode\s+2026-12-06\.1\s+\d+\s+0\s+0\s+0\s+VS Code$/m);
    expect(run.stdout).toMatch(/^Context cost: [\d,]+ tokens \(o200k\)/m);
    expect(run.stdout).toMatch(/^TOOL\s+O200K\s+CL100K\s+CLAUDE~$/m);
    expect(run.stdout).not.toMatch(/host-refused/);
  });

  it("fails on the demo: Loupe's Anthropic profile refuses configure_alert, and names the rule, the path and the source", async () => {
    const run = await runLoupe(['lint', '--demo', '--hosts', 'anthropic']);
    expect(run.code).toBe(1);
    const refused = run.stdout.split('\n').filter((line) => line.includes('host-refused'));
    expect(refused).toEqual([
      expect.stringMatching(
        /^error\s+host-refused\s+configure_alert\s+Anthropic tool use refuses Tool "configure_alert": inputSchema has allOf at the top level \(rule anthropic\/top-level-combinators, https:\/\/github\.com\/anthropics\/claude-code\/issues\/5319\)$/,
      ),
    ]);
    expect(run.stderr).toContain('loupe: lint found 1 error');
  });

  it("--hosts all --json: the report per host of what today's hosts send, the findings with host, rule and path, and the costs heaviest first", async () => {
    const run = await runLoupe(['lint', '--hosts', 'all', '--json', ...everything]);
    // Strict mode refuses zod's schemas (optional properties): exit 1. Gemini takes them as parametersJsonSchema.
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout) as LintDocument;
    expect(document.portability.hosts.map((host) => host.id)).toEqual([
      'openai',
      'openai-strict',
      'anthropic',
      'gemini',
      'claude-code',
      'gemini-cli',
      'vscode',
      'cursor',
    ]);
    expect(document.portability.counts.openai.refused).toBe(0);
    expect(document.portability.counts.gemini.refused).toBe(0);
    expect(document.portability.counts['gemini-cli'].refused).toBe(0);
    expect(
      document.findings.filter((finding) => finding.code === 'host-refused').map((finding) => finding.host),
    ).toEqual(expect.arrayContaining(['openai-strict']));
    expect(
      document.findings.filter(
        (finding) => finding.code === 'host-refused' && finding.host !== 'openai-strict',
      ),
    ).toEqual([]);
    const o200k = document.costs.tools.map((tool) => tool.o200k);
    expect(o200k).toEqual([...o200k].sort((left, right) => right - left));
    expect(document.costs.total.o200k).toBeGreaterThan(500);
  });

  it('--hosts gemini-parameters: the older OpenAPI-subset path, checked only when named, refuses $schema', async () => {
    const run = await runLoupe(['lint', '--hosts', 'gemini-parameters', '--json', ...everything]);
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout) as LintDocument;
    const gemini = document.findings.find(
      (finding) => finding.code === 'host-refused' && finding.host === 'gemini-parameters',
    );
    expect(gemini).toMatchObject({ severity: 'error', rule: 'openapi-subset', path: 'inputSchema.$schema' });
  });

  it('refuses an unknown host as a usage error, and --hosts with another command', async () => {
    const unknown = await runLoupe(['lint', '--hosts', 'openai,chatgpt', '--demo']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'unknown host "chatgpt"; hosts are openai, openai-strict, anthropic, gemini, gemini-parameters, claude-code, gemini-cli, vscode, cursor or all',
    );
    const list = await runLoupe(['list', '--hosts', 'all', '--demo']);
    expect(list.code).toBe(2);
  });
});

describe('loupe list', () => {
  it('--costs says what the tool definitions cost, above the footer (and in --json, after the items)', async () => {
    const run = await runLoupe(['list', '--costs', ...everything]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.at(-2)).toMatch(
      /^Context cost: [\d,]+ tokens \(o200k\) · [\d,]+ \(cl100k\) · ~[\d,]+ for Claude \(estimate\) · heaviest: gzip-file-as-resource \d+/,
    );
    const text = (await runLoupe(['list', '--json', '--costs', ...everything])).stdout;
    const json = JSON.parse(text) as LintDocument;
    expect(json.costs.tools[0].name).toBe('gzip-file-as-resource');
    // The lenses come after the list in the document: the items, then findings, summary and costs.
    expect(Object.keys(json).slice(-4)).toEqual(['items', 'findings', 'summary', 'costs']);
  });

  it('without --costs counts no tokens: no cost line, no costs in --json', async () => {
    const run = await runLoupe(['list', ...everything]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('Context cost');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^\d+ tools · 1 page$/);
    const json = JSON.parse((await runLoupe(['list', '--json', ...everything])).stdout) as Record<
      string,
      unknown
    >;
    expect('costs' in json).toBe(false);
    expect(Array.isArray(json.findings)).toBe(true);
  });

  it('--costs goes with list only', async () => {
    const run = await runLoupe(['call', 'echo', '--costs', ...everything]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--costs goes with list');
  });
});
