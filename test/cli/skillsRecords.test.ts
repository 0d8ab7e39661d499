/**
 * Skills in the records: `loupe snapshot` keeps the skills listing (no file read) and its lint findings, `loupe diff`
 * classes a changed SKILL.md digest as drift (exit 0 at the default --fail-on breaking, 1 at drift), and `loupe
 * board` adds a Skills section. Against test/servers/skills.mjs over stdio.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, runLoupe } from './loupe.js';

const skillsServer = new URL('../servers/skills.mjs', import.meta.url).pathname;
const folder = mkdtempSync(join(tmpdir(), 'loupe-skill-records-'));
const before = join(folder, 'before.json');
const after = join(folder, 'after.json');
const reads = join(folder, 'reads.txt');

beforeAll(async () => {
  requireBuild();
  const first = await runLoupe([
    'snapshot',
    '--out',
    before,
    '--',
    process.execPath,
    skillsServer,
    '--reads-log',
    reads,
  ]);
  expect(first.code, first.stderr).toBe(0);
  const second = await runLoupe([
    'snapshot',
    '--out',
    after,
    '--',
    process.execPath,
    skillsServer,
    '--changed',
  ]);
  expect(second.code, second.stderr).toBe(0);
}, 60_000);

describe('skills in snapshot, diff and board', () => {
  it('a snapshot holds every listed skill as sent, its findings, and read no file', () => {
    const snapshot = JSON.parse(readFileSync(before, 'utf8')) as {
      skills: { items: { uri: string }[]; pages: unknown[]; complete: boolean };
      findings: { code: string; skill?: string }[];
    };
    expect(snapshot.skills.complete).toBe(true);
    expect(snapshot.skills.pages).toHaveLength(4);
    expect(snapshot.skills.items).toHaveLength(7);
    expect(
      snapshot.findings.filter((finding) => finding.skill !== undefined).map((finding) => finding.code),
    ).toEqual(['skill-entry-invalid', 'skill-frontmatter']);
    expect(existsSync(reads)).toBe(false);
  });

  it('diff: a changed SKILL.md is drift (why is in the line), passing --fail-on breaking and failing --fail-on drift', async () => {
    const run = await runLoupe(['diff', before, after]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    const heading = lines.indexOf('Skills: 0 removed, 0 added, 1 changed');
    expect(heading).toBeGreaterThan(-1);
    expect(lines[heading + 1]).toBe('  ~ skill://pdf-processing/SKILL.md  changed  DRIFT');
    expect(lines[heading + 2]).toMatch(
      /^ {6}resources\[skill:\/\/pdf-processing\/SKILL\.md\]\.digest {2}content changed \(new digest sha256:[0-9a-f]{12}…\): drift, the skill's words changed under the same URI {2}\(drift\)$/,
    );
    const strict = await runLoupe(['diff', before, after, '--fail-on', 'drift', '--json']);
    expect(strict.code).toBe(1);
    const document = JSON.parse(strict.stdout) as {
      skills: { skill: string; drift: boolean; breaking: boolean }[];
    };
    expect(document.skills).toEqual([
      expect.objectContaining({ skill: 'skill://pdf-processing/SKILL.md', drift: true, breaking: false }),
    ]);
  });

  it('board: a Skills section with each server’s count and errors', async () => {
    const run = await runLoupe(['board', before]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('### Skills');
    expect(run.stdout).toMatch(/\| loupe-skills-test +\| 7 +\| 2 +\|/);
    expect(run.stdout).toMatch(/\| skill-frontmatter +\| error +\| 1 +\| 1 +\|/);
  });
});
