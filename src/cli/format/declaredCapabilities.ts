/**
 * The stderr line of `loupe list` that says what Loupe declared to the server. Servers may list more to a client
 * that declares more: server-everything lists 13 tools to `loupe list` and 16 to the app, which declares sampling,
 * elicitation and roots; the CLI declares them only with --input.
 */
import type { JsonObject } from '../../shared/json.js';
import { isJsonObject } from '../../shared/json.js';

const offered = ['sampling', 'elicitation', 'roots'] as const;

/** `io.modelcontextprotocol/tasks` → `tasks`. */
function extensionName(name: string): string {
  return name.replace(/^io\.modelcontextprotocol\//, '');
}

export function declaredLine(capabilities: JsonObject): string {
  const declared = Object.keys(capabilities).filter((name) => name !== 'extensions');
  const extensions = isJsonObject(capabilities.extensions)
    ? Object.keys(capabilities.extensions).map(extensionName)
    : [];
  const parts = [`client capabilities declared: ${declared.length > 0 ? declared.join(', ') : 'none'}`];
  if (extensions.length > 0) parts.push(`extensions: ${extensions.join(', ')}`);
  const missing = offered.filter((name) => !declared.includes(name));
  if (missing.length > 0)
    parts.push(
      `not declared: ${missing.join(', ')} (a server may list more to a client that declares them: --input …)`,
    );
  return `loupe: ${parts.join('; ')}`;
}
