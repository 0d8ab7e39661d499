/** Cursor as an MCP host. Data only. */
import type { HostProfile } from '../profileTypes.js';

const read = '2026-12-02';
const tutorial = 'https://easymanage.com/res/docs/tutorials/ai-solutions/chapter-3-mcp-advanced';

export const cursor: HostProfile = {
  id: 'cursor',
  name: 'Cursor',
  kind: 'host',
  version: '2026-12-02.1',
  notes:
    'The tool count counts this server alone: every enabled server shares the 40. The server name is the key in mcp.json (Loupe uses --server, else serverInfo.name).',
  rules: [
    {
      id: 'tool-count',
      kind: 'tool-count',
      max: 40,
      verdict: 'refused',
      source: {
        url: tutorial,
        read,
        says: 'Cursor allows a maximum total of 40 tools from all MCP servers.',
      },
    },
    {
      id: 'combined-name-length',
      kind: 'name-length',
      max: 60,
      template: '{server}{tool}',
      verdict: 'refused',
      source: { url: tutorial, read, says: 'Server name + tool name length must be <= 60 characters.' },
    },
  ],
};
