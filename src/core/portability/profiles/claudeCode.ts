/** Claude Code: MCP tools named mcp__<server>__<tool>, sent to the Anthropic API. Data only. */
import type { HostProfile } from '../profileTypes.js';
import { anthropicDroppedFields, anthropicNameRule, topLevelCombinators } from './anthropic.js';

const read = '2026-12-06';
const changelog = 'https://github.com/anthropics/claude-code/blob/main/CHANGELOG.md';

export const claudeCode: HostProfile = {
  id: 'claude-code',
  name: 'Claude Code',
  kind: 'host',
  standsFor:
    'Claude Code (CLI) with MCP servers, sending mcp__<server>__<tool> to the Anthropic Messages API',
  version: '2026-12-06.1',
  notes:
    'The server name is the key of the server in the config (Loupe uses --server, else serverInfo.name). Claude Code defers MCP tool definitions behind its tool search (on by default for MCP tools); a deferred tool is found by search, so that is not a limit and is not checked.',
  rules: [
    {
      id: 'full-name-length',
      kind: 'name-length',
      max: 64,
      template: 'mcp__{server}__{tool}',
      serverReplace: '[^A-Za-z0-9_-]',
      verdict: 'refused',
      workaround: 'Shorten the server key in the config (it is part of every tool name) or the tool name.',
      source: {
        url: 'https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools',
        read,
        publisher: 'provider',
        says: `Claude Code sends each MCP tool as mcp__<server>__<tool>, and the API's name rule is ${anthropicNameRule}; Claude Code users report the 400 it gives past 64 ("tools.63.custom.name: String should have at most 64 characters", anthropics/claude-code#2485), which fails every request.`,
      },
    },
    {
      id: 'description-cap',
      kind: 'description-length',
      max: 2048,
      unit: 'utf8-bytes',
      verdict: 'changed',
      source: {
        url: changelog,
        read,
        publisher: 'provider',
        says: 'Claude Code 2.1.84: "MCP tool descriptions and server instructions are now capped at 2KB to prevent OpenAPI-generated servers from bloating context." The model sees the first 2 KB.',
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
        publisher: 'third-party',
        note: 'Anthropic publishes nothing on it. The failure is the MCP TypeScript SDK 1.x validating tools/list (its ToolSchema wants an object for each top-level property; 1.32.2 checked here); the SDK v2 (2.4.0) accepts a boolean.',
        says: 'An outputSchema property written as `"data": true` (Go\'s interface{}) makes Claude Code fail to fetch the server\'s tools: path ["tools", 7, "outputSchema", "properties", "data"], "Invalid input".',
      },
    },
    topLevelCombinators,
    anthropicDroppedFields,
  ],
};
