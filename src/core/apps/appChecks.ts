/**
 * Gathers, for lint, the facts about every ui:// resource the tools name: their resources/list entries (the
 * list is walked when some tool has a UI) and one resources/read each.
 */
import { declaredAppUri } from '../../shared/apps.js';
import { toErrorData } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { Finding } from '../../shared/lint.js';
import type { ListResult } from '../../shared/lists.js';
import { appResourceFindings, type AppResourceFacts } from '../lint/appLint.js';
import type { RawResponse } from '../types.js';

export async function appFindings(
  tools: readonly JsonObject[],
  walkResources: () => Promise<ListResult>,
  read: (uri: string) => Promise<RawResponse>,
): Promise<Finding[]> {
  const uris = [
    ...new Set(tools.map(declaredAppUri).filter((uri): uri is string => uri?.startsWith('ui://') === true)),
  ];
  if (uris.length === 0 && !tools.some((tool) => declaredAppUri(tool) !== undefined)) return [];
  const resources = uris.length > 0 ? await walkResources().catch(() => undefined) : undefined;
  const facts = new Map<string, AppResourceFacts>();
  for (const uri of uris) {
    const listed = resources?.items.find((item) => item.uri === uri);
    let outcome: AppResourceFacts['read'];
    try {
      const contents = (await read(uri)).result.contents;
      const items = Array.isArray(contents) ? contents.filter(isJsonObject) : [];
      outcome = { ok: true, mimeTypes: items.map((item) => item.mimeType) };
    } catch (error) {
      const data = toErrorData(error);
      outcome = {
        ok: false,
        reason: `${data.kind}${data.code !== undefined ? ` ${data.code}` : ''}: ${data.message}`,
      };
    }
    facts.set(uri, {
      ...(listed ? { listed } : {}),
      listComplete: resources?.complete === true,
      read: outcome,
    });
  }
  return appResourceFindings(tools, facts);
}
