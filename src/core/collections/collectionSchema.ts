/**
 * The JSON Schema (2020-12) of a loupe.collection/1 file. `schemas/loupe.collection.schema.json` is this value
 * written out (a test keeps the two equal), so editors complete and validate collections; parseCollection checks
 * files against it and then checks what a schema cannot say (names, references, regular expressions).
 */
export const collectionSchemaId = 'https://loupe.dev/schemas/loupe.collection.schema.json';

const json = {};
const pointer = {
  type: 'string',
  pattern: '^(/.*)?$',
  description: 'A JSON Pointer (RFC 6901): "" or "/a/0/b".',
};
const names = { type: 'array', items: { type: 'string' } };
const bounds = {
  type: 'object',
  additionalProperties: false,
  properties: {
    equals: { type: 'integer', minimum: 0 },
    min: { type: 'integer', minimum: 0 },
    max: { type: 'integer', minimum: 0 },
  },
};
const latency = {
  type: 'object',
  description: "Budgets in ms over the step's `repeat` calls (nearest-rank percentiles).",
  additionalProperties: false,
  properties: {
    p50: { type: 'number', minimum: 0 },
    p95: { type: 'number', minimum: 0 },
    max: { type: 'number', minimum: 0 },
  },
};
const valueAssertion = {
  type: 'object',
  additionalProperties: false,
  properties: {
    equals: { ...json, description: 'Equal, key order ignored.' },
    contains: {
      ...json,
      description:
        'Objects: these keys with containing values; arrays: each element contained; strings: a substring.',
    },
    ignore: {
      type: 'array',
      items: pointer,
      description: 'Pointers (relative to the value) left out of both sides.',
    },
  },
};
const base = {
  enum: ['result', 'jsonText'],
  description: 'result (default): the result as sent; jsonText: its first text block parsed as JSON.',
};
const pathAssertion = {
  type: 'object',
  required: ['pointer'],
  additionalProperties: false,
  properties: {
    pointer,
    in: base,
    equals: json,
    matches: {
      type: 'string',
      description: 'A regular expression (JavaScript) the string value must match.',
    },
    exists: { type: 'boolean' },
    type: { enum: ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'] },
    length: {
      oneOf: [{ type: 'integer', minimum: 0 }, bounds],
      description: 'Of a string or array, or keys of an object.',
    },
    oneOf: { type: 'array', items: json },
  },
};
const callExpect = {
  type: 'object',
  additionalProperties: false,
  properties: {
    isError: { type: 'boolean' },
    contentTypes: {
      type: 'array',
      items: { type: 'string' },
      description: 'The content block types, in order, exactly.',
    },
    structuredContent: valueAssertion,
    text: {
      type: 'object',
      additionalProperties: false,
      description: 'The text of the text blocks, joined with newlines.',
      properties: { equals: { type: 'string' }, contains: { type: 'string' }, matches: { type: 'string' } },
    },
    jsonText: { ...valueAssertion, description: 'The first text block parsed as JSON.' },
    paths: { type: 'array', items: pathAssertion },
    outputSchema: { const: true, description: "structuredContent valid against the tool's outputSchema." },
    latency,
  },
};
const listExpect = {
  type: 'object',
  additionalProperties: false,
  properties: {
    present: names,
    absent: names,
    count: bounds,
    snapshot: {
      type: 'object',
      required: ['file'],
      additionalProperties: false,
      properties: {
        file: { type: 'string', description: 'A loupe.snapshot/1 file, relative to the collection.' },
        items: names,
        failOn: { enum: ['breaking', 'drift', 'any'] },
      },
    },
    latency,
  },
};
const capture = {
  oneOf: [
    pointer,
    { type: 'object', required: ['pointer'], additionalProperties: false, properties: { pointer, in: base } },
  ],
};
const stepBase = {
  name: { type: 'string', minLength: 1 },
  after: { ...names, description: 'Steps that must finish first when steps run concurrently.' },
  repeat: { type: 'integer', minimum: 1, maximum: 100000 },
  timeoutMs: {
    type: 'integer',
    minimum: 1,
    description:
      "The step's deadline in ms over all it does (every request, round, page and pattern); also each request's timeout. Default: the collection's timeoutMs, else 60000.",
  },
};
const callStep = (method: string, key: string | undefined) => ({
  type: 'object',
  required: ['name', 'method', ...(key ? [key] : [])],
  additionalProperties: false,
  properties: {
    ...stepBase,
    method: { const: method },
    ...(key ? { [key]: { type: 'string' } } : {}),
    ...(method === 'resources/read' ? {} : { arguments: { type: 'object' } }),
    expect: callExpect,
    captures: {
      type: 'object',
      additionalProperties: capture,
      description: 'Names for values of the result: ${capture:NAME} later.',
    },
  },
});
const headers = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'value'],
    additionalProperties: false,
    properties: { name: { type: 'string' }, value: { type: 'string' } },
  },
};
/** Each shape of target, by `transport` (or `config`). */
export const targetSchemas = {
  demo: {
    type: 'object',
    required: ['transport'],
    additionalProperties: false,
    properties: { transport: { const: 'demo' } },
  },
  stdio: {
    type: 'object',
    required: ['transport', 'command'],
    additionalProperties: false,
    properties: {
      transport: { const: 'stdio' },
      command: { type: 'string', minLength: 1 },
      args: { type: 'array', items: { type: 'string' } },
      cwd: { type: 'string' },
      env: { type: 'object', additionalProperties: { type: 'string' } },
    },
  },
  url: {
    type: 'object',
    required: ['transport', 'url'],
    additionalProperties: false,
    properties: { transport: { enum: ['http', 'sse', 'auto'] }, url: { type: 'string' }, headers },
  },
  config: {
    type: 'object',
    required: ['config', 'server'],
    additionalProperties: false,
    properties: {
      config: { type: 'string', description: 'A client config file, relative to the collection.' },
      server: { type: 'string' },
    },
  },
};

const target = {
  description: 'The server, as the CLI takes it; target options given to `loupe test` win.',
  oneOf: Object.values(targetSchemas),
};

const listStep = (method: string) => ({
  type: 'object',
  required: ['name', 'method'],
  additionalProperties: false,
  properties: { ...stepBase, method: { const: method }, expect: listExpect },
});

/** The schema of a step, by its method. */
export const stepSchemas = {
  'tools/call': callStep('tools/call', 'tool'),
  'resources/read': callStep('resources/read', 'uri'),
  'prompts/get': callStep('prompts/get', 'prompt'),
  'tools/list': listStep('tools/list'),
  'resources/list': listStep('resources/list'),
  'resources/templates/list': listStep('resources/templates/list'),
  'prompts/list': listStep('prompts/list'),
};

export const collectionSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: collectionSchemaId,
  title: 'Loupe collection (loupe.collection/1)',
  description:
    'Saved MCP requests with assertions, run by `loupe test` and the Loupe app. Values may use ${env:NAME} and ${capture:NAME}.',
  type: 'object',
  required: ['format', 'steps'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    format: { const: 'loupe.collection/1' },
    name: { type: 'string' },
    description: { type: 'string' },
    target,
    timeoutMs: {
      type: 'integer',
      minimum: 1,
      description: "Each step's deadline in ms, unless the step gives its own (default 60000).",
    },
    steps: {
      type: 'array',
      items: { oneOf: Object.values(stepSchemas) },
    },
  },
} as const;
