/**
 * The Agent Skill Loupe ships (resources/skills/loupe-testing: SKILL.md and the files it points to, the open skills
 * format): served by `loupe mcp` through the skills extension (SEP-2640: skills/list, skills/get, each file read
 * with resources/read and checked against its SHA-256 digest and size), and written to a folder for hosts that load
 * skills from disk (`loupe mcp --write-skill <dir>`).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LoupeError } from '../../shared/errors.js';
import type { JsonObject } from '../../shared/json.js';
import { readFrontmatter } from '../skills/frontmatter.js';
import { writeWholeFolder, type FolderWrite } from '../wholeFolder.js';

export const skillName = 'loupe-testing';

export interface SkillFile {
  /** The path inside the skill's folder, with / (SKILL.md, references/collections.md…). */
  path: string;
  uri: string;
  text: string;
  digest: string;
  size: number;
  mimeType: string;
}

export interface ServedSkill {
  entry: JsonObject;
  files: SkillFile[];
}

/** The skill's folder in this install: resources/skills/loupe-testing above this file (src/ or out/node/…). */
export function skillFolder(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(folder, 'resources', 'skills', skillName);
    if (existsSync(join(candidate, 'SKILL.md'))) return candidate;
    const up = dirname(folder);
    if (up === folder)
      throw new LoupeError({
        kind: 'internal',
        message: `resources/skills/${skillName} was not found above this install of Loupe.`,
      });
    folder = up;
  }
}

async function walk(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(path)));
    else if (entry.isFile()) files.push(path);
  }
  return files.sort();
}

/** Reads the skill: SKILL.md first, then its files in path order, each with its digest and size. */
export async function loadSkill(folder: string = skillFolder()): Promise<ServedSkill> {
  const paths = await walk(folder);
  const files: SkillFile[] = [];
  for (const absolute of paths) {
    const path = relative(folder, absolute).split(sep).join('/');
    const bytes = await readFile(absolute);
    files.push({
      path,
      uri: `skill://${skillName}/${path}`,
      text: bytes.toString('utf8'),
      digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}`,
      size: bytes.length,
      mimeType: path.endsWith('.md')
        ? 'text/markdown'
        : path.endsWith('.json')
          ? 'application/json'
          : 'text/plain',
    });
  }
  files.sort((a, b) =>
    a.path === 'SKILL.md' ? -1 : b.path === 'SKILL.md' ? 1 : a.path.localeCompare(b.path),
  );
  const manifest = files.find((file) => file.path === 'SKILL.md');
  if (!manifest) throw new LoupeError({ kind: 'internal', message: `${folder} has no SKILL.md.` });
  const read = readFrontmatter(manifest.text);
  if ('problem' in read)
    throw new LoupeError({ kind: 'internal', message: `${folder}/SKILL.md: ${read.problem}` });
  return {
    entry: {
      uri: manifest.uri,
      frontmatter: read.frontmatter,
      resources: files.map((file) => ({ uri: file.uri, digest: file.digest, size: file.size })),
    },
    files,
  };
}

/**
 * Writes the skill's files to <dir>/loupe-testing/ (readable by the person alone), whole (wholeFolder.ts): a copy
 * already there that differs is kept aside, never overwritten.
 */
export function writeSkill(directory: string, skill: ServedSkill): Promise<FolderWrite> {
  return writeWholeFolder(
    directory,
    skillName,
    skill.files.map((file) => ({ segments: file.path.split('/'), bytes: Buffer.from(file.text, 'utf8') })),
  );
}
