/**
 * The real `loupe` against test/servers/hostile.mjs: terminal escapes in every place server text reaches the
 * terminal, a 100 MB description, 200,000 tools on one page and a schema 100,000 levels deep.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/shared/snapshot.js';
import { hostileText } from '../servers/hostileText.mjs';
import { requireBuild, runLoupe } from './loupe.js';

beforeAll(requireBuild);

const hostileServer = fileURLToPath(new URL('../servers/hostile.mjs', import.meta.url));
const hostile = (mode: string, ...flags: string[]) => ['--', process.execPath, hostileServer, mode, ...flags];

const directory = mkdtempSync(join(tmpdir(), 'loupe-cli-hostile-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** ESC, BEL, every other C0 but newline, DEL, C1 (U+009B is a one-byte CSI) and the bidi controls. */
const obeyed = /(?!\n)[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

function expectInert(text: string): void {
  const found = obeyed.exec(text);
  expect(
    found,
    found
      ? `raw U+${found[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${found.index}: …${text.slice(found.index - 40, found.index)}`
      : '',
  ).toBeNull();
}

/** The visible escapes of each sequence of hostileText. */
const visible = [
  '\\u001b]52;c;cHduZWQ=\\u0007',
  '\\u001b]0;pwned title\\u0007',
  '\\u001b[2J',
  '\\u001b]8;;https://evil.example/\\u001b\\link',
  '\\u009b31m',
  '\\u202eevil\\u202c',
  '\\u2066iso\\u2069',
];

describe('loupe shows hostile server text inert', { timeout: 60_000 }, () => {
  it('list: names, titles and descriptions in the table', async () => {
    const run = await runLoupe(['list', ...hostile('escapes')]);
    expect(run.code, run.stderr).toBe(0);
    expectInert(run.stdout);
    expectInert(run.stderr);
    expect(run.stdout).toContain('named\\u001b]0;pwned\\u0007\\u202e');
    expect(run.stdout).toContain('Title osc52 \\u001b]52;c;cHduZWQ');
    expect(run.stdout).toMatch(/^2 tools · 1 page$/m);
    // A cut cell never ends in half an escape.
    expect(run.stdout).not.toMatch(/\\u[0-9a-f]{0,3}…/);
  });

  it('lint: findings quote the name escaped', async () => {
    const run = await runLoupe(['lint', ...hostile('escapes')]);
    expect(run.code, run.stderr).toBe(0);
    expectInert(run.stdout);
    expectInert(run.stderr);
    expect(run.stdout).toMatch(
      /^warning +name-charset +named\\u001b\]0;pwned\\u0007\\u202e +Tool "named\\u001b\]0;pwned\\u0007\\u202e" uses characters/m,
    );
  });

  it('call: the result text', async () => {
    const run = await runLoupe(['call', 'evil_tool', ...hostile('escapes')]);
    expect(run.code, run.stderr).toBe(0);
    expectInert(run.stdout);
    expect(run.stdout.split('\n')[0]).toBe(
      `Result osc52 ${visible[0]} osc0 ${visible[1]} csi ${visible[2]} osc8 ${visible[3]}\\u001b]8;;\\u001b\\ c1 ${visible[4]} bidi ${visible[5]} ${visible[6]} end`,
    );
  });

  it('a JSON-RPC error message: one stderr line, escaped', async () => {
    const run = await runLoupe(['list', ...hostile('error')]);
    expect(run.code).toBe(1);
    expectInert(run.stdout);
    expectInert(run.stderr);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^loupe: rpc-error: tools\/list failed on page 1: .*Refused: osc52 /);
    for (const sequence of visible) expect(lines[0]).toContain(sequence);
  });

  it("the server's last stderr line when it exits: one error line and the doctor's, escaped", async () => {
    const run = await runLoupe(['list', ...hostile('stderr-exit')]);
    expect(run.code).toBe(1);
    expectInert(run.stderr);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    // The doctor quotes the stderr line too: as inert as the error line.
    expect(lines[1]).toMatch(/^ {2}likely cause: The command exited with exit code 3 .*hostile server: dying osc52 /);
    for (const sequence of visible) expect(lines[1]).toContain(sequence);
    expect(lines[0]).toMatch(/^loupe: server exited: .*code 3.*hostile server: dying osc52 /);
    for (const sequence of visible) expect(lines[0]).toContain(sequence);
  });

  it('--json escapes C1 and bidi controls too, and parses back to exactly what the server sent', async () => {
    const run = await runLoupe(['list', '--json', ...hostile('escapes')]);
    expect(run.code, run.stderr).toBe(0);
    expectInert(run.stdout);
    expect(run.stdout).toContain('\\u001b]52;c;');
    expect(run.stdout).toContain('\\u009b31m');
    expect(run.stdout).toContain('\\u202eevil\\u202c');
    expect(run.stdout).toContain('\\u2066iso\\u2069');
    const document = JSON.parse(run.stdout) as {
      items: { name: string; title?: string; description: string }[];
      serverInfo: { name: string };
    };
    expect(document.items.map((item) => item.name)).toEqual(['evil_tool', 'named\x1b]0;pwned\x07\u202e']);
    expect(document.items[0]?.title).toBe(`Title ${hostileText}`);
    expect(document.items[0]?.description).toBe(`Line one ${hostileText}\nline two`);
    expect(document.serverInfo.name).toBe('hostile\x1b]0;pwned\x07');
  });

  it('call --json: the result, escaped and exact', async () => {
    const run = await runLoupe(['call', 'evil_tool', '--json', ...hostile('escapes')]);
    expect(run.code, run.stderr).toBe(0);
    expectInert(run.stdout);
    expect((JSON.parse(run.stdout) as { content: { text: string }[] }).content[0]?.text).toBe(
      `Result ${hostileText}`,
    );
  });
});

