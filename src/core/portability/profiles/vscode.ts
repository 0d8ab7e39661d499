/** VS Code (GitHub Copilot chat, agent mode) as an MCP host. Data only. */
import type { HostProfile } from '../profileTypes.js';

const read = '2026-12-02';

export const vscode: HostProfile = {
  id: 'vscode',
  name: 'VS Code',
  kind: 'host',
  version: '2026-12-02.1',
  notes:
    "The tool count counts this server alone: built-in, extension and other servers' tools share the same 128. The schema rules of the model behind the chat (OpenAI, Anthropic, Gemini) apply on top: check those profiles too.",
  rules: [
    {
      id: 'tool-count',
      kind: 'tool-count',
      max: 128,
      verdict: 'refused',
      source: {
        url: 'https://qiita.com/baku2san/items/459a1b9b8332f943e2e2',
        read,
        says: 'At most 128 tools can be passed to the model in one chat request; past that the request fails ("You may not include more than 128 tools in your request") until tools are turned off (microsoft/vscode #290356).',
      },
    },
  ],
};
