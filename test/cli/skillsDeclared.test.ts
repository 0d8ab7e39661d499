/**
 * Loupe declares the skills extension (io.modelcontextprotocol/skills, SEP-2640) in its own client capabilities,
 * as SEP-2133 negotiates extensions from both sides: against the skills test server in --strict mode (it refuses
 * skills/list unless the client declared the extension) the listing works in both eras, and fails with the
 * server's refusal when the user leaves the extension out (--extensions tasks,ui).
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, runLoupe } from './loupe.js';

beforeAll(requireBuild);

const skillsServer = fileURLToPath(new URL('../servers/skills.mjs', import.meta.url));
const strict = ['--', process.execPath, skillsServer, '--strict'];

describe('the skills extension in the client capabilities', () => {
  for (const protocol of ['legacy', 'modern']) {
    it(`${protocol}: a strict server lists skills to Loupe, and refuses when the extension is left out`, async () => {
      const listed = await runLoupe([
        'list',
        '--kind',
        'skills',
        '--json',
        '--protocol',
        protocol,
        ...strict,
      ]);
      expect(listed.code, listed.stderr).toBe(0);
      const document = JSON.parse(listed.stdout) as { skills: { name: string }[] };
      expect(document.skills.map((skill) => skill.name)).toEqual([
        'pdf-processing',
        'bad-digest',
        'bad-size',
        'bad-frontmatter',
        'bad-reference',
        'dynamic-notes',
        'Bad_Name',
      ]);
      const refused = await runLoupe([
        'list',
        '--kind',
        'skills',
        '--protocol',
        protocol,
        '--extensions',
        'tasks,ui',
        ...strict,
      ]);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('The client did not declare the skills extension');
    }, 60_000);
  }
});
