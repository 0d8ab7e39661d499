/**
 * Gemini API function declarations as today's hosts send them: the tool's inputSchema as `parametersJsonSchema`
 * (JSON Schema), which Google's GenAI SDK (mcpToTool) and Gemini CLI both do. Data only.
 */
import type { HostProfile, ProfileRule } from '../profileTypes.js';

const read = '2026-12-06';
/** Google's GenAI SDK carries the API reference's text for FunctionDeclaration (updated 2026-05-20). */
const declaration = 'https://github.com/googleapis/js-genai/blob/main/src/types.ts';

export const geminiNamePattern: ProfileRule = {
  id: 'name-pattern',
  kind: 'name-pattern',
  pattern: '^[a-zA-Z_][a-zA-Z0-9_.:-]*$',
  allowed: 'a letter or _ first, then a-z, A-Z, 0-9, _, ., : and -',
  verdict: 'refused',
  source: {
    url: declaration,
    read,
    publisher: 'provider',
    says: 'FunctionDeclaration.name: "Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots, colons and dashes, with a maximum length of 128." Outside it the request fails with 400 INVALID_ARGUMENT "Invalid function name" (google-gemini/gemini-cli#6704).',
  },
};

export const geminiNameLength: ProfileRule = {
  id: 'name-length',
  kind: 'name-length',
  max: 128,
  verdict: 'refused',
  source: {
    url: declaration,
    read,
    publisher: 'provider',
    says: 'FunctionDeclaration.name has a maximum length of 128 (the reference said 64 before 2026-05-20); past it the request fails with "Invalid function name".',
  },
};

export const gemini: HostProfile = {
  id: 'gemini',
  name: 'Gemini function declarations',
  kind: 'model-api',
  standsFor:
    "Gemini API, functionDeclarations[] with parametersJsonSchema (and responseJsonSchema), as Google's GenAI SDK sends MCP tools",
  version: '2026-12-06.1',
  notes:
    'parametersJsonSchema takes JSON Schema as it is: no Google page says a keyword in it fails the request, so no keyword rule applies here. Hosts that build the older OpenAPI-subset `parameters` field instead are the gemini-parameters profile (checked only when named). Gemini CLI is its own profile: it rewrites names instead of failing.',
  rules: [
    geminiNamePattern,
    geminiNameLength,
    {
      id: 'dropped-fields',
      kind: 'dropped-fields',
      fields: ['title', 'annotations', 'icons', 'execution', '_meta'],
      verdict: 'changed',
      source: {
        url: 'https://github.com/googleapis/js-genai/blob/main/src/_transformers.ts',
        read,
        publisher: 'provider',
        says: "mcpToGeminiTool builds a FunctionDeclaration of name, description, parametersJsonSchema (inputSchema) and responseJsonSchema (outputSchema): the MCP tool's other fields do not reach the model.",
      },
    },
  ],
};
