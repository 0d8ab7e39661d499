/** Anthropic Messages API tool use (client tools). Data only. */
import type { ProfileRule, HostProfile } from '../profileTypes.js';

const read = '2026-12-02';
const defineTools = 'https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools';

/** The API's refusal of a top-level combinator, which Claude Code meets too: its users reported the error. */
export const topLevelCombinators: ProfileRule = {
  id: 'top-level-combinators',
  kind: 'top-level-keywords',
  keywords: ['oneOf', 'allOf', 'anyOf'],
  verdict: 'refused',
  source: {
    url: 'https://github.com/anthropics/claude-code/issues/5319',
    read,
    says: 'API Error 400: "tools.106.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level" — the whole request fails, not only calls to that tool.',
  },
};

/** What of an MCP tool an Anthropic tool definition carries. */
export const anthropicDroppedFields: ProfileRule = {
  id: 'dropped-fields',
  kind: 'dropped-fields',
  fields: ['title', 'outputSchema', 'annotations', 'icons', 'execution', '_meta'],
  verdict: 'changed',
  source: {
    url: defineTools,
    read,
    says: 'A client tool definition is name, description, input_schema and optional input_examples (plus cache_control, strict, defer_loading): the other MCP fields are not sent to the model.',
  },
};

export const anthropic: HostProfile = {
  id: 'anthropic',
  name: 'Anthropic tool use',
  kind: 'model-api',
  version: '2026-12-02.1',
  notes:
    'Client tools in the Messages API. input_schema is passed on as JSON Schema; the top-level combinators are refused.',
  rules: [
    {
      id: 'name-pattern',
      kind: 'name-pattern',
      pattern: '^[a-zA-Z0-9_-]+$',
      allowed: 'a-z, A-Z, 0-9, _ and -',
      verdict: 'refused',
      source: {
        url: defineTools,
        read,
        says: 'name: the name of the tool. Must match the regex ^[a-zA-Z0-9_-]{1,64}$.',
      },
    },
    {
      id: 'name-length',
      kind: 'name-length',
      max: 64,
      verdict: 'refused',
      source: {
        url: defineTools,
        read,
        says: 'Tool names match ^[a-zA-Z0-9_-]{1,64}$: at most 64 characters.',
      },
    },
    topLevelCombinators,
    anthropicDroppedFields,
  ],
};
