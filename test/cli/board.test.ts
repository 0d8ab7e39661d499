import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, runLoupe } from './loupe.js';

const releases = fileURLToPath(new URL('../servers/releases.mjs', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'loupe-cli-board-'));
const folder = join(directory, 'snapshots');
const payload = '<img src=x onerror=alert(1)>';

interface RawSnapshot {
  connected: boolean;
  testedAt: string;
  serverInfo?: { name?: string; version?: string };
  error?: { kind: string };
  tools: Record<string, unknown>[];
  pages: { nextCursor?: string }[];
}

beforeAll(async () => {
  requireBuild();
  mkdirSync(folder);
  const runs = [
    ['releases.json', '--', process.execPath, releases, '--release', '1'],
    ['demo.json', '--demo'],
    ['hostile.json', '--', process.execPath, releases, '--release', '2', '--hostile'],
    ['failed.json', '--', 'loupe-no-such-command-xyz'],
  ];
  for (const [name, ...target] of runs) {
    const run = await runLoupe(['snapshot', '--out', join(folder, name), ...target]);
    expect(run.code, run.stderr).toBe(name === 'failed.json' ? 1 : 0);
  }
  writeFileSync(join(folder, 'notes.txt'), 'not a snapshot, and not *.json: left out');
}, 90_000);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function snapshots(): RawSnapshot[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as RawSnapshot);
}

/** Present: neither absent, null nor a blank string. */
function present(value: unknown): boolean {
  return value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
}

function share(count: number, total: number): string {
  return `${Math.round((count / total) * 100)}%`;
}

function row(markdown: string, first: string): string[] | undefined {
  const line = markdown.split('\n').find((candidate) => candidate.startsWith(`| ${first} |`));
  return line?.slice(2, -2).split(' | ');
}

