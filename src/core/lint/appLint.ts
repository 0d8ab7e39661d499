/**
 * MCP Apps: a tool's `_meta.ui.resourceUri` (or the older `_meta["ui/resourceUri"]`) must name a ui://
 * resource the server lists and can read, of MIME type `text/html;profile=mcp-app`. A URI that is not
 * ui://, absent from a complete resources/list, or unreadable gets `app-resource-unresolved`; a listing or
 * a read content of another MIME type gets `app-resource-mime`. Both are warnings: the tool still works,
 * only its UI cannot be shown.
 */
import { declaredAppUri, isAppMimeType } from '../../shared/apps.js';
import type { JsonObject } from '../../shared/json.js';
import type { Finding, FindingCode } from '../../shared/lint.js';
import { severities } from './lintTools.js';

/** What Loupe learned about one resource URI. */
export interface AppResourceFacts {
  /** Its entry in resources/list, if any. */
  listed?: JsonObject;
  /** Whether resources/list was read to its end (an absent entry only counts then). */
  listComplete: boolean;
  /** The outcome of resources/read: the MIME types of its contents, or why it failed. */
  read: { ok: true; mimeTypes: unknown[] } | { ok: false; reason: string };
}

function shown(value: unknown): string {
  return value === undefined ? 'none' : JSON.stringify(value);
}

export function appResourceFindings(
  tools: readonly JsonObject[],
  facts: ReadonlyMap<string, AppResourceFacts>,
): Finding[] {
  const findings: Finding[] = [];
  tools.forEach((tool, index) => {
    const uri = declaredAppUri(tool);
    if (uri === undefined) return;
    const name = typeof tool.name === 'string' ? tool.name : '';
    const add = (code: FindingCode, message: string) =>
      findings.push({
        code,
        severity: severities[code],
        tool: name,
        index,
        message: `Tool "${name}" has UI resource ${uri}: ${message}`,
      });
    if (!uri.startsWith('ui://')) {
      add('app-resource-unresolved', 'it is not a ui:// URI, so no host renders it.');
      return;
    }
    const fact = facts.get(uri);
    if (!fact) return;
    if (!fact.listed && fact.listComplete) add('app-resource-unresolved', 'resources/list does not list it.');
    if (!fact.read.ok) add('app-resource-unresolved', `resources/read failed (${fact.read.reason}).`);
    if (fact.listed && 'mimeType' in fact.listed && !isAppMimeType(fact.listed.mimeType)) {
      add(
        'app-resource-mime',
        `resources/list gives MIME type ${shown(fact.listed.mimeType)}, not text/html;profile=mcp-app.`,
      );
    }
    if (fact.read.ok) {
      const mimeTypes = fact.read.mimeTypes;
      const wrong = mimeTypes.findIndex((mimeType) => !isAppMimeType(mimeType));
      if (mimeTypes.length === 0) add('app-resource-unresolved', 'resources/read returned no contents.');
      else if (wrong >= 0)
        add(
          'app-resource-mime',
          `resources/read returned MIME type ${shown(mimeTypes[wrong])}, not text/html;profile=mcp-app.`,
        );
    }
  });
  return findings;
}
