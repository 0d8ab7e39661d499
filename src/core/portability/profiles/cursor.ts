/** Cursor as an MCP host. Data only. */
import type { HostProfile } from '../profileTypes.js';

const read = '2026-12-06';
const tutorial = 'https://easymanage.com/res/docs/tutorials/ai-solutions/chapter-3-mcp-advanced';
const dynamic = 'https://cursor.com/blog/dynamic-context-discovery';
const notHad = `Cursor's own MCP docs (https://cursor.com/docs/context/mcp) could not be had here; Cursor's own post on dynamic context discovery (${dynamic}, January 2026) says its agent now gets MCP tool names and looks descriptions up on demand.`;

export const cursor: HostProfile = {
  id: 'cursor',
  name: 'Cursor',
  kind: 'host',
  standsFor: 'Cursor agent with MCP servers (mcp.json)',
  version: '2026-12-06.1',
  notes:
    'The tool count counts this server alone: every enabled server shares it. The server name is the key in mcp.json (Loupe uses --server, else serverInfo.name). Neither rule is on a Cursor page that could be read here: both are limits, never refusals.',
  rules: [
    {
      id: 'tool-count',
      kind: 'tool-count',
      max: 40,
      verdict: 'limited',
      workaround:
        'Cursor versions with dynamic context discovery (January 2026 on) look MCP tools up by name instead; in older ones, turn off tools you do not use (Settings → Tools & MCP) so this one is among the 40.',
      source: {
        url: tutorial,
        read,
        publisher: 'third-party',
        note: notHad,
        says: 'Cursor allows a maximum total of 40 tools from all MCP servers, based on LLM model recommendations.',
      },
    },
    {
      id: 'combined-name-length',
      kind: 'name-length',
      max: 60,
      template: '{server}{tool}',
      verdict: 'limited',
      workaround: 'Shorten the server key in mcp.json or the tool name.',
      source: {
        url: tutorial,
        read,
        publisher: 'third-party',
        note: notHad,
        says: 'Server name + tool name length must be <= 60 characters.',
      },
    },
  ],
};
