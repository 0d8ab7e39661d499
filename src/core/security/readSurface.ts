/** Reads everything a connected server shows: each list its capabilities declare (all pages) and the handshake's texts. */
import { isJsonObject } from '../../shared/json.js';
import { listKinds, listMethods, type ListKind, type ListResult } from '../../shared/lists.js';
import type { Handshake } from '../../shared/session.js';
import type { ServerSurface } from './surface.js';

export interface ReadSurface {
  surface: ServerSurface;
  /** Lists that did not read to the end (their findings may be missing some items). */
  incomplete: ListResult[];
}

export async function readSurface(
  handshake: Handshake,
  walk: (kind: ListKind) => Promise<ListResult>,
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
  return { surface, incomplete };
}
