/**
 * What a tool list costs a model's context before the first message: the tokens of each definition as the model API
 * receives it, and of the whole `tools` array. o200k and cl100k are OpenAI's public tokenizers (gpt-tokenizer, no
 * network): exact counts of that text, though each API frames the definitions in its own prompt around them.
 * Claude's tokenizer is not public: its number is an estimate (cl100k of Anthropic's tool shape), never a count.
 * Server text is hostile: a definition past the counting limit is counted in part and scaled (marked so), and one
 * nested too deep to serialise is not counted (marked so) rather than taking the process down.
 */
import type { JsonObject } from '../../shared/json.js';
import type { ContextCost, ToolCost } from '../../shared/portability.js';
import { deeperThan, defaultMaximumSchemaDepth } from '../lint/schemaDepth.js';

export const costMethod =
  'o200k/cl100k: tokens of the OpenAI function definition as JSON, counted with gpt-tokenizer; Claude: an estimate (cl100k of the Anthropic tool definition), its tokenizer is not public';

/** Characters of one definition counted token by token; past this the rest is scaled by length. */
export const countingLimit = 200_000;
/** Characters counted in all (a list of 200,000 tools); past this, definitions are scaled by the ratio so far. */
export const listCountingLimit = 4_000_000;
/** The whole array is counted as one text only up to this many characters; past it the total is the tools' sum. */
const wholeListLimit = 1_000_000;

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

const plainText = { disallowedSpecial: new Set<string>() };

let loading: Promise<{ o200k: Counter; cl100k: Counter }> | undefined;

/**
 * The tokenizers load on first use (their tables are large: most of a second): a command that prints no costs never
 * pays for them, and one that will can start loading them early (`loupe list` does while the server starts).
 */
export function preloadTokenizers(): Promise<{ o200k: Counter; cl100k: Counter }> {
  loading ??= Promise.all([
    import('gpt-tokenizer/encoding/o200k_base'),
    import('gpt-tokenizer/encoding/cl100k_base'),
  ]).then(([o200k, cl100k]) => ({
    // Server text is plain text: "<|endoftext|>" in a description is counted as characters, never refused (the
    // library's default throws on it, which took `loupe list` down).
    o200k: (text: string) => o200k.countTokens(text, plainText),
    cl100k: (text: string) => cl100k.countTokens(text, plainText),
  }));
  return loading;
}

function counters(): Promise<{ o200k: Counter; cl100k: Counter }> {
  return preloadTokenizers();
}

/** Tokens of a text, counting at most the limit and scaling the rest. */
function bounded(count: Counter, text: string): { tokens: number; scaled: boolean } {
  if (text.length <= countingLimit) return { tokens: count(text), scaled: false };
  const counted = count(text.slice(0, countingLimit));
  return { tokens: Math.round((counted * text.length) / countingLimit), scaled: true };
}

interface Budget {
  /** Characters counted so far, and the tokens they made (o200k, cl100k, Claude's shape). */
  characters: number;
  o200k: number;
  cl100k: number;
  claude: number;
}

function scaled(tokens: number, characters: number, length: number): number {
  return characters === 0 ? Math.ceil(length / 4) : Math.round((tokens * length) / characters);
}

function toolCost(
  tool: JsonObject,
  index: number,
  count: { o200k: Counter; cl100k: Counter },
  budget: Budget,
): ToolCost {
  const name = typeof tool.name === 'string' ? tool.name : '';
  const schemas = [tool.inputSchema];
  if (schemas.some((schema) => schema !== undefined && deeperThan(schema, defaultMaximumSchemaDepth))) {
    return { name, index, o200k: 0, cl100k: 0, claudeEstimate: 0, partial: 'not-counted' };
  }
  const openai = JSON.stringify(openaiDefinition(tool));
  // Past the list's counting budget only the OpenAI text's length is used: the Anthropic text is not built.
  if (budget.characters >= listCountingLimit) {
    return {
      name,
      index,
      o200k: scaled(budget.o200k, budget.characters, openai.length),
      cl100k: scaled(budget.cl100k, budget.characters, openai.length),
      claudeEstimate: scaled(budget.claude, budget.characters, openai.length),
      partial: 'extrapolated',
    };
  }
  const anthropic = JSON.stringify(anthropicDefinition(tool));
  const o200k = bounded(count.o200k, openai);
  const cl100k = bounded(count.cl100k, openai);
  const claude = bounded(count.cl100k, anthropic);
  if (!o200k.scaled) {
    budget.characters += openai.length;
    budget.o200k += o200k.tokens;
    budget.cl100k += cl100k.tokens;
    budget.claude += claude.tokens;
  } else budget.characters += countingLimit;
  return {
    name,
    index,
    o200k: o200k.tokens,
    cl100k: cl100k.tokens,
    claudeEstimate: claude.tokens,
    ...(o200k.scaled || claude.scaled ? { partial: 'extrapolated' as const } : {}),
  };
}

export async function contextCost(tools: readonly JsonObject[]): Promise<ContextCost> {
  const count = await counters();
  const budget: Budget = { characters: 0, o200k: 0, cl100k: 0, claude: 0 };
  const costs = tools.map((tool, index) => toolCost(tool, index, count, budget));
  const partialTools = costs.filter((cost) => cost.partial !== undefined).length;
  let total: ContextCost['total'];
  if (partialTools === 0 && budget.characters <= wholeListLimit) {
    // The whole array as one text: what a request's `tools` carries, brackets and commas included.
    const openaiList = JSON.stringify(tools.map(openaiDefinition));
    const anthropicList = JSON.stringify(tools.map(anthropicDefinition));
    total = {
      o200k: count.o200k(openaiList),
      cl100k: count.cl100k(openaiList),
      claudeEstimate: count.cl100k(anthropicList),
    };
  } else {
    total = { o200k: 0, cl100k: 0, claudeEstimate: 0 };
    for (const cost of costs) {
      total.o200k += cost.o200k;
      total.cl100k += cost.cl100k;
      total.claudeEstimate += cost.claudeEstimate;
    }
  }
  return {
    tools: [...costs].sort((left, right) => right.o200k - left.o200k || left.index - right.index),
    total,
    method: costMethod,
    ...(partialTools === 0 ? {} : { partialTools }),
  };
}
