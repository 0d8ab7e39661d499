/** Anthropic Messages API tool use (client tools). Data only. */
import type { ProfileRule, HostProfile } from '../profileTypes.js';

const read = '2026-12-06';
const defineTools = 'https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools';

/**
 * The tool name rule as the define-tools page gives it. Every copy of the page that could be read here (the newest
 * names Claude Opus 4.7) says {1,64}, and the API's own errors through 2026 say "at most 64 characters"; a reading of
 * {1,128} could not be confirmed on Anthropic's page, so the limit stays 64 until the page says otherwise.
 */
export const anthropicNameRule = '^[a-zA-Z0-9_-]{1,64}$';

/** The API's refusal of a top-level combinator, which Claude Code meets too: its users reported the error. */
export const topLevelCombinators: ProfileRule = {
  id: 'top-level-combinators',
  kind: 'top-level-keywords',
  keywords: ['oneOf', 'allOf', 'anyOf'],
  verdict: 'refused',
  source: {
    url: 'https://github.com/anthropics/claude-code/issues/5319',
    read,
    publisher: 'provider-error',
    note: "The define-tools page does not state this rule; the API's own error message, reported in Anthropic's claude-code repository, does.",
    says: 'API Error 400 invalid_request_error: "tools.106.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level" — the whole request fails, not only calls to that tool.',
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
    publisher: 'provider',
    says: 'A client tool definition is name, description, input_schema and optional input_examples (plus cache_control, strict, defer_loading and allowed_callers): the other MCP fields are not sent to the model.',
  },
};

export const anthropic: HostProfile = {
  id: 'anthropic',
  name: 'Anthropic tool use',
  kind: 'model-api',
  standsFor: 'Anthropic Messages API, tools[] (client tools): name, description, input_schema',
  version: '2026-12-06.1',
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
        publisher: 'provider',
        says: `name: the name of the tool. Must match the regex ${anthropicNameRule}. A name outside it is a 400 for the whole request ("tools.7.custom.name: String should match pattern").`,
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
        publisher: 'provider',
        says: `Tool names match ${anthropicNameRule}: at most 64 characters ("tools.63.custom.name: String should have at most 64 characters", the API's 400).`,
      },
    },
    topLevelCombinators,
    anthropicDroppedFields,
  ],
};
