/** The YAML frontmatter of a SKILL.md, and its field-by-field comparison with a skill entry's frontmatter. */
import { parse } from 'yaml';
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json.js';
import { jsonEqual } from '../diff/jsonEqual.js';

export type FrontmatterRead = { frontmatter: JsonObject } | { problem: string };

/** The leading `---` block of a SKILL.md (a BOM tolerated), parsed as YAML; a problem in words otherwise. */
export function readFrontmatter(text: string): FrontmatterRead {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const block = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(body);
  if (!block) return { problem: 'SKILL.md does not begin with a --- delimited YAML frontmatter block' };
  let parsed: unknown;
  try {
    parsed = parse(block[1] ?? '', { maxAliasCount: 100 });
  } catch (error) {
    return {
      problem: `the frontmatter is not YAML: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  // A round trip through JSON keeps only what JSON can say (YAML's dates and the like become text).
  const json: unknown = JSON.parse(JSON.stringify(parsed ?? null));
  if (!isJsonObject(json)) return { problem: 'the frontmatter is not a mapping of fields' };
  return { frontmatter: json };
}

/** Each field that differs, as `field: file=… entry=…` (a field missing on one side compares as null). */
export function frontmatterDifferences(file: JsonObject, entry: JsonObject): string[] {
  const differences: string[] = [];
  for (const field of new Set([...Object.keys(file), ...Object.keys(entry)])) {
    const left: JsonValue = file[field] ?? null;
    const right: JsonValue = entry[field] ?? null;
    if (!jsonEqual(left, right))
      differences.push(`${field}: file=${JSON.stringify(left)} entry=${JSON.stringify(right)}`);
  }
  return differences;
}
