/**
 * Writing a verified skill to a folder: <dir>/<skill name>/<path of each file inside the skill>. Only a skill whose
 * every file was read and passed is written, and nothing is written before all of them have (a refused skill leaves
 * no partial copy, and a copy already on disk is kept, see wholeFolder.ts). A file URI outside the skill's directory, or one whose path climbs out (`..`), is refused: a
 * server's URIs never choose where Loupe writes.
 */
import { LoupeError } from '../../shared/errors.js';
import type { SkillLoad } from '../../shared/skills.js';
import { writeWholeFolder, type FolderWrite } from '../wholeFolder.js';
import { skillDirectory, skillNamePattern } from './skillEntry.js';

/** The relative path of a file inside its skill, as safe path segments; undefined when it is not inside. */
export function pathInSkill(skillUri: string, fileUri: string): string[] | undefined {
  const base = `${skillDirectory(skillUri)}/`;
  if (!fileUri.startsWith(base)) return undefined;
  let segments: string[];
  try {
    segments = fileUri
      .slice(base.length)
      .split('/')
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
  const unsafe = segments.some(
    (segment) => segment === '' || segment === '.' || segment === '..' || /[\\/\0:]/.test(segment),
  );
  return unsafe ? undefined : segments;
}

/**
 * Writes the files whole (wholeFolder.ts): nothing half-written when one fails, and a folder of that name already
 * holding other bytes is moved aside, never overwritten.
 */
export async function writeSkill(load: SkillLoad, folder: string): Promise<FolderWrite> {
  if (load.error || load.files.some((file) => file.text === undefined && file.blob === undefined)) {
    throw new LoupeError({
      kind: load.error?.kind ?? 'invalid-response',
      message: `Skill "${load.skill.name}" was not written: ${load.error?.message ?? 'some of its files were not read'}.`,
    });
  }
  const name = skillNamePattern.test(load.skill.name) ? load.skill.name : encodeURIComponent(load.skill.name);
  const files = load.files.map((file) => {
    const segments = pathInSkill(load.skill.uri, file.uri);
    if (!segments)
      throw new LoupeError({
        kind: 'invalid-response',
        message: `Skill "${load.skill.name}" was not written: ${file.uri} is not inside the skill's directory ${skillDirectory(load.skill.uri)}/.`,
      });
    const bytes =
      file.text !== undefined ? Buffer.from(file.text, 'utf8') : Buffer.from(file.blob ?? '', 'base64');
    return { segments, bytes };
  });
  try {
    return await writeWholeFolder(folder, name, files);
  } catch (error) {
    if (error instanceof LoupeError) throw error;
    throw new LoupeError({
      kind: 'io-error',
      message: `Writing skill "${load.skill.name}" to ${folder} failed: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}
