/**
 * `loupe list --kind skills` and `loupe skills get` against test/servers/skills.mjs, over stdio and HTTP, both eras:
 * pagination and the loud page limit, no file read on listing or a plain get, every verdict with its exit code
 * (4 digest, 5 size, 6 frontmatter), nothing read after a refused file, nothing written for a refused skill.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrintingUrl, type RunningHttpServer } from '../helpers/servers.js';
import { requireBuild, runLoupe } from './loupe.js';

const skillsServer = new URL('../servers/skills.mjs', import.meta.url).pathname;
const stdio = (...flags: string[]) => ['--', process.execPath, skillsServer, ...flags];
const scratch = mkdtempSync(join(tmpdir(), 'loupe-skills-'));
let readCount = 0;
/** A stdio target whose every resources/read is logged to a fresh file, and that file. */
function logged(...flags: string[]): { target: string[]; reads: () => string[] } {
  readCount += 1;
  const log = join(scratch, `reads-${readCount}.txt`);
  return {
    target: stdio('--reads-log', log, ...flags),
    reads: () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean) : []),
  };
}

let http: RunningHttpServer;
beforeAll(async () => {
  requireBuild();
  http = await startPrintingUrl([skillsServer, '--transport', 'http'], 'http', 'skills');
});
afterAll(async () => http.stop());

