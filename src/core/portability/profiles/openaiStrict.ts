/** OpenAI function calling with `strict: true` (Structured Outputs): the OpenAI rules and a JSON Schema subset. */
import type { HostProfile } from '../profileTypes.js';

const read = '2026-12-06';
/** OpenAI's own code that makes a schema strict, as its Agents SDK sends it. */
const strictSchema = 'https://github.com/openai/openai-agents-python/blob/main/src/agents/strict_schema.py';
/** OpenAI's Structured Outputs page (supported schemas) could not be had here: this page quotes it, dated 2026-02. */
const quoted = 'https://jsonschemaprofiles.unitvectorylabs.com/schemas/openai';
const guide = 'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas';
const notHad = `OpenAI's own page (${guide}) could not be had here; this page quotes its supported-schemas section (baseline 2026-02).`;

export const openaiStrict: HostProfile = {
  id: 'openai-strict',
  name: 'OpenAI function calling, strict mode',
  kind: 'model-api',
  standsFor: 'OpenAI Chat Completions tools[].function with strict: true (Structured Outputs)',
  version: '2026-12-06.1',
  notes:
    'strict: true constrains generation to the schema, and only a subset of JSON Schema is allowed: a schema outside it is a 400 error for the whole request. Most MCP schemas leave properties optional, so they need rewriting (all required, optional ones nullable) before strict mode takes them; hosts that turn strict on for MCP tools rewrite them.',
  inherits: ['openai'],
  rules: [
    {
      id: 'additional-properties-false',
      kind: 'strict-objects',
      require: 'closed',
      verdict: 'refused',
      source: {
        url: strictSchema,
        read,
        publisher: 'provider',
        says: `OpenAI's strict-schema code: "additionalProperties should be set to False for object types". The API's 400 otherwise: "Invalid schema for function '…': In context=('properties', 'permissions'), 'additionalProperties' is required to be supplied and to be false."`,
      },
    },
    {
      id: 'all-properties-required',
      kind: 'strict-objects',
      require: 'all-required',
      verdict: 'refused',
      source: {
        url: strictSchema,
        read,
        publisher: 'provider',
        says: 'OpenAI\'s strict-schema code makes a schema meet "the strict standard that the OpenAI API expects" by listing every key of properties in required (optional fields become nullable instead).',
      },
    },
    {
      id: 'root-any-of',
      kind: 'top-level-keywords',
      keywords: ['anyOf'],
      verdict: 'refused',
      source: {
        url: quoted,
        read,
        publisher: 'third-party',
        note: notHad,
        says: 'Root schema must be an object and must not be anyOf; anyOf is allowed on nested properties only.',
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
        publisher: 'provider-error',
        note: "OpenAI's strict-schema code turns oneOf into anyOf (\"oneOf is not supported by OpenAI's structured outputs\"); the API's error is reported on OpenAI's forum.",
        says: `A strict schema with a oneOf is refused: "Invalid schema …: In context=(), 'oneOf' is not permitted."`,
      },
    },
    {
      id: 'unsupported-composition',
      kind: 'forbidden-keywords',
      keywords: ['allOf', 'not', 'dependentRequired', 'dependentSchemas', 'if', 'then', 'else'],
      verdict: 'refused',
      source: {
        url: quoted,
        read,
        publisher: 'third-party',
        note: notHad,
        says: 'Unsupported in strict mode: the composition keywords allOf, not, dependentRequired, dependentSchemas, if, then, else; a schema using them is refused.',
      },
    },
    {
      id: 'schema-limits',
      kind: 'schema-limits',
      maxProperties: 5000,
      maxDepth: 10,
      verdict: 'refused',
      source: {
        url: quoted,
        read,
        publisher: 'third-party',
        note: notHad,
        says: 'Limits: at most 5,000 object properties in all and 10 levels of object nesting.',
      },
    },
  ],
};
