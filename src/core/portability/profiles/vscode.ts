/** VS Code (GitHub Copilot chat, agent mode) as an MCP host. Data only. */
import type { HostProfile } from '../profileTypes.js';

const read = '2026-12-06';

export const vscode: HostProfile = {
  id: 'vscode',
  name: 'VS Code',
  kind: 'host',
  standsFor: 'VS Code chat (GitHub Copilot, agent mode) with MCP servers',
  version: '2026-12-06.1',
  notes:
    "The tool count counts this server alone: built-in, extension and other servers' tools share the same 128. The schema rules of the model behind the chat (OpenAI, Anthropic, Gemini) apply on top: check those profiles too.",
  rules: [
    {
      id: 'tool-count',
      kind: 'tool-count',
      max: 128,
      verdict: 'limited',
      workaround:
        'Past 128, VS Code groups tools into virtual tools the model activates on demand (github.copilot.chat.virtualTools.threshold, 128 by default; 0 turns them off and the request fails instead). Or deselect tools or whole servers in the chat tools picker.',
      source: {
        url: 'https://code.visualstudio.com/docs/copilot/agents/agent-tools',
        read,
        publisher: 'provider',
        says: 'FAQ "Cannot have more than 128 tools per request": a chat request can have at most 128 tools enabled; deselect tools or servers in the tools picker, or enable virtual tools with github.copilot.chat.virtualTools.threshold "to automatically manage large tool sets".',
      },
    },
  ],
};
