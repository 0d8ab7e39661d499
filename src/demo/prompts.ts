/** The demo's prompts and prompts/get. */
import { McpError, ErrorCode, type GetPromptResult, type Prompt } from '@modelcontextprotocol/sdk/types.js';

export const prompts: Prompt[] = [
  {
    name: 'summarize_ticket',
    title: 'Summarise a support ticket',
    description: 'Asks the model for a three-line summary of a ticket.',
    arguments: [
      { name: 'ticket_id', description: 'The ticket to summarise.', required: true },
      { name: 'tone', description: 'neutral, friendly or formal', required: false },
    ],
  },
  { name: 'weekly_report', title: 'Weekly report', description: 'Drafts the weekly metrics report.', arguments: [{ name: 'week', description: 'ISO week, e.g. 2026-W48', required: true }] },
  { name: 'greeting', description: 'A prompt with no arguments.' },
];

export function getPrompt(name: string, args: Record<string, string> | undefined): GetPromptResult {
  const prompt = prompts.find((candidate) => candidate.name === name);
  if (!prompt) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${name}`);
  for (const argument of prompt.arguments ?? []) {
    if (argument.required && !args?.[argument.name]) throw new McpError(ErrorCode.InvalidParams, `Missing required argument: ${argument.name}`);
  }
  const detail = Object.entries(args ?? {})
    .map(([key, value]) => `${key}=${value}`)
    .join(', ');
  return {
    description: prompt.description,
    messages: [{ role: 'user', content: { type: 'text', text: `${prompt.title ?? prompt.name}${detail ? ` (${detail})` : ''}: please help.` } }],
  };
}