describe('loupe survives huge, wide and deep lists', { timeout: 180_000 }, () => {
  it('a 100 MB description: past the default frame limit one named error; with the limit raised, list completes and prints the description cut', async () => {
    const refused = await runLoupe(['list', ...hostile('huge')], { timeoutMs: 150_000 });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(
      /^loupe: frame-too-large: tools\/list failed on page 1: A stdout line passed the limit of 67108864 bytes \(maxFrameBytes\)/,
    );
    const run = await runLoupe(['list', '--max-frame-bytes', String(256 * 1024 * 1024), ...hostile('huge')], {
      timeoutMs: 150_000,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^huge_tool +Describes itself at great length\. .{20,}…$/m);
    expect(run.stdout).toMatch(/^1 tool · 1 page$/m);
  });

  it('200,000 tools on one page: every one counted', async () => {
    const run = await runLoupe(['list', ...hostile('many')], { timeoutMs: 150_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^200,000 tools · 1 page$/m);
    expect(run.stdout).toMatch(/^tool_000001 +Tool 1\.$/m);
    expect(run.stdout).toMatch(/^tool_200000 +Tool 200000\.$/m);
  });

  it('a schema 100,000 levels deep: lint names it, with the limit', async () => {
    const run = await runLoupe(['lint', ...hostile('deep')], { timeoutMs: 120_000 });
    expect(run.stderr.trim()).toBe('loupe: lint found 1 error');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^error +schema-too-deep +deep_tool +Tool "deep_tool" has an inputSchema nested more than 256 levels deep/m,
    );
    expect(run.stdout).toMatch(/^1 error, 0 warnings, 0 info$/m);
  });

  it('a schema 100,000 levels deep: list --json writes it whole', async () => {
    const run = await runLoupe(['list', '--json', ...hostile('deep', '--depth', '20000')], {
      timeoutMs: 120_000,
    });
    expect(run.code, run.stderr).toBe(0);
    const document = JSON.parse(run.stdout) as {
      items: { name: string; inputSchema: unknown }[];
      findings: { code: string; tool: string }[];
    };
    expect(document.items.map((item) => item.name)).toEqual(['deep_tool', 'plain_tool']);
    expect(document.findings.map((finding) => [finding.code, finding.tool])).toEqual([
      ['schema-too-deep', 'deep_tool'],
    ]);
    let node = document.items[0]?.inputSchema as { properties?: { child: unknown } } | undefined;
    let depth = 0;
    while (node?.properties) {
      node = node.properties.child as typeof node;
      depth += 1;
    }
    expect(depth).toBe(20000);
    expect(node).toEqual({ type: 'string' });
  });

  it('a schema 100,000 levels deep: snapshot writes the file, with the tool and the finding, secrets scrubbed', async () => {
    const out = join(directory, 'deep.json');
    const secret = 'sk-hostile-secret-123456';
    const run = await runLoupe(['snapshot', '--out', out, '--env', `API_KEY=${secret}`, ...hostile('deep')], {
      timeoutMs: 150_000,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(`Wrote ${out}: hostile 1.0.0, 2 tools over 1 page, 1 finding, 7 frames`); // the auto probe (server/discover and its -32601) comes first
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain(secret);
    const snapshot = JSON.parse(text) as Snapshot;
    expect(snapshot.connected).toBe(true);
    expect(snapshot.toolsComplete).toBe(true);
    expect(snapshot.toolNames).toEqual(['deep_tool', 'plain_tool']);
    expect(snapshot.tools[0]?.name).toBe('deep_tool');
    expect(snapshot.findings.map((finding) => [finding.code, finding.tool])).toEqual([
      ['schema-too-deep', 'deep_tool'],
    ]);
    expect(
      snapshot.frames.some(
        (frame) => frame.raw.startsWith('{"jsonrpc":"2.0","id":') && frame.raw.includes('"name":"deep_tool"'),
      ),
    ).toBe(true);
  });
});
