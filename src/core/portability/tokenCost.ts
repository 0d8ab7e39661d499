/**
 * What a tool list costs a model's context before the first message: the tokens of each definition as the model API
 * receives it, and of the whole `tools` array. o200k and cl100k are OpenAI's public tokenizers (gpt-tokenizer, no
 * network): exact counts of that text, though each API frames the definitions in its own prompt around them.
 * Claude's tokenizer is not public: its number is an estimate (cl100k of Anthropic's tool shape), never a count.
 */
import type { JsonObject } from '../../shared/json.js';
import type { ContextCost, ToolCost } from '../../shared/portability.js';

export const costMethod =
  'o200k/cl100k: tokens of the OpenAI function definition as JSON, counted with gpt-tokenizer; Claude: an estimate (cl100k of the Anthropic tool definition), its tokenizer is not public';

/** The tool as an OpenAI function tool. */
export function openaiDefinition(tool: JsonObject): JsonObject {
  const fn: JsonObject = { name: tool.name ?? '' };
  if (typeof tool.description === 'string') fn.description = tool.description;
  if (tool.inputSchema !== undefined) fn.parameters = tool.inputSchema;
  return { type: 'function', function: fn };
}

/** The tool as an Anthropic client tool. */
export function anthropicDefinition(tool: JsonObject): JsonObject {
  const definition: JsonObject = { name: tool.name ?? '' };
  if (typeof tool.description === 'string') definition.description = tool.description;
  if (tool.inputSchema !== undefined) definition.input_schema = tool.inputSchema;
  return definition;
}

type Counter = (text: string) => number;

/** The tokenizers load on first use (their tables are large): a command that prints no costs never pays for them. */
async function counters(): Promise<{ o200k: Counter; cl100k: Counter }> {
  const [o200k, cl100k] = await Promise.all([
    import('gpt-tokenizer/encoding/o200k_base'),
    import('gpt-tokenizer/encoding/cl100k_base'),
  ]);
  return { o200k: (text) => o200k.countTokens(text), cl100k: (text) => cl100k.countTokens(text) };
}

export async function contextCost(tools: readonly JsonObject[]): Promise<ContextCost> {
  const count = await counters();
  const costs: ToolCost[] = tools.map((tool, index) => {
    const openai = JSON.stringify(openaiDefinition(tool));
    return {
      name: typeof tool.name === 'string' ? tool.name : '',
      index,
      o200k: count.o200k(openai),
      cl100k: count.cl100k(openai),
      claudeEstimate: count.cl100k(JSON.stringify(anthropicDefinition(tool))),
    };
  });
  const openaiList = JSON.stringify(tools.map(openaiDefinition));
  const anthropicList = JSON.stringify(tools.map(anthropicDefinition));
  return {
    tools: [...costs].sort((left, right) => right.o200k - left.o200k || left.index - right.index),
    total: {
      o200k: count.o200k(openaiList),
      cl100k: count.cl100k(openaiList),
      claudeEstimate: count.cl100k(anthropicList),
    },
    method: costMethod,
  };
}
