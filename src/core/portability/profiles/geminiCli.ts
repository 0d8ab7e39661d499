/** Gemini CLI as an MCP host: names rewritten to mcp_<server>_<tool>, schemas sent as parametersJsonSchema. Data only. */
import type { HostProfile } from '../profileTypes.js';

const read = '2026-12-06';
/** Gemini CLI's own documentation page (geminicli.com renders it from this file). */
const mcpDocs = 'https://github.com/google-gemini/gemini-cli/blob/main/docs/tools/mcp-server.md';
const mcpClient =
  'https://github.com/google-gemini/gemini-cli/blob/main/packages/core/src/tools/mcp-client.ts';

export const geminiCli: HostProfile = {
  id: 'gemini-cli',
  name: 'Gemini CLI',
  kind: 'host',
  standsFor:
    'Gemini CLI with MCP servers: mcp_<server>_<tool>, sent to the Gemini API as functionDeclarations[].parametersJsonSchema',
  version: '2026-12-06.1',
  notes:
    'The server name is the key in settings.json (Loupe uses --server, else serverInfo.name). Gemini CLI rewrites a name the API would refuse instead of failing, and turns a type list with null (["string", "null"]) into the type and nullable: true (not reported: nothing is lost). Its page also says it strips $schema and additionalProperties; its code (checked 2026-12-06) no longer does, so that is not reported either.',
  rules: [
    {
      id: 'name-sanitized',
      kind: 'name-pattern',
      pattern: '^[a-zA-Z_][a-zA-Z0-9_.:-]*$',
      allowed: 'a-z, A-Z, 0-9, _, ., : and -',
      template: 'mcp_{server}_{tool}',
      effect: 'replaces each with _ (the model calls the rewritten name)',
      verdict: 'changed',
      source: {
        url: mcpDocs,
        read,
        publisher: 'provider',
        says: 'Every MCP tool gets the name mcp_{serverName}_{toolName}; "Characters other than letters, numbers, underscore (_), hyphen (-), dot (.), and colon (:) are replaced with underscores".',
      },
    },
    {
      id: 'name-truncated',
      kind: 'name-length',
      max: 63,
      template: 'mcp_{server}_{tool}',
      serverReplace: '[^a-zA-Z0-9_.:-]',
      effect: 'keeps its first and last 30 characters around "..." (and may ask for approval)',
      verdict: 'changed',
      workaround: 'Shorten the server key in settings.json or the tool name.',
      source: {
        url: mcpDocs,
        read,
        publisher: 'provider',
        says: 'Tool names are cleaned to meet Gemini API requirements: "Names longer than 63 characters are truncated with middle replacement (...)".',
      },
    },
    {
      id: 'dropped-fields',
      kind: 'dropped-fields',
      fields: ['title', 'outputSchema', 'annotations', 'icons', 'execution', '_meta'],
      verdict: 'changed',
      source: {
        url: mcpClient,
        read,
        publisher: 'provider',
        says: "McpCallableTool.tool() declares each MCP tool as name, description and parametersJsonSchema (the inputSchema); annotations only set Gemini CLI's own read-only policy. The rest does not reach the model.",
      },
    },
  ],
};
