/** Reads one skills/list (or skills/get) item into a SkillEntry, and names what is wrong with it for lint. */
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import { skillFileName, type SkillEntry, type SkillFileEntry } from '../../shared/skills.js';

/** The Agent Skills naming rule the SEP adopts: 1–64 of a-z, 0-9 and single inner hyphens. */
export const skillNamePattern = /^(?=.{1,64}$)[a-z0-9]+(-[a-z0-9]+)*$/;
export const digestPattern = /^sha256:[0-9a-f]{64}$/;

/** The final <skill-path> segment of skill://<skill-path>/SKILL.md, when the URI has that shape. */
export function skillNameOfUri(uri: string): string | undefined {
  const schemeEnd = uri.indexOf('://');
  if (schemeEnd < 0) return undefined;
  const segments = uri
    .slice(schemeEnd + 3)
    .split('/')
    .filter((segment) => segment.length > 0);
  if (segments.length < 2 || segments.at(-1) !== skillFileName) return undefined;
  return segments.at(-2);
}

/** The skill's directory URI: the SKILL.md URI without its last segment. */
export function skillDirectory(uri: string): string {
  return uri.endsWith(`/${skillFileName}`) ? uri.slice(0, -skillFileName.length - 1) : uri;
}

function fileEntry(value: unknown): SkillFileEntry | undefined {
  if (!isJsonObject(value) || typeof value.uri !== 'string') return undefined;
  return {
    uri: value.uri,
    ...(typeof value.digest === 'string' ? { digest: value.digest } : {}),
    ...(typeof value.size === 'number' && Number.isInteger(value.size) && value.size >= 0
      ? { size: value.size }
      : {}),
  };
}

/** An item as a SkillEntry; undefined when it has no string uri (nothing could name or fetch it). */
export function readSkillEntry(item: JsonObject): SkillEntry | undefined {
  if (typeof item.uri !== 'string') return undefined;
  const frontmatter = isJsonObject(item.frontmatter) ? item.frontmatter : {};
  const frontName = typeof frontmatter.name === 'string' ? frontmatter.name : undefined;
  const files: SkillFileEntry[] | 'dynamic' =
    item.resources === 'dynamic'
      ? 'dynamic'
      : Array.isArray(item.resources)
        ? item.resources.flatMap((value) => fileEntry(value) ?? [])
        : [];
  return {
    uri: item.uri,
    name: skillNameOfUri(item.uri) ?? frontName ?? item.uri,
    ...(typeof frontmatter.description === 'string' ? { description: frontmatter.description } : {}),
    frontmatter,
    files,
    raw: item,
  };
}

/** One thing wrong with a listed item: `frontmatter` problems are lint's frontmatter findings, the rest the entry's. */
export interface EntryProblem {
  about: 'uri' | 'name' | 'frontmatter' | 'resources';
  message: string;
}

/** What is wrong with one listed item (empty when nothing): the lint layer turns these into findings. */
export function entryProblems(item: JsonObject): EntryProblem[] {
  const problems: EntryProblem[] = [];
  const add = (about: EntryProblem['about'], message: string) => problems.push({ about, message });
  if (typeof item.uri !== 'string') return [{ about: 'uri', message: 'has no string "uri"' }];
  const name = skillNameOfUri(item.uri);
  if (name === undefined) add('uri', `uri "${item.uri}" is not skill://<skill-path>/${skillFileName}`);
  else if (!skillNamePattern.test(name))
    add('name', `name "${name}" breaks the naming rules (1–64 of a-z, 0-9, single inner hyphens)`);
  if (!isJsonObject(item.frontmatter)) add('frontmatter', 'has no frontmatter object');
  else {
    const { frontmatter } = item;
    if (typeof frontmatter.name !== 'string' || frontmatter.name === '')
      add('frontmatter', 'frontmatter has no name');
    else if (name !== undefined && frontmatter.name !== name)
      add('frontmatter', `frontmatter name "${frontmatter.name}" is not the URI's final segment "${name}"`);
    if (typeof frontmatter.description !== 'string' || frontmatter.description === '')
      add('frontmatter', 'frontmatter has no description');
  }
  if (item.resources === 'dynamic') return problems;
  if (!Array.isArray(item.resources)) {
    add('resources', '"resources" is neither an array nor "dynamic"');
    return problems;
  }
  for (const [position, value] of item.resources.entries()) {
    const file = fileEntry(value);
    if (!file) {
      add('resources', `resources[${position}] has no string "uri"`);
      continue;
    }
    if (file.digest === undefined || !digestPattern.test(file.digest))
      add('resources', `${file.uri}: digest is not sha256:<64 lowercase hex>`);
    if (file.size === undefined) add('resources', `${file.uri}: size is not a whole number of bytes`);
    if (!file.uri.startsWith(`${skillDirectory(item.uri)}/`))
      add('resources', `${file.uri} is outside the skill's directory`);
  }
  if (!item.resources.some((value) => isJsonObject(value) && value.uri === item.uri))
    add('resources', `resources does not list ${skillFileName} itself`);
  return problems;
}
