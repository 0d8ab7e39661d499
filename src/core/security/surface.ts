/**
 * Everything a server shows a model, as texts to scan: for each item of each list (tools, prompts, resources,
 * templates) every string in it and every object key (a property name can carry hidden text too), with a readable
 * path; the handshake's instructions and serverInfo; skills (SEP-2640) as listed, and the text of a skill's files
 * only when the user has already fetched them (the lens never reads a file to scan it). Icons are left out (their
 * data: URIs are not read by a model).
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json.js';
import type { SurfaceItem, SurfaceKind } from '../../shared/security.js';
import { skillNameOfUri } from '../skills/skillEntry.js';

/** What a server showed: its lists as sent (all pages) and its handshake's texts. */
export interface ServerSurface {
  tools?: readonly JsonObject[];
  prompts?: readonly JsonObject[];
  resources?: readonly JsonObject[];
  templates?: readonly JsonObject[];
  instructions?: string;
  serverInfo?: JsonObject;
  /** skills/list items as sent (all pages), when the server declared the skills extension. */
  skills?: readonly JsonObject[];
  /** Files of skills the user fetched (verified text only): scanned as prose a model reads. */
  skillFiles?: readonly SkillFileText[];
}

/** A fetched skill file: the SKILL.md URI of its skill, its own URI, and its text as read. */
export interface SkillFileText {
  skill: string;
  uri: string;
  text: string;
}

/** How a text is read: a name (identifiers), prose a model reads, or another value (URIs, enum values…). */
export type TextRole = 'name' | 'prose' | 'value' | 'key';

export interface SurfaceText {
  item: SurfaceItem;
  /** `description`, `inputSchema.properties.note.description`, `name`. */
  field: string;
  text: string;
  role: TextRole;
}

const proseKeys = new Set(['description', 'title', 'instructions', 'default', 'examples', 'const']);
const maximumDepth = 64;

function roleOf(path: readonly string[], key: string | undefined, kind: SurfaceKind): TextRole {
  if (path.length === 1 && key === 'name') return 'name';
  // A skill's frontmatter is the head of its SKILL.md: every value in it but the name is read as prose.
  if (kind === 'skill' && path[0] === 'frontmatter' && path.length > 1)
    return path.length === 2 && key === 'name' ? 'name' : 'prose';
  if (path.some((part) => proseKeys.has(part))) return 'prose';
  return 'value';
}

function walk(value: JsonValue, path: string[], item: SurfaceItem, out: SurfaceText[]): void {
  if (path.length > maximumDepth) return;
  if (typeof value === 'string') {
    out.push({
      item,
      field: path.join('.'),
      text: value,
      role: roleOf(path, path[path.length - 1], item.kind),
    });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((entry, index) => walk(entry, [...path, String(index)], item, out));
    return;
  }
  if (!isJsonObject(value)) return;
  for (const [key, entry] of Object.entries(value)) {
    if (path.length === 0 && key === 'icons') continue;
    out.push({ item, field: [...path, key].join('.'), text: key, role: 'key' });
    walk(entry, [...path, key], item, out);
  }
}

export const itemKinds: ReadonlyArray<[keyof ServerSurface, SurfaceKind, string]> = [
  ['tools', 'tool', 'name'],
  ['prompts', 'prompt', 'name'],
  ['resources', 'resource', 'uri'],
  ['templates', 'template', 'uriTemplate'],
];

export function itemOf(kind: SurfaceKind, entry: JsonObject, keyField: string, index: number): SurfaceItem {
  const key = entry[keyField];
  return { kind, name: typeof key === 'string' ? key : '', index };
}

/** A listed skill as an item: named by its URI's final segment, else frontmatter.name, else the URI. */
export function skillItem(entry: JsonObject, index: number): SurfaceItem {
  const uri = typeof entry.uri === 'string' ? entry.uri : '';
  const frontmatter = isJsonObject(entry.frontmatter) ? entry.frontmatter : {};
  const name = skillNameOfUri(uri) ?? (typeof frontmatter.name === 'string' ? frontmatter.name : uri);
  return { kind: 'skill', name, index };
}

function skillTexts(surface: ServerSurface, out: SurfaceText[]): void {
  const listed = (surface.skills ?? []).filter(isJsonObject);
  const items = new Map<string, SurfaceItem>();
  listed.forEach((entry, index) => {
    const item = skillItem(entry, index);
    if (typeof entry.uri === 'string' && !items.has(entry.uri)) items.set(entry.uri, item);
    walk(entry, [], item, out);
  });
  for (const file of surface.skillFiles ?? []) {
    const item = items.get(file.skill) ?? {
      kind: 'skill' as const,
      name: skillNameOfUri(file.skill) ?? file.skill,
    };
    // The field is the file's URI: a finding names the file whose text it is in.
    out.push({ item, field: file.uri, text: file.text, role: 'prose' });
  }
}

/** Every text of the surface, items in list order. */
export function surfaceTexts(surface: ServerSurface): SurfaceText[] {
  const out: SurfaceText[] = [];
  for (const [list, kind, keyField] of itemKinds) {
    const items = surface[list];
    if (!Array.isArray(items)) continue;
    (items as readonly JsonObject[]).forEach((entry, index) => {
      if (isJsonObject(entry)) walk(entry, [], itemOf(kind, entry, keyField, index), out);
    });
  }
  if (typeof surface.instructions === 'string') {
    out.push({
      item: { kind: 'instructions', name: '' },
      field: 'instructions',
      text: surface.instructions,
      role: 'prose',
    });
  }
  if (surface.serverInfo) walk(surface.serverInfo, [], { kind: 'server', name: '' }, out);
  skillTexts(surface, out);
  return out;
}
