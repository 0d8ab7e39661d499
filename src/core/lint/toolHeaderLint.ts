/**
 * x-mcp-header declarations (2026-07-28): a tool whose declarations break the spec's rules (header token,
 * primitive type, a "properties"-only path, case-insensitive uniqueness) must be left out by HTTP clients. Loupe
 * keeps it in the list, says why here, and refuses to call it over HTTP (invalid-tool-header).
 */
import type { FindingCode } from '../../shared/lint.js';
import type { JsonObject } from '../../shared/json.js';
import { scanToolHeaders } from '../wire/modernHeaders.js';

export function toolHeaderFindings(
  tool: JsonObject,
  label: string,
  add: (code: FindingCode, message: string) => void,
  /**
   * JSON.stringify(tool.inputSchema), when lint made it already: a schema whose text lacks "x-mcp-header" declares
   * no header, so the walk is spared (it walked every schema of a listing, a twentieth of linting 50,000 tools).
   */
  inputSchemaText?: string,
): void {
  if (inputSchemaText !== undefined && !inputSchemaText.includes('x-mcp-header')) return;
  const scan = scanToolHeaders(tool);
  if ('problem' in scan) {
    add(
      'x-mcp-header-invalid',
      `${label} has an invalid x-mcp-header (${scan.problem}); HTTP clients must leave it out, and Loupe will not call it over HTTP.`,
    );
  }
}
