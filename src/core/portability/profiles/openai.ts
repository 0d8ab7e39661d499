/** OpenAI function calling (Chat Completions `tools`, Responses `function` tools), strict mode off. Data only. */
import type { HostProfile } from '../profileTypes.js';

const read = '2026-12-06';
/** The API reference's text as OpenAI generates it into its own SDK (the reference page itself could not be had here). */
const functionDefinition = 'https://github.com/openai/openai-node/blob/main/src/resources/shared.ts';

export const openai: HostProfile = {
  id: 'openai',
  name: 'OpenAI function calling',
  kind: 'model-api',
  standsFor: 'OpenAI Chat Completions tools[].function (and Responses function tools), strict off',
  version: '2026-12-06.1',
  notes:
    'A function tool is name, description, parameters and strict; the MCP fields around them do not reach the model. With strict off the parameters schema is passed on as written. No tool-count rule: the API reference dropped "A max of 128 functions are supported" on 2025-08-07 (openai-node f4202ce) and no current OpenAI page states a count.',
  rules: [
    {
      id: 'name-pattern',
      kind: 'name-pattern',
      pattern: '^[a-zA-Z0-9_-]+$',
      allowed: 'a-z, A-Z, 0-9, _ and -',
      verdict: 'refused',
      source: {
        url: functionDefinition,
        read,
        publisher: 'provider',
        says: `FunctionDefinition.name: "Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64." Outside it the request fails: "Invalid 'tools[0].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'."`,
      },
    },
    {
      id: 'name-length',
      kind: 'name-length',
      max: 64,
      verdict: 'refused',
      source: {
        url: functionDefinition,
        read,
        publisher: 'provider',
        says: `Function names have a maximum length of 64; past it: "Invalid 'tools[0].function.name': string too long. Expected a string with maximum length 64".`,
      },
    },
    {
      id: 'dropped-fields',
      kind: 'dropped-fields',
      fields: ['title', 'outputSchema', 'annotations', 'icons', 'execution', '_meta'],
      verdict: 'changed',
      source: {
        url: functionDefinition,
        read,
        publisher: 'provider',
        says: 'A function definition has name, description, parameters and strict: nothing else of the MCP tool is sent to the model.',
      },
    },
  ],
};
