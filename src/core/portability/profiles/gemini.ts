/** Gemini API function declarations, with `parameters` (the OpenAPI 3.0 subset). Data only. */
import type { HostProfile } from '../profileTypes.js';

const read = '2026-12-02';
const schemaReference = 'https://cloud.google.com/vertex-ai/docs/reference/rest/v1/Schema';

export const gemini: HostProfile = {
  id: 'gemini',
  name: 'Gemini function declarations',
  kind: 'model-api',
  version: '2026-12-02.1',
  notes:
    'Checks the `parameters` field, a select subset of an OpenAPI 3.0 schema object: a JSON Schema keyword outside it is a 400 ("Unknown name … Cannot find field") for the whole request. A host that sends the schema as `parametersJsonSchema` instead is not bound by the subset; hosts that strip the unknown keywords change the tool (what the model sees differs from what the server declared).',
  rules: [
    {
      id: 'name-pattern',
      kind: 'name-pattern',
      pattern: '^[a-zA-Z_][a-zA-Z0-9_.:-]*$',
      allowed: 'a letter or _ first, then a-z, A-Z, 0-9, _, ., : and -',
      verdict: 'refused',
      source: {
        url: 'https://pub.dev/documentation/googleapis/17.0.0/aiplatform_v1/GoogleCloudAiplatformV1FunctionDeclaration/name.html',
        read,
        says: 'The name of the function to call. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots, colons and dashes.',
      },
    },
    {
      id: 'name-length',
      kind: 'name-length',
      max: 64,
      verdict: 'refused',
      source: {
        url: 'https://pub.dev/documentation/google_cloud_ai_generativelanguage_v1beta/latest/generativelanguage/FunctionDeclaration/name.html',
        read,
        says: 'Gemini API (generativelanguage v1beta) FunctionDeclaration.name: a-z, A-Z, 0-9, underscores, colons, dots and dashes, with a maximum length of 64.',
      },
    },
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
        url: 'https://github.com/openswarm-ai/openswarm/issues/24',
        read,
        says:
          'MCP tools sent to Gemini: "Invalid JSON payload received. Unknown name \\"$schema\\" / \\"additionalProperties\\" / \\"const\\" / \\"exclusiveMinimum\\" / \\"propertyNames\\" at tools[0].function_declarations[N].parameters…: Cannot find field." The fields Schema has are listed in the Vertex AI Schema reference (' +
          schemaReference +
          ').',
      },
    },
    {
      id: 'single-type',
      kind: 'single-type',
      verdict: 'refused',
      source: {
        url: 'https://github.com/zed-industries/zed/issues/53919',
        read,
        says: 'A type written as an array (["string", "null"]) is refused: "Invalid JSON payload received. Unknown name \\"type\\" at …: Proto field is not repeating, cannot start list."',
      },
    },
    {
      id: 'dropped-fields',
      kind: 'dropped-fields',
      fields: ['title', 'outputSchema', 'annotations', 'icons', 'execution', '_meta'],
      verdict: 'changed',
      source: {
        url: 'https://cloud.google.com/vertex-ai/generative-ai/docs/reference/nodejs/latest/vertexai/functiondeclaration',
        read,
        says: 'A FunctionDeclaration is a name, a description and parameters: the other MCP fields do not reach the model.',
      },
    },
  ],
};
