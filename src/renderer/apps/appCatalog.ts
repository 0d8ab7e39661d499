/**
 * The apps a server offers, for the Resources tab: every ui:// resource a tool names (also the older
 * `_meta["ui/resourceUri"]`) or resources/list lists with the MCP App MIME type, with the tools that use it
 * and its listing as sent (where it is listed).
 */
import { declaredAppUri, isAppMimeType } from '../../shared/apps';
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json';

export interface AppEntry {
  uri: string;
  tools: string[];
  /** Its resources/list entry, when listed. */
  listed?: JsonObject;
  /** `_meta.ui` of the listing, as sent. */
  ui?: JsonValue;
}

export function collectApps(tools: readonly JsonObject[], resources: readonly JsonObject[]): AppEntry[] {
  const entries = new Map<string, AppEntry>();
  const entry = (uri: string): AppEntry => {
    let found = entries.get(uri);
    if (!found) {
      found = { uri, tools: [] };
      entries.set(uri, found);
    }
    return found;
  };
  for (const tool of tools) {
    const uri = declaredAppUri(tool);
    if (uri !== undefined) entry(uri).tools.push(typeof tool.name === 'string' ? tool.name : '');
  }
  for (const resource of resources) {
    if (typeof resource.uri !== 'string') continue;
    const named = entries.has(resource.uri);
    if (!named && !(resource.uri.startsWith('ui://') && isAppMimeType(resource.mimeType))) continue;
    const found = entry(resource.uri);
    found.listed ??= resource;
    const meta = resource._meta;
    if (isJsonObject(meta) && meta.ui !== undefined) found.ui ??= meta.ui;
  }
  return [...entries.values()];
}
