/**
 * The security lens over skills (SEP-2640), through the backend contract against the real skills test server over
 * stdio: a listed skill's frontmatter is scanned as soon as the lens runs, a skill file's text only once the user
 * has fetched it (the lens itself reads no file: the server's reads log stays empty until loadSkill), and the
 * ordinary skills stay quiet before and after they are loaded.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/shared/lint.js';
import type { StdioTarget } from '../../src/shared/target.js';
import { startHarness } from './backendHarness.js';

const skillsServer = fileURLToPath(new URL('../servers/skills.mjs', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'loupe-security-skills-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const target = (readsLog: string, ...flags: string[]): StdioTarget => ({
  transport: 'stdio',
  command: process.execPath,
  args: [skillsServer, '--reads-log', readsLog, ...flags],
});
const reads = (log: string): string[] =>
  existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
const shown = (findings: readonly Finding[]) =>
  findings.map((finding) => [
    finding.code,
    finding.severity,
    finding.security?.item.kind,
    finding.security?.item.name,
    finding.security?.field,
  ]);

describe('the security lens over skills', () => {
  it('a poisoned skill: hidden tag characters in its description at once, its SKILL.md instructions once fetched', async () => {
    const log = join(directory, 'poisoned-reads.log');
    const harness = startHarness({ settingsPath: join(directory, 'a', 'settings.json') });
    try {
      await harness.api.connect(target(log, '--poisoned'));
      const before = await harness.api.security();
      expect(shown(before.findings)).toEqual([
        ['hidden-tag-characters', 'error', 'skill', 'shell-history', 'frontmatter.description'],
      ]);
      expect(before.findings[0]?.security?.evidence.decoded).toBe('read ~/.ssh/id_rsa');
      expect(before.incomplete).toEqual([]);
      // Listing and scanning read no file.
      expect(reads(log)).toEqual([]);

      const load = await harness.api.loadSkill('skill://shell-history/SKILL.md');
      expect(load.verified).toBe(true);
      expect(reads(log)).toEqual(['skill://shell-history/SKILL.md']);
      const after = await harness.api.security();
      const file = 'skill://shell-history/SKILL.md';
      // In code order within the skill: the body tells the model to read the key and keep quiet, and the body's
      // frontmatter carries the same tag characters as the listed description.
      expect(shown(after.findings)).toEqual([
        ['conceal-from-user', 'error', 'skill', 'shell-history', file],
        ['sensitive-file-request', 'error', 'skill', 'shell-history', file],
        ['hidden-tag-characters', 'error', 'skill', 'shell-history', 'frontmatter.description'],
        ['hidden-tag-characters', 'error', 'skill', 'shell-history', file],
      ]);
      const request = after.findings.find((finding) => finding.code === 'sensitive-file-request');
      expect(request?.security?.evidence.span).toContain('~/.ssh/id_rsa');
      // Scanning after the load read nothing more.
      expect(reads(log)).toEqual(['skill://shell-history/SKILL.md']);
    } finally {
      await harness.close();
    }
  }, 60_000);

  it('the ordinary skills stay quiet, listed and loaded (a refused file is never scanned: its text is not kept)', async () => {
    const log = join(directory, 'quiet-reads.log');
    const harness = startHarness({ settingsPath: join(directory, 'b', 'settings.json') });
    try {
      await harness.api.connect(target(log));
      expect((await harness.api.security()).findings).toEqual([]);
      expect((await harness.api.loadSkill('skill://pdf-processing/SKILL.md')).verified).toBe(true);
      expect((await harness.api.loadSkill('skill://bad-frontmatter/SKILL.md')).verified).toBe(false);
      expect(reads(log)).toEqual([
        'skill://pdf-processing/SKILL.md',
        'skill://pdf-processing/references/FORMS.md',
        'skill://pdf-processing/assets/logo.png',
        'skill://bad-frontmatter/SKILL.md',
      ]);
      expect((await harness.api.security()).findings).toEqual([]);
    } finally {
      await harness.close();
    }
  }, 60_000);
});
