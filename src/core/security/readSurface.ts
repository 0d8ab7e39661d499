/**
 * Reads everything a connected server shows: each list its capabilities declare (all pages), the handshake's texts,
 * and its skills (skills/list) when it declared the skills extension and a reader is given. No skill file is read
 * here: the texts of files the user already fetched come in through `skillFiles`.
 */
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import { listKinds, listMethods, type ListKind, type ListResult } from '../../shared/lists.js';
import type { Handshake } from '../../shared/session.js';
import { skillsDeclaration } from '../skills/listSkills.js';
import type { ServerSurface, SkillFileText } from './surface.js';

export interface ReadSurface {
  surface: ServerSurface;
  /** Lists that did not read to the end (their findings may be missing some items). */
  incomplete: ListResult[];
  /** True when skills/list did not read to the end. */
  skillsIncomplete?: boolean;
}

export interface SkillsReader {
  /** skills/list, every page (a kept listing may be reused). */
  list(): Promise<{ items: readonly JsonObject[]; complete: boolean }>;
  /** Texts of skill files already fetched (never fetched for the scan). */
  files?(): readonly SkillFileText[];
}

export async function readSurface(
  handshake: Handshake,
  walk: (kind: ListKind) => Promise<ListResult>,
  skills?: SkillsReader,
): Promise<ReadSurface> {
  const surface: ServerSurface = {
    ...(handshake.serverInfo ? { serverInfo: handshake.serverInfo } : {}),
    ...(typeof handshake.instructions === 'string' ? { instructions: handshake.instructions } : {}),
  };
  const incomplete: ListResult[] = [];
  for (const kind of listKinds) {
    if (!isJsonObject(handshake.capabilities[listMethods[kind].capability] ?? null)) continue;
    const result = await walk(kind);
    if (!result.complete) incomplete.push(result);
    surface[kind] = result.items;
  }
  if (!skills || !skillsDeclaration(handshake)) return { surface, incomplete };
  const listing = await skills.list();
  surface.skills = listing.items;
  const files = skills.files?.() ?? [];
  if (files.length > 0) surface.skillFiles = files;
  return { surface, incomplete, ...(listing.complete ? {} : { skillsIncomplete: true }) };
}
