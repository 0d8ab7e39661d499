/** Claude Code: MCP tools named mcp__<server>__<tool>, sent to the Anthropic API. Data only. */
import type { HostProfile } from '../profileTypes.js';
import { anthropicDroppedFields, topLevelCombinators } from './anthropic.js';

const read = '2026-12-02';

export const claudeCode: HostProfile = {
  id: 'claude-code',
  name: 'Claude Code',
  kind: 'host',
  version: '2026-12-02.1',
  notes:
    'The server name is the key of the server in the config (Loupe uses --server, else serverInfo.name). Claude Code defers tool definitions behind a tool search when they would fill more than a tenth of the context window; that is not a refusal and is not checked.',
  rules: [
    {
      id: 'full-name-length',
      kind: 'name-length',
      max: 128,
      template: 'mcp__{server}__{tool}',
      serverReplace: '[^A-Za-z0-9_-]',
      verdict: 'refused',
      source: {
        url: 'https://github.com/xsyetopz/claudetto/wiki/Claude-Code-MCP-Runtime',
        read,
        says: 'A tool is named mcp__<server>__<tool>; characters outside A-Z a-z 0-9 _ - in the server name become _; a tool whose full name is over 128 characters is left out.',
      },
    },
    {
      id: 'boolean-subschema',
      kind: 'boolean-subschema',
      fields: ['inputSchema', 'outputSchema'],
      verdict: 'refused',
      source: {
        url: 'https://github.com/modelcontextprotocol/inspector/issues/1005',
        read,
        says: 'An outputSchema property written as `"data": true` (Go\'s interface{}) makes Claude Code fail to fetch the server\'s tools: path ["tools", 7, "outputSchema", "properties", "data"], "Invalid input".',
      },
    },
    topLevelCombinators,
    anthropicDroppedFields,
  ],
};