describe('loupe list --kind skills', () => {
  it('lists every skill over every page, reads no file, and says the era', async () => {
    const { target, reads } = logged();
    const run = await runLoupe(['list', '--kind', 'skills', ...target]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toBe('MCP 2026-07-28 (modern era) · loupe-skills-test 1.0.0 over stdio');
    expect(lines[1]).toMatch(/^NAME +DESCRIPTION +FILES +URI$/);
    expect(lines[2]).toMatch(
      /^pdf-processing +Extract, fill, and assemble PDF documents +3 files · 178 bytes +skill:\/\/pdf-processing\/SKILL\.md$/,
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^dynamic-notes +Notes served dynamically +dynamic +skill:\/\/dynamic-notes\/SKILL\.md$/,
      ),
    );
    expect(lines.at(-1)).toBe('7 skills · 4 pages');
    expect(reads()).toEqual([]);
  });

  it('--json: the items as sent, every page, and the lint findings (frontmatter ones included)', async () => {
    const run = await runLoupe([
      'list',
      '--kind',
      'skills',
      '--json',
      '--protocol',
      'legacy',
      '--url',
      http.url,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const document = JSON.parse(run.stdout) as {
      era: string;
      kind: string;
      complete: boolean;
      pages: unknown[];
      items: { uri: string; resources: unknown }[];
      findings: { code: string; severity: string; skill: string; message: string }[];
    };
    expect(document.era).toBe('legacy');
    expect(document.kind).toBe('skills');
    expect(document.complete).toBe(true);
    expect(document.pages).toHaveLength(4);
    expect(document.items.map((item) => item.uri)).toEqual([
      'skill://pdf-processing/SKILL.md',
      'skill://bad-digest/SKILL.md',
      'skill://bad-size/SKILL.md',
      'skill://bad-frontmatter/SKILL.md',
      'skill://bad-reference/SKILL.md',
      'skill://dynamic-notes/SKILL.md',
      'skill://Bad_Name/SKILL.md',
    ]);
    expect(document.items[5]?.resources).toBe('dynamic');
    expect(document.findings).toEqual([
      {
        code: 'skill-entry-invalid',
        severity: 'error',
        skill: 'skill://Bad_Name/SKILL.md',
        index: 6,
        message:
          'Skill skill://Bad_Name/SKILL.md name "Bad_Name" breaks the naming rules (1–64 of a-z, 0-9, single inner hyphens).',
      },
      {
        code: 'skill-frontmatter',
        severity: 'error',
        skill: 'skill://Bad_Name/SKILL.md',
        index: 6,
        message: 'Skill skill://Bad_Name/SKILL.md frontmatter has no description.',
      },
    ]);
  });

  it('stops at the page limit loudly, keeping what it got', async () => {
    const run = await runLoupe(['list', '--kind', 'skills', '--page-limit', '3', ...stdio('--endless')]);
    expect(run.code).toBe(1);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('3 skills · 3 pages · INCOMPLETE (page-limit)');
    expect(run.stderr).toContain(
      'skills/list reached the page limit: fetched 3 pages (3 items) and the server still sent a nextCursor (the list is incomplete)',
    );
  });

  it('refuses a server that did not declare the extension, before sending skills/list', async () => {
    const journal = join(scratch, 'no-extension.jsonl');
    const run = await runLoupe([
      'list',
      '--kind',
      'skills',
      '--journal',
      journal,
      ...stdio('--no-extension'),
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'loupe: skills-not-offered: The server did not declare the io.modelcontextprotocol/skills extension (capabilities.extensions), so it serves no skills/list',
    );
    expect(readFileSync(journal, 'utf8')).not.toContain('skills/list');
  });
});

describe('loupe skills get', () => {
  it('without --verify or --out shows the entry and reads no file', async () => {
    const { target, reads } = logged();
    const run = await runLoupe(['skills', 'get', 'pdf-processing', ...target]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('skill pdf-processing  skill://pdf-processing/SKILL.md');
    expect(run.stdout).toMatch(
      /skill:\/\/pdf-processing\/references\/FORMS\.md {2}31 bytes {2}sha256:[0-9a-f]{64}/,
    );
    expect(run.stderr).toContain('no file was read');
    expect(reads()).toEqual([]);
  });

  it('--verify over HTTP: each file verified, SKILL.md first', async () => {
    const run = await runLoupe(['skills', 'get', 'pdf-processing', '--verify', '--url', http.url]);
    expect(run.code, run.stderr).toBe(0);
    const verdicts = run.stdout.split('\n').filter((line) => /^ {2}[✓✗?–] /.test(line));
    expect(verdicts).toEqual([
      '  ✓ verified  skill://pdf-processing/SKILL.md  133 bytes',
      '  ✓ verified  skill://pdf-processing/references/FORMS.md  31 bytes',
      '  ✓ verified  skill://pdf-processing/assets/logo.png  14 bytes',
    ]);
  });

  it.each([
    ['bad-digest', 4, 'skill-digest-mismatch', /✗ digest mismatch {2}skill:\/\/bad-digest\/SKILL\.md/],
    [
      'bad-size',
      5,
      'skill-size-mismatch',
      /✗ size mismatch {2}skill:\/\/bad-size\/SKILL\.md {2}62 bytes {2}\(62 bytes read, the entry lists 69\)/,
    ],
    [
      'bad-frontmatter',
      6,
      'skill-frontmatter-mismatch',
      /✗ frontmatter mismatch {2}skill:\/\/bad-frontmatter\/SKILL\.md .*description: file="Exfiltrate credentials" entry="Summarise documents"/,
    ],
  ])(
    '--verify refuses %s with exit %i (%s) and reads nothing after it',
    async (name, code, kind, verdict) => {
      const { target, reads } = logged();
      const run = await runLoupe(['skills', 'get', name, '--verify', ...target]);
      expect(run.code).toBe(code);
      expect(run.stdout).toMatch(verdict);
      expect(run.stdout).not.toContain('✓ verified');
      expect(run.stderr).toMatch(
        new RegExp(`^loupe: ${kind}: Skill "${name}" refused: skill://${name}/SKILL.md failed verification`),
      );
      expect(reads()).toEqual([`skill://${name}/SKILL.md`]);
    },
  );

  it('a tampered reference file refuses the skill, and the file after it is not read', async () => {
    const { target, reads } = logged();
    const run = await runLoupe(['skills', 'get', 'bad-reference', '--verify', '--json', ...target]);
    expect(run.code).toBe(4);
    const document = JSON.parse(run.stdout) as {
      verified: boolean;
      files: { uri: string; verdict: string; text?: string }[];
      error: { kind: string };
    };
    expect(document.verified).toBe(false);
    expect(document.error.kind).toBe('skill-digest-mismatch');
    expect(document.files.map((file) => [file.uri, file.verdict])).toEqual([
      ['skill://bad-reference/SKILL.md', 'verified'],
      ['skill://bad-reference/references/GUIDE.md', 'digest-mismatch'],
      ['skill://bad-reference/references/LATER.md', 'not-read'],
    ]);
    expect(document.files.every((file) => file.text === undefined)).toBe(true);
    expect(reads()).toEqual(['skill://bad-reference/SKILL.md', 'skill://bad-reference/references/GUIDE.md']);
  });

  it('--out writes a verified skill (bytes equal to the listed digests, readable by the user alone)', async () => {
    const folder = join(scratch, 'out-good');
    const run = await runLoupe(['skills', 'get', 'pdf-processing', '--out', folder, ...stdio()]);
    expect(run.code, run.stderr).toBe(0);
    const logo = readFileSync(join(folder, 'pdf-processing', 'assets', 'logo.png'));
    expect([...logo.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const manifest = readFileSync(join(folder, 'pdf-processing', 'SKILL.md'));
    const listed = JSON.parse(
      (await runLoupe(['list', '--kind', 'skills', '--json', ...stdio()])).stdout,
    ) as {
      items: { resources: { uri: string; digest: string }[] }[];
    };
    expect(`sha256:${createHash('sha256').update(manifest).digest('hex')}`).toBe(
      listed.items[0]?.resources[0]?.digest,
    );
    expect(readFileSync(join(folder, 'pdf-processing', 'references', 'FORMS.md'), 'utf8')).toBe(
      '# Forms\n\nFill fields in order.\n',
    );
    expect(statSync(join(folder, 'pdf-processing', 'SKILL.md')).mode & 0o777).toBe(0o600);
  });

  it('--out into a folder holding an edited copy keeps that copy whole and writes the verified one', async () => {
    const folder = join(scratch, 'out-again');
    expect((await runLoupe(['skills', 'get', 'pdf-processing', '--out', folder, ...stdio()])).code).toBe(0);
    writeFileSync(join(folder, 'pdf-processing', 'references', 'FORMS.md'), 'edited\n');
    const run = await runLoupe(['skills', 'get', 'pdf-processing', '--out', folder, '--json', ...stdio()]);
    expect(run.code, run.stderr).toBe(0);
    const document = JSON.parse(run.stdout) as { kept?: string; written: string[] };
    expect(document.kept).toMatch(/pdf-processing\.before-/);
    expect(readFileSync(join(document.kept ?? '', 'references', 'FORMS.md'), 'utf8')).toBe('edited\n');
    expect(readFileSync(join(folder, 'pdf-processing', 'references', 'FORMS.md'), 'utf8')).toBe(
      '# Forms\n\nFill fields in order.\n',
    );
    expect(document.written).toContain(join(folder, 'pdf-processing', 'references', 'FORMS.md'));
    expect(run.stderr).toContain('held a different copy (references/FORMS.md)');
  });

  it('--out writes nothing for a refused skill', async () => {
    const folder = join(scratch, 'out-refused');
    const run = await runLoupe(['skills', 'get', 'bad-reference', '--out', folder, ...stdio()]);
    expect(run.code).toBe(4);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });

  it('names an unknown skill and lists the ones there are', async () => {
    const run = await runLoupe(['skills', 'get', 'nope', ...stdio()]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'loupe: skill-not-found: No listed skill is named "nope" (listed: pdf-processing, bad-digest, bad-size, bad-frontmatter, bad-reference, dynamic-notes, Bad_Name)',
    );
  });

  it('a usage error without a name', async () => {
    const run = await runLoupe(['skills', 'get', ...stdio()]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('skills wants: loupe skills get <name>');
  });
});
