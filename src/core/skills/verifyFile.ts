/** Verifying one file read with resources/read against its skill entry: size, then SHA-256, then (SKILL.md) frontmatter. */
import { createHash } from 'node:crypto';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { SkillFileCheck, SkillFileEntry } from '../../shared/skills.js';
import { frontmatterDifferences, readFrontmatter } from './frontmatter.js';

export interface ReadContent {
  bytes: Buffer;
  text?: string;
  blob?: string;
  mimeType?: string;
}

/** The content of a resources/read result for `uri` (the one naming it, else the first), as bytes. */
export function contentOf(result: JsonObject, uri: string): ReadContent | undefined {
  const contents = Array.isArray(result.contents) ? result.contents.filter(isJsonObject) : [];
  const content = contents.find((item) => item.uri === uri) ?? contents[0];
  if (!content) return undefined;
  const mimeType = typeof content.mimeType === 'string' ? { mimeType: content.mimeType } : {};
  if (typeof content.text === 'string')
    return { bytes: Buffer.from(content.text, 'utf8'), text: content.text, ...mimeType };
  if (typeof content.blob === 'string')
    return { bytes: Buffer.from(content.blob, 'base64'), blob: content.blob, ...mimeType };
  return undefined;
}

export function sha256Digest(bytes: Buffer): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/**
 * The verdict on one file. A size or digest that differs refuses it (a size mismatch is a failure in its own right,
 * whatever the digest); SKILL.md's frontmatter must equal the entry's, field by field. Content is kept only when
 * verified or unverifiable for want of a listed digest, never when refused.
 */
export function checkFile(
  listed: SkillFileEntry,
  content: ReadContent,
  entryFrontmatter: JsonObject | undefined,
): SkillFileCheck {
  const expected = {
    ...(listed.digest !== undefined ? { digest: listed.digest } : {}),
    ...(listed.size !== undefined ? { size: listed.size } : {}),
  };
  const actual = { digest: sha256Digest(content.bytes), size: content.bytes.length };
  const base = { uri: listed.uri, expected, actual };
  if (listed.size !== undefined && listed.size !== actual.size)
    return {
      ...base,
      verdict: 'size-mismatch',
      detail: `${actual.size} bytes read, the entry lists ${listed.size}`,
    };
  if (listed.digest !== undefined && listed.digest !== actual.digest)
    return {
      ...base,
      verdict: 'digest-mismatch',
      detail: `read ${actual.digest}, the entry lists ${listed.digest}`,
    };
  if (entryFrontmatter) {
    const read = readFrontmatter(content.text ?? content.bytes.toString('utf8'));
    if ('problem' in read) return { ...base, verdict: 'frontmatter-mismatch', detail: read.problem };
    const differences = frontmatterDifferences(read.frontmatter, entryFrontmatter);
    if (differences.length > 0)
      return {
        ...base,
        verdict: 'frontmatter-mismatch',
        detail: `differs from the entry: ${differences.join('; ')}`,
      };
  }
  const kept = {
    ...(content.text !== undefined ? { text: content.text } : {}),
    ...(content.blob !== undefined ? { blob: content.blob } : {}),
    ...(content.mimeType !== undefined ? { mimeType: content.mimeType } : {}),
  };
  if (listed.digest === undefined || listed.size === undefined) {
    const missing = [
      listed.digest === undefined ? 'digest' : '',
      listed.size === undefined ? 'size' : '',
    ].filter(Boolean);
    return {
      ...base,
      ...kept,
      verdict: 'unverifiable',
      detail: `the entry lists no ${missing.join(' or ')} for it`,
    };
  }
  return { ...base, ...kept, verdict: 'verified' };
}
