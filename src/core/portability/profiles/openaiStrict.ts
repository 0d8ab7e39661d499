/** OpenAI function calling with `strict: true` (Structured Outputs): the OpenAI rules and a JSON Schema subset. */
import type { HostProfile } from '../profileTypes.js';

const read = '2026-12-02';
const comparison = 'https://strictly-structured.codygo.com/models';

export const openaiStrict: HostProfile = {
  id: 'openai-strict',
  name: 'OpenAI function calling, strict mode',
  kind: 'model-api',
  version: '2026-12-02.1',
  notes:
    'strict: true constrains generation to the schema, and only a subset of JSON Schema is allowed: a schema outside it is a 400 error for the whole request. Most MCP schemas leave properties optional, so they need rewriting (all required, optional ones nullable) before strict mode takes them.',
  inherits: ['openai'],
  rules: [
    {
      id: 'additional-properties-false',
      kind: 'strict-objects',
      require: 'closed',
      verdict: 'refused',
      source: {
        url: 'https://github.com/openai/openai-python/issues/1733',
        read,
        says: 'A tool whose parameters lack additionalProperties: false is "not strict"; with strict: true and additionalProperties: false on the object the request succeeds.',
      },
    },
    {
      id: 'all-properties-required',
      kind: 'strict-objects',
      require: 'all-required',
      verdict: 'refused',
      source: {
        url: comparison,
        read,
        says: 'Strict mode: every property defined in "properties" must appear in "required"; optional fields use a nullable type instead.',
      },
    },
    {
      id: 'root-any-of',
      kind: 'top-level-keywords',
      keywords: ['anyOf'],
      verdict: 'refused',
      source: {
        url: comparison,
        read,
        says: 'The root object itself cannot use anyOf; anyOf is only allowed on nested properties.',
      },
    },
    {
      id: 'one-of',
      kind: 'forbidden-keywords',
      keywords: ['oneOf'],
      verdict: 'refused',
      source: {
        url: 'https://community.openai.com/t/official-documentation-for-supported-schemas-for-response-format-parameter-in-calls-to-client-beta-chats-completions-parse/932422',
        read,
        says: `A strict schema with a top-level oneOf of required sets is refused: "Invalid schema …: In context=(), 'oneOf' is not permitted."`,
      },
    },
    {
      id: 'unsupported-composition',
      kind: 'forbidden-keywords',
      keywords: ['allOf', 'not', 'prefixItems'],
      verdict: 'refused',
      source: {
        url: comparison,
        read,
        says: 'Strict mode supports anyOf but not allOf, oneOf, not or prefixItems; unknown keywords are a 400 error.',
      },
    },
    {
      id: 'schema-limits',
      kind: 'schema-limits',
      maxProperties: 5000,
      maxDepth: 10,
      verdict: 'refused',
      source: {
        url: comparison,
        read,
        says: 'Limits: at most 5,000 object properties in all and 10 levels of nesting.',
      },
    },
  ],
};
