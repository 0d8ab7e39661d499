/**
 * Everything a server shows a model, as texts to scan: for each item of each list (tools, prompts, resources,
 * templates) every string in it and every object key (a property name can carry hidden text too), with a readable
 * path; the handshake's instructions and serverInfo. Icons are left out (their data: URIs are not read by a model).
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json.js';
import type { SurfaceItem, SurfaceKind } from '../../shared/security.js';

/** What a server showed: its lists as sent (all pages) and its handshake's texts. */
export interface ServerSurface {
  tools?: readonly JsonObject[];
  prompts?: readonly JsonObject[];
  resources?: readonly JsonObject[];
  templates?: readonly JsonObject[];
  instructions?: string;
  serverInfo?: JsonObject;
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

function roleOf(path: readonly string[], key: string | undefined): TextRole {
  if (path.length === 1 && key === 'name') return 'name';
  if (path.some((part) => proseKeys.has(part))) return 'prose';
  return 'value';
}

function walk(value: JsonValue, path: string[], item: SurfaceItem, out: SurfaceText[]): void {
  if (path.length > maximumDepth) return;
  if (typeof value === 'string') {
    out.push({ item, field: path.join('.'), text: value, role: roleOf(path, path[path.length - 1]) });
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
  return out;
}
