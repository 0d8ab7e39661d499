/** Words for the protocol era a session speaks: the header, the handshake view and the tests share them. */
import { isJsonObject, type JsonObject } from '../../shared/json';
import type { Handshake } from '../../shared/session';

/** "2026-07-28 era" for modern sessions, "2025 era" for the initialize handshake (older snapshots: legacy). */
export function eraName(handshake: Handshake): string {
  return handshake.era === 'modern' ? 'modern era' : '2025 era';
}

/** What the server/discover result lists as supported versions (strings only; anything else is ignored). */
export function supportedVersions(discover: JsonObject | undefined): string[] {
  const versions = discover?.supportedVersions;
  return Array.isArray(versions)
    ? versions.filter((version): version is string => typeof version === 'string')
    : [];
}

/** Capability names, with the extensions' names (capabilities.extensions) listed as "extension: name". */
export function capabilityNames(capabilities: JsonObject): string[] {
  const names: string[] = [];
  for (const [name, value] of Object.entries(capabilities)) {
    if (name === 'extensions' && isJsonObject(value)) {
      for (const extension of Object.keys(value)) names.push(`extension: ${extension}`);
    } else names.push(name);
  }
  return names;
}