describe('loupe board', { timeout: 60_000 }, () => {
  it('prints one dated row per snapshot, the failed one with its error', async () => {
    const run = await runLoupe(['board', folder]);
    expect(run.code, run.stderr).toBe(0);
    const all = snapshots();
    expect(all).toHaveLength(4);
    expect(run.stdout.split('\n')[0]).toBe('# tools/list board: 4 snapshots, 3 connected, 178 tools');
    const releasesRow = row(run.stdout, 'loupe-releases');
    const date = all
      .find((snapshot) => snapshot.serverInfo?.name === 'loupe-releases')
      ?.testedAt.slice(0, 16)
      .replace('T', ' ');
    expect(releasesRow?.slice(0, 7)).toEqual(['loupe-releases', '1.0.0', date, 'yes', '7', '3', 'yes']);
    expect(releasesRow?.[7]).toMatch(/^\d+ ms$/);
    expect(releasesRow?.[8]).toBe('2025-11-25');
    expect(row(run.stdout, 'loupe-demo')?.slice(0, 7)).toEqual([
      'loupe-demo',
      '1.0.0',
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
      'yes',
      '163',
      '5',
      'yes',
    ]);
    const failed = row(run.stdout, join(folder, 'failed.json'));
    expect(failed?.[3]).toMatch(/^no — command-not-found: .*loupe-no-such-command-xyz/);
    expect(failed?.slice(4)).toEqual(['—', '—', '—', '—', '—', '—']);
    // Portability by Loupe's profiles: the demo's 163 tools are past VS Code's 128 and Cursor's 40, which limit (never
    // refuse); its configure_alert has a top-level allOf, which the Anthropic API (and so Claude Code) refuses. Gemini
    // takes the schemas as parametersJsonSchema: no refusal.
    expect(row(run.stdout, 'loupe-demo')?.[9]).toMatch(
      /^refused: openai-strict \d+, anthropic 1, claude-code 1 · limited: vscode 35, cursor 123$/,
    );
    // The hostile server's name is escaped, never raw HTML, in the Markdown too.
    expect(row(run.stdout, '&lt;img src=x onerror=alert(1)&gt;')?.slice(1, 2)).toEqual(['2.0.0']);
    expect(run.stdout).not.toContain(payload);
  });

  it('counts fields, naming, name lengths and pagination as the snapshot files say', async () => {
    const run = await runLoupe([
      'board',
      ...readdirSync(folder)
        .filter((name) => name.endsWith('.json'))
        .map((name) => join(folder, name)),
    ]);
    expect(run.code, run.stderr).toBe(0);
    const connected = snapshots().filter((snapshot) => snapshot.connected);
    const tools = connected.flatMap((snapshot) => snapshot.tools);
    const total = tools.length;
    expect(total).toBe(7 + 163 + 8);
    expect(run.stdout).toContain(`## Across ${total} tools on 3 connected servers`);
    const fields: [string, (tool: Record<string, unknown>) => unknown][] = [
      ['name', (tool) => tool.name],
      ['inputSchema', (tool) => tool.inputSchema],
      ['annotations', (tool) => tool.annotations],
      ['description', (tool) => tool.description],
      ['title', (tool) => tool.title],
      ['outputSchema', (tool) => tool.outputSchema],
      ['icons', (tool) => tool.icons],
      [
        'execution.taskSupport',
        (tool) => (tool.execution as Record<string, unknown> | undefined)?.taskSupport,
      ],
      ['_meta', (tool) => tool._meta],
    ];
    for (const [field, read] of fields) {
      const count = tools.filter((tool) => present(read(tool))).length;
      expect(row(run.stdout, field), field).toEqual([field, String(count), share(count, total)]);
    }
    // The releases server's `list-items` has description "": counted absent.
    expect(Number(row(run.stdout, 'description')?.[1])).toBeLessThan(total);

    const names = tools.map((tool) => tool.name).filter((name): name is string => typeof name === 'string');
    const snake = names.filter((name) => /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(name)).length;
    const kebab = names.filter((name) => /^[a-z][a-z0-9]*(-[a-z0-9]+)+$/.test(name)).length;
    const camel = names.filter((name) => /^[a-z][a-z0-9]*([A-Z][a-z0-9]*)+$/.test(name)).length;
    expect(row(run.stdout, 'snake_case')).toEqual(['snake_case', String(snake), share(snake, total)]);
    expect(row(run.stdout, 'kebab-case')).toEqual(['kebab-case', String(kebab), share(kebab, total)]);
    expect(row(run.stdout, 'camelCase')).toEqual(['camelCase', String(camel), share(camel, total)]);
    const other = total - snake - kebab - camel;
    expect(row(run.stdout, 'single word or other')).toEqual([
      'single word or other',
      String(other),
      share(other, total),
    ]);
    expect(kebab).toBeGreaterThan(0);
    expect(camel).toBeGreaterThan(0);

    const lengths = names.map((name) => [...name].length).sort((left, right) => left - right);
    const middle = lengths.length / 2;
    const median =
      lengths.length % 2 === 1 ? lengths[Math.floor(middle)] : (lengths[middle - 1] + lengths[middle]) / 2;
    expect(run.stdout).toContain(
      `Name lengths ran from ${lengths[0]} to ${lengths.at(-1)} characters, median ${median}.`,
    );

    const paginated = connected.filter((snapshot) =>
      snapshot.pages.some((page) => page.nextCursor !== undefined),
    ).length;
    expect(paginated).toBe(3);
    expect(run.stdout).toContain(`${paginated} of 3 connected servers paginated (returned a nextCursor): `);
    expect(row(run.stdout, 'annotations-untrusted')?.slice(0, 2)).toEqual(['annotations-untrusted', 'info']);
  });

  it('writes a self-contained HTML page with every server text escaped and no script', async () => {
    const run = await runLoupe(['board', '--html', folder]);
    expect(run.code, run.stderr).toBe(0);
    const html = run.stdout;
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain(payload);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/(?:src|href)=["']?https?:/i);
    expect(html).toContain("content=\"default-src 'none'; style-src 'unsafe-inline'\"");
    expect(html).toContain('<td>&#60;img src=x onerror=alert(1)&#62;</td>');
    expect(html).toContain('<style>');
    // The hostile tool's description `<script>…` is in the snapshot; the page counts it, and shows no tool text.
    expect(readFileSync(join(folder, 'hostile.json'), 'utf8')).toContain('<script>alert(1)</script>');
  });

  it('a file that is not a readable snapshot is a row carrying its error: the board is printed, exit 1', async () => {
    const mixed = join(directory, 'mixed');
    mkdirSync(mixed);
    writeFileSync(join(mixed, 'a-demo.json'), readFileSync(join(folder, 'demo.json')));
    writeFileSync(join(mixed, 'b-array.json'), '[1, 2, 3]');
    writeFileSync(join(mixed, 'c-corrupt.json'), '{"format": "loupe.snapshot/1", ');
    mkdirSync(join(mixed, 'd-folder.json')); // a folder named like a snapshot (chmod 000 would not stop root)
    const run = await runLoupe(['board', mixed]);
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('# tools/list board: 4 snapshots (3 unreadable), 1 connected, 163 tools');
    expect(row(run.stdout, 'loupe-demo')?.slice(0, 5)).toEqual([
      'loupe-demo',
      '1.0.0',
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
      'yes',
      '163',
    ]);
    const array = join(mixed, 'b-array.json');
    expect(row(run.stdout, array)).toEqual([
      array,
      '—',
      '—',
      `unreadable — snapshot-invalid: ${array}: Not a Loupe snapshot: the file holds a JSON array, not an object.`,
      '—',
      '—',
      '—',
      '—',
      '—',
      '—',
    ]);
    expect(row(run.stdout, join(mixed, 'c-corrupt.json'))?.[3]).toMatch(
      /^unreadable — snapshot-invalid: .*c-corrupt\.json: Not a Loupe snapshot: the file is not JSON/,
    );
    const folderRow = join(mixed, 'd-folder.json');
    expect(row(run.stdout, folderRow)?.[3]).toBe(
      `unreadable — io-error: Could not read ${folderRow}: it is a folder.`,
    );
    expect(run.stdout).toContain('## Across 163 tools on 1 connected server');
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `loupe: board: snapshot-invalid: ${array}: Not a Loupe snapshot: the file holds a JSON array, not an object`,
      expect.stringMatching(
        /^loupe: board: snapshot-invalid: .*c-corrupt\.json: Not a Loupe snapshot: the file is not JSON/,
      ),
      `loupe: board: io-error: Could not read ${folderRow}: it is a folder`,
      'loupe: 3 of 4 files could not be read as snapshots (their rows say why)',
    ]);
    const json = await runLoupe(['board', '--json', mixed]);
    expect(json.code).toBe(1);
    const board = JSON.parse(json.stdout) as {
      rows: { readable: boolean; error?: string }[];
      totals: { unreadable: number };
    };
    expect(board.rows.map((entry) => entry.readable)).toEqual([true, false, false, false]);
    expect(board.totals.unreadable).toBe(3);
    expect((await runLoupe(['board'])).code).toBe(2);
    expect((await runLoupe(['board', '--demo'])).code).toBe(2);
  });
});
