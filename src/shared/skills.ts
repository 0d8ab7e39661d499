/**
 * Skills (SEP-2640, the io.modelcontextprotocol/skills extension): a server lists skills with `skills/list`
 * (paginated) and `skills/get`; each entry names its SKILL.md URI, the frontmatter of that SKILL.md and its files
 * with SHA-256 digests and sizes (or "dynamic"). Files are read with resources/read only when asked, and every file
 * read is verified against its entry before it is shown or written.
 */
import type { LoupeErrorData } from './errors.js';
import type { JsonObject } from './json.js';
import type { ListPage } from './lists.js';

export const skillsExtensionId = 'io.modelcontextprotocol/skills';
export const skillFileName = 'SKILL.md';

/** One file of a skill as its entry lists it; digest and size as sent (absent or mistyped ones stay absent). */
export interface SkillFileEntry {
  uri: string;
  digest?: string;
  size?: number;
}

/** One skill entry of skills/list or skills/get, read from the raw item. */
export interface SkillEntry {
  /** The SKILL.md URI (skill://<skill-path>/SKILL.md). */
  uri: string;
  /** The final <skill-path> segment (the skill's name by the SEP), else the frontmatter name, else the URI. */
  name: string;
  description?: string;
  /** The frontmatter object as sent ({} when the entry has none). */
  frontmatter: JsonObject;
  /** The listed files, or "dynamic" when the server lists none ahead (read them with resources/directory/read). */
  files: SkillFileEntry[] | 'dynamic';
  /** The item exactly as sent. */
  raw: JsonObject;
}

export interface SkillsListing {
  /** Every item exactly as sent, in order. */
  items: JsonObject[];
  skills: SkillEntry[];
  pages: ListPage[];
  /** True only when the walk reached a page without nextCursor. */
  complete: boolean;
  error?: LoupeErrorData;
  startedAt: number;
  endedAt: number;
}

/** What verifying one file found. */
export type SkillVerdict =
  | 'verified' // size, digest (and for SKILL.md the frontmatter) match the entry
  | 'size-mismatch'
  | 'digest-mismatch'
  | 'frontmatter-mismatch'
  | 'unverifiable' // the entry lists no digest or size for it, or the read returned no content
  | 'not-read'; // not read: an earlier file of the skill failed, so the skill was refused

export interface SkillFileCheck {
  uri: string;
  verdict: SkillVerdict;
  /** What the entry lists. */
  expected: { digest?: string; size?: number };
  /** What was read (absent when not read). */
  actual?: { digest: string; size: number };
  /** Why, in words (the differing frontmatter fields, the missing digest…). */
  detail?: string;
  /** The file's text as read, only when it verified (never for a refused file). */
  text?: string;
  /** Base64 of a binary (blob) file, only when it verified. */
  blob?: string;
  mimeType?: string;
}

/** A skill fetched and verified: every file's verdict in the order read; `error` names the first refusal. */
export interface SkillLoad {
  skill: SkillEntry;
  files: SkillFileCheck[];
  verified: boolean;
  error?: LoupeErrorData;
}

/** The error kind a verdict is refused with. */
export function verdictErrorKind(
  verdict: SkillVerdict,
): 'skill-digest-mismatch' | 'skill-size-mismatch' | 'skill-frontmatter-mismatch' | undefined {
  if (verdict === 'digest-mismatch') return 'skill-digest-mismatch';
  if (verdict === 'size-mismatch') return 'skill-size-mismatch';
  if (verdict === 'frontmatter-mismatch') return 'skill-frontmatter-mismatch';
  return undefined;
}
