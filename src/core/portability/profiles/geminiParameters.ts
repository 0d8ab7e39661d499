/**
 * Gemini API function declarations with the older `parameters` field: a select subset of the OpenAPI 3.0 schema
 * object. A legacy path (hosts and SDKs that convert the schema themselves): checked only when named. Data only.
 */
import type { HostProfile } from '../profileTypes.js';

const read = '2026-12-06';
const schemaProto =
  'https://github.com/googleapis/googleapis/blob/master/google/ai/generativelanguage/v1beta/content.proto';

export const geminiParameters: HostProfile = {
  id: 'gemini-parameters',
  name: 'Gemini function declarations (parameters, OpenAPI subset)',
  kind: 'model-api',
  standsFor:
    'Gemini API, functionDeclarations[].parameters (the OpenAPI 3.0 Schema subset), as older SDKs and hosts send it',
  legacy: true,
  version: '2026-12-06.1',
  notes:
    'Checks the `parameters` field, a select subset of an OpenAPI 3.0 schema object: a JSON Schema keyword outside it is a 400 ("Unknown name … Cannot find field") for the whole request. Google\'s GenAI SDK and Gemini CLI send parametersJsonSchema instead (the gemini and gemini-cli profiles).',
  inherits: ['gemini'],
  rules: [
    {
      id: 'openapi-subset',
      kind: 'allowed-keywords',
      keywords: [
        'type',
        'format',
        'title',
        'description',
        'nullable',
        'default',
        'items',
        'minItems',
        'maxItems',
        'enum',
        'properties',
        'required',
        'minProperties',
        'maxProperties',
        'minimum',
        'maximum',
        'minLength',
        'maxLength',
        'pattern',
        'example',
        'anyOf',
        'propertyOrdering',
      ],
      verdict: 'refused',
      source: {
        url: schemaProto,
        read,
        publisher: 'provider',
        says: 'Schema "represents a select subset of an OpenAPI 3.0 schema object" (its fields are the keywords above, as Google\'s GenAI SDK\'s Schema type lists them), and `default` is "included here and ignored so that developers who send schemas with a `default` field don\'t get unknown-field errors": any other field is an unknown-field error that fails the request ("Unknown name \\"additionalProperties\\" at tools[0].function_declarations[N].parameters…: Cannot find field.").',
      },
    },
    {
      id: 'single-type',
      kind: 'single-type',
      verdict: 'refused',
      source: {
        url: 'https://github.com/zed-industries/zed/issues/53919',
        read,
        publisher: 'provider-error',
        note: "Google's Schema message has one `Type type`; the error for a list is the API's own, as its users report it.",
        says: 'A type written as an array (["string", "null"]) is refused: "Invalid JSON payload received. Unknown name \\"type\\" at …: Proto field is not repeating, cannot start list."',
      },
    },
    {
      id: 'dropped-fields',
      kind: 'dropped-fields',
      fields: ['title', 'outputSchema', 'annotations', 'icons', 'execution', '_meta'],
      verdict: 'changed',
      source: {
        url: 'https://github.com/googleapis/js-genai/blob/main/src/types.ts',
        read,
        publisher: 'provider',
        says: 'A FunctionDeclaration is a name, a description and parameters (response, when a host builds one): the other MCP fields do not reach the model.',
      },
    },
  ],
};
