// `loupe list` keeps of each page only what it prints (src/cli/commands/listPages.ts): the table's cells, or for --json
// the items' text and the lint beside the walk. What it prints must be every item of every page, exactly as sent and
// in order; a walk that stops early prints what it got and fails.
import { beforeAll, describe, expect, it } from 'vitest';
import { numberedTools } from '../servers/catalog.mjs';
import { serverCommand } from '../helpers/servers.js';
import { requireBuild, runLoupe } from './loupe.js';

beforeAll(requireBuild);

const paginating = (...flags: string[]) => ['--', ...serverCommand('paginating', ['--no-control', ...flags])];

interface ListDocument {
  complete: boolean;
  items: unknown[];
  pages: { itemCount: number }[];
  findings: { code: string; index?: number }[];
  summary: { toolCount: number } | null;
  error?: { kind: string };
  doctor?: { likelyCause: string };
}

describe('loupe list over many pages', { timeout: 60_000 }, () => {
  it('the table has a row for every item of every page, in order', async () => {
    const run = await runLoupe(['list', ...paginating('--tools', '1000', '--page-size', '25')]);
    expect(run.code, run.stderr).toBe(0);
    const names = run.stdout.match(/^tool_\d+/gm) ?? [];
    expect(names).toEqual(numberedTools(1000).map((tool) => tool.name));
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('1,000 tools · 40 pages');
  });

  it('--json: the items exactly as sent and the document exactly as JSON.stringify writes it, lint of every tool', async () => {
    const run = await runLoupe(['list', '--json', ...paginating('--tools', '1000', '--page-size', '25')]);
    expect(run.code, run.stderr).toBe(0);
    const document = JSON.parse(run.stdout) as ListDocument;
    expect(run.stdout).toBe(`${JSON.stringify(document, null, 2)}\n`);
    expect(document.complete).toBe(true);
    expect(document.items).toEqual(numberedTools(1000));
    expect(document.summary?.toolCount).toBe(1000);
    // Every fifth tool carries annotations: one finding each, from every page.
    const annotated = document.findings.filter((finding) => finding.code === 'annotations-untrusted');
    expect(annotated.map((finding) => finding.index)).toEqual(
      Array.from({ length: 200 }, (_, at) => at * 5 + 4),
    );
  });

  it('--json stopped by the page limit: the pages it got, complete false, and a loud failure', async () => {
    const run = await runLoupe([
      'list',
      '--json',
      '--page-limit',
      '3',
      ...paginating('--tools', '1000', '--page-size', '25'),
    ]);
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout) as ListDocument;
    expect(run.stdout).toBe(`${JSON.stringify(document, null, 2)}\n`);
    expect(document.complete).toBe(false);
    expect(document.error?.kind).toBe('page-limit');
    expect(document.pages.map((page) => page.itemCount)).toEqual([25, 25, 25]);
    expect(document.items).toEqual(numberedTools(75));
    expect(document.summary?.toolCount).toBe(75);
    expect(run.stderr).toMatch(/^loupe: page limit: .*\b3 pages\b.*75 items/m);
  });

  it('the table stopped by the page limit lists the rows it got, says INCOMPLETE and fails', async () => {
    const run = await runLoupe([
      'list',
      '--page-limit',
      '3',
      ...paginating('--tools', '1000', '--page-size', '25'),
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout.match(/^tool_\d+/gm)).toEqual(numberedTools(75).map((tool) => tool.name));
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(
      '75 tools · 3 pages · INCOMPLETE (page-limit): only the first 3 pages could be read',
    );
    expect(run.stderr).toMatch(/^loupe: page limit: /);
  });

  it('repeated names across pages: the doctor warns, every row is still printed', async () => {
    const fault = ['--', ...serverCommand('fault', ['--violations', '--no-control', '--page-size', '4'])];
    const table = await runLoupe(['list', ...fault]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout.match(/^dup_tool\b/gm)).toHaveLength(2);
    expect(table.stdout).toMatch(/^20 tools · 5 pages$/m);
    expect(table.stderr).toContain('loupe: warning: repeated names in the tools listing');
    const json = await runLoupe(['list', '--json', ...fault]);
    const document = JSON.parse(json.stdout) as ListDocument;
    expect(document.items).toHaveLength(20);
    expect(document.doctor?.likelyCause).toContain('“dup_tool” (pages 2 and 5)');
    expect(document.findings.filter((finding) => finding.code === 'name-duplicate')).toHaveLength(1);
  });
});
