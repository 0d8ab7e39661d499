/**
 * Loading a skill: its files read with resources/read, SKILL.md first, each verified before the next is read. The
 * first file that fails (size, digest, frontmatter) refuses the whole skill with a named error: nothing after it is
 * read (SEP-2640: a host MUST NOT use unverified content, so it has no reason to go on to the files SKILL.md points
 * to), and the refused file's content is not kept. Called only when the user asks to see or save the files.
 */
import { toErrorData, type LoupeErrorData } from '../../shared/errors.js';
import {
  verdictErrorKind,
  type SkillEntry,
  type SkillFileCheck,
  type SkillFileEntry,
  type SkillLoad,
} from '../../shared/skills.js';
import type { McpSession } from '../types.js';
import { checkFile, contentOf } from './verifyFile.js';

export interface LoadOptions {
  timeoutMs?: number;
  /** After each file's verdict (progress for a long skill). */
  onFile?: (check: SkillFileCheck) => void;
}

/** The files in reading order: SKILL.md (listed or not) first, then the others as listed. */
function readingOrder(skill: SkillEntry): SkillFileEntry[] {
  const listed = skill.files === 'dynamic' ? [] : skill.files;
  const manifest = listed.find((file) => file.uri === skill.uri) ?? { uri: skill.uri };
  return [manifest, ...listed.filter((file) => file.uri !== skill.uri)];
}

function notRead(file: SkillFileEntry): SkillFileCheck {
  return {
    uri: file.uri,
    verdict: 'not-read',
    expected: {
      ...(file.digest !== undefined ? { digest: file.digest } : {}),
      ...(file.size !== undefined ? { size: file.size } : {}),
    },
    detail: 'not read: an earlier file of this skill was refused',
  };
}

export async function loadSkill(
  session: McpSession,
  skill: SkillEntry,
  options: LoadOptions = {},
): Promise<SkillLoad> {
  const order = readingOrder(skill);
  const files: SkillFileCheck[] = [];
  for (const [position, file] of order.entries()) {
    let check: SkillFileCheck;
    try {
      const { result } = await session.request(
        'resources/read',
        { uri: file.uri },
        options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs },
      );
      const content = contentOf(result, file.uri);
      check = content
        ? checkFile(file, content, position === 0 ? skill.frontmatter : undefined)
        : {
            uri: file.uri,
            verdict: 'unverifiable',
            expected: {},
            detail: 'resources/read returned no text or blob',
          };
    } catch (error) {
      const cause = toErrorData(error);
      files.push({
        uri: file.uri,
        verdict: 'not-read',
        expected: {},
        detail: `resources/read failed: ${cause.message}`,
      });
      for (const rest of order.slice(position + 1)) files.push(notRead(rest));
      return {
        skill,
        files,
        verified: false,
        error: { ...cause, message: `Reading ${file.uri} of skill "${skill.name}" failed: ${cause.message}` },
      };
    }
    files.push(check);
    options.onFile?.(check);
    const kind = verdictErrorKind(check.verdict);
    if (kind) {
      for (const rest of order.slice(position + 1)) files.push(notRead(rest));
      const error: LoupeErrorData = {
        kind,
        message: `Skill "${skill.name}" refused: ${file.uri} failed verification (${check.verdict}: ${check.detail ?? ''}); its content is not used and the files after it were not read.`,
        data: { uri: file.uri, expected: check.expected, actual: check.actual ?? null },
      };
      return { skill, files, verified: false, error };
    }
  }
  return { skill, files, verified: files.every((file) => file.verdict === 'verified') };
}
