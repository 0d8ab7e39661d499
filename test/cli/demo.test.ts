import { beforeAll, describe, expect, it } from 'vitest';
import { gradientPng } from '../../src/demo/png.js';
import { requireBuild, runLoupe } from './loupe.js';

beforeAll(requireBuild);

interface ListDocument {
  protocolVersion: string;
  serverInfo: { name: string; version: string };
  capabilities: Record<string, unknown>;
  complete: boolean;
  pages: { index: number; cursor?: string; nextCursor?: string; itemCount: number }[];
  items: { name: string; inputSchema: Record<string, unknown>; icons?: unknown[] }[];
  findings: { code: string; severity: string; tool?: string }[];
  summary: { toolCount: number; fields: Record<string, number> };
}

describe('loupe against the embedded demo server (--demo)', { timeout: 60_000 }, () => {
  it('lists every tool over several pages as a table with a footer', async () => {
    const run = await runLoupe(['list', '--demo']);
    // stderr says what Loupe declared (a server may list more to a client that declares more), nothing else.
    expect(run.stderr).toBe(
      'loupe: client capabilities declared: tasks; extensions: tasks, ui, skills; not declared: sampling, elicitation, roots (a server may list more to a client that declares them: --input …)\n',
    );
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+TITLE\s+DESCRIPTION\s+REQUIRED$/);
    expect(lines.at(-1)).toBe('163 tools · 5 pages');
    expect(run.stdout).toMatch(
      /^echo\s+Echo\s+Returns the arguments it received, exactly, as JSON text\.\s*$/m,
    );
    expect(run.stdout).toMatch(
      /^schedule_meeting\s+Schedule meeting \(formats\)\s+String formats.*\s+day, starts_at, organiser$/m,
    );
    // No lens the table does not show: the context cost is counted only with --costs (test/cli/portability.test.ts).
    expect(run.stdout).not.toContain('Context cost');
    // One row per tool between the header and the blank line before the footer.
    expect(lines.length).toBe(1 + 163 + 2);
  });

  it('lists as JSON with every item exactly as sent, pages with opaque cursors, findings and summary', async () => {
    const run = await runLoupe(['list', '--demo', '--json']);
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout) as ListDocument;
    expect(document.serverInfo).toMatchObject({ name: 'loupe-demo', version: '1.0.0' });
    expect(document.capabilities).toMatchObject({ tools: { listChanged: true }, logging: {} });
    expect(document.complete).toBe(true);
    expect(document.items.length).toBeGreaterThanOrEqual(150);
    expect(document.pages.map((page) => page.itemCount)).toEqual([40, 40, 40, 40, 3]);
    expect(document.pages[0]?.cursor).toBeUndefined();
    expect(document.pages[1]?.cursor).toBe(document.pages[0]?.nextCursor);
    expect(new Set(document.items.map((item) => item.name)).size).toBe(document.items.length);
    const pet = document.items.find((item) => item.name === 'register_pet');
    expect(pet?.inputSchema.$defs).toHaveProperty('Owner');
    expect(document.items.find((item) => item.name === 'long_running_export')?.icons).toHaveLength(1);
    expect(document.summary.toolCount).toBe(163);
    expect(document.findings.filter((finding) => finding.severity === 'error')).toEqual([]);
  });

  it('lists resources (paginated), templates and prompts', async () => {
    const resources = await runLoupe(['list', '--demo', '--kind', 'resources']);
    expect(resources.code).toBe(0);
    expect(resources.stdout.trimEnd().split('\n').at(-1)).toBe('60 resources · 3 pages');
    expect(resources.stdout).toMatch(/^demo:\/\/logo\.png\s+logo\s+image\/png$/m);
    const templates = await runLoupe(['list', '--demo', '--kind', 'templates']);
    expect(templates.stdout).toContain('demo://inventory/{sku}');
    expect(templates.stdout.trimEnd().split('\n').at(-1)).toBe('1 resource template · 1 page');
    const prompts = await runLoupe(['list', '--demo', '--kind', 'prompts']);
    expect(prompts.stdout).toMatch(/^summarize_ticket\s+Summarise a support ticket\s+.*\s+ticket_id$/m);
  });

  it('calls echo and gets back exactly the arguments it sent', async () => {
    const args = { message: 'héllo', nested: { list: [1, 2.5, null, true], empty: {} } };
    const run = await runLoupe(['call', 'echo', '--demo', '--args', JSON.stringify(args)]);
    expect(run.code).toBe(0);
    // stdout carries the result alone (no timing line), so `loupe call … | jq .` works; a pipe's stderr stays quiet.
    expect(run.stdout).toBe(`${JSON.stringify(args)}\n`);
    expect(JSON.parse(run.stdout)).toEqual(args);
    expect(run.stderr).toBe('');
    const raw = await runLoupe(['call', 'echo', '--demo', '--json', '--args', JSON.stringify(args)]);
    expect(JSON.parse(raw.stdout)).toEqual({ content: [{ type: 'text', text: JSON.stringify(args) }] });
  });

  it('exits 1 when the tool answers isError, after printing its content', async () => {
    const run = await runLoupe(['call', 'fail_with_error', '--demo', '--args', '{"reason":"disk full"}']);
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n')[0]).toBe('disk full');
    expect(run.stderr.trim()).toBe('loupe: tool error: fail_with_error answered with isError: true');
  });

  it('names a tool the server does not list', async () => {
    const run = await runLoupe(['call', 'no_such_tool', '--demo']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^loupe: rpc-error: tools\/call failed: .*Unknown tool: no_such_tool \(-32602\)$/,
    );
    expect(lines[1]).toMatch(
      /^ {2}likely cause: “no_such_tool” is not among the 163 tools the server listed: a typo/,
    );
    expect(lines[2]).toMatch(/^ {2}next step: Check the name against the listing/);
    expect(lines).toHaveLength(3);
  });

  it('shows call progress on stderr (with --debug when stderr is a pipe)', async () => {
    const args = ['call', 'long_running_export', '--demo', '--args', '{"steps":3,"step_ms":50}'];
    const quiet = await runLoupe(args);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout.split('\n')[0]).toBe('Export finished after 3 steps.');
    const debug = await runLoupe([...args, '--debug']);
    expect(debug.stderr.trimEnd().split('\n')).toEqual([
      'progress 1/3 Exported part 1 of 3',
      'progress 2/3 Exported part 2 of 3',
      'progress 3/3 Exported part 3 of 3',
    ]);
  });

  it('shows an image as its type and size', async () => {
    const run = await runLoupe(['call', 'render_chart', '--demo']);
    expect(run.code).toBe(0);
    const bytes = gradientPng().length.toLocaleString('en-US');
    // stdout is the text content alone; the image block is said on stderr.
    expect(run.stdout).toBe('A gradient\n');
    expect(run.stderr).toBe(`loupe: content[0]: [image image/png, ${bytes} bytes]\n`);
  });

  it('validates structuredContent against the outputSchema, both ways', async () => {
    const good = await runLoupe(['call', 'get_weather_report', '--demo', '--args', '{"city":"Delft"}']);
    expect(good.code).toBe(0);
    // stdout: the structuredContent alone, as JSON; the text block and the validation go to stderr.
    const report = JSON.parse(good.stdout) as Record<string, unknown>;
    expect(report.city).toBe('Delft');
    const goodLines = good.stderr.trimEnd().split('\n');
    expect(goodLines[0]).toMatch(
      /^loupe: content\[0\]: text, \d+ characters, the structuredContent as JSON \(--json prints the whole result\)$/,
    );
    expect(goodLines.slice(1)).toEqual(['loupe: structuredContent is valid against the outputSchema']);
    const bad = await runLoupe(['call', 'get_stock_level', '--demo', '--args', '{"sku":"A-1"}']);
    expect(bad.code).toBe(0);
    expect(JSON.parse(bad.stdout)).toEqual({ sku: 'A-1', onHand: 'twelve', warehouse: 'north' });
    expect(bad.stderr.trimEnd().split('\n').slice(1)).toEqual([
      'loupe: structuredContent is INVALID against the outputSchema:',
      '  (root) must NOT have additional properties (warehouse)',
      '  /onHand must be integer',
    ]);
  });

  it('lints the demo: no errors, annotations flagged as claims, and a field summary', async () => {
    const run = await runLoupe(['lint', '--demo']);
    expect(run.code).toBe(0);
    // One line for the 150 tools whose annotations are claims, not 150 identical lines.
    expect(run.stdout.split('\n').filter((line) => line.includes('annotations-untrusted'))).toEqual([
      expect.stringMatching(
        /^info\s+annotations-untrusted\s+150 tools\s+Tool "\S+" carries annotations; .* \(and 149 more tools alike; --json lists each\)$/,
      ),
    ]);
    const json = await runLoupe(['lint', '--demo', '--json']);
    const findings = (JSON.parse(json.stdout) as { findings: { code: string }[] }).findings;
    expect(findings.filter((finding) => finding.code === 'annotations-untrusted')).toHaveLength(150);
    expect(run.stdout).toMatch(/^inputSchema\s+163\s+100%$/m);
    expect(run.stdout).toMatch(/^snake_case\s+\d+\s+\d+%$/m);
    expect(run.stdout).toMatch(/^0 errors, /m);
  });
});
