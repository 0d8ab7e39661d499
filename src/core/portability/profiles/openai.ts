/** OpenAI function calling (Chat Completions `tools`, Responses `function` tools), strict mode off. Data only. */
import type { HostProfile } from '../profileTypes.js';

const read = '2026-12-02';
const functionObject = 'https://docs.rs/crate/openai-client-base/latest/source/docs/FunctionObject.md';

export const openai: HostProfile = {
  id: 'openai',
  name: 'OpenAI function calling',
  kind: 'model-api',
  version: '2026-12-02.1',
  notes:
    'A function tool is name, description, parameters and strict; the MCP fields around them do not reach the model. With strict off the parameters schema is passed on as written.',
  rules: [
    {
      id: 'name-pattern',
      kind: 'name-pattern',
      pattern: '^[a-zA-Z0-9_-]+$',
      allowed: 'a-z, A-Z, 0-9, _ and -',
      verdict: 'refused',
      source: {
        url: functionObject,
        read,
        says: 'The name of the function: must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64 (OpenAI API reference, as generated into this client).',
      },
    },
    {
      id: 'name-length',
      kind: 'name-length',
      max: 64,
      verdict: 'refused',
      source: { url: functionObject, read, says: 'Function names have a maximum length of 64.' },
    },
    {
      id: 'tool-count',
      kind: 'tool-count',
      max: 128,
      verdict: 'refused',
      source: {
        url: 'https://reference.aspose.com/pdf/net/aspose.pdf.ai/completioncreaterequest/tools',
        read,
        says: 'tools: a list of functions the model may generate JSON inputs for. A max of 128 functions are supported (OpenAI API reference text).',
      },
    },
    {
      id: 'dropped-fields',
      kind: 'dropped-fields',
      fields: ['title', 'outputSchema', 'annotations', 'icons', 'execution', '_meta'],
      verdict: 'changed',
      source: {
        url: functionObject,
        read,
        says: 'A function object has name, description, parameters and strict: nothing else of the MCP tool is sent to the model.',
      },
    },
  ],
};
