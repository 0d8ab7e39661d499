// What the test servers list: deterministic tool, resource, template and prompt catalogues, opaque cursors,
// and the list mutation used to exercise list_changed. Shared by fault.mjs (raw JSON-RPC over stdio)
// and paginating.mjs (the SDK's low-level Server over stdio, Streamable HTTP and SSE).
import { randomBytes } from 'node:crypto';

/** @typedef {import('../../src/shared/json.js').JsonObject} JsonObject */

/** Parses `--name value` and `--flag` arguments into an object of strings and booleans. */
export function parseFlags(argv) {
  const flags = {};
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (!argument.startsWith('--')) continue;
    const name = argument.slice(2);
    const next = argv[index + 1];
    if (next === undefined || next.startsWith('--')) flags[name] = true;
    else {
      flags[name] = next;
      index += 1;
    }
  }
  return flags;
}

export function numberFlag(flags, name, fallback) {
  const value = flags[name];
  if (value === undefined || value === true) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`--${name} wants a number, got ${value}`);
  return parsed;
}

const pad = (index) => String(index).padStart(4, '0');

/** Tool number `index` (1-based) of the paginating catalogue. Every fifth carries the rarer fields. */
/** @returns {JsonObject} */
export function numberedTool(index) {
  const tool = {
    name: `tool_${pad(index)}`,
    description: `Numbered tool ${index}.\nSecond line of the description.`,
    inputSchema: {
      type: 'object',
      properties: { value: { type: 'string', description: 'Any text' }, count: { type: 'integer', minimum: 0 } },
      required: ['value'],
    },
  };
  if (index % 5 === 0) {
    tool.title = `Tool ${index}`;
    tool.annotations = { readOnlyHint: true, title: `Annotated tool ${index}` };
    tool.outputSchema = { type: 'object', properties: { echoed: { type: 'string' } }, required: ['echoed'] };
    tool.icons = [{ src: 'data:image/png;base64,iVBORw0KGgo=', mimeType: 'image/png' }];
    tool.execution = { taskSupport: 'optional' };
    tool._meta = { 'example.com/origin': 'catalog', index };
    tool['x-unknown-field'] = { kept: true, index };
  }
  return tool;
}

/** @returns {JsonObject[]} */
export function numberedTools(count) {
  return Array.from({ length: count }, (_, offset) => numberedTool(offset + 1));
}

/** @returns {JsonObject[]} */
export function numberedResources(count) {
  return Array.from({ length: count }, (_, offset) => ({
    uri: `test://resource/${pad(offset + 1)}`,
    name: `resource_${pad(offset + 1)}`,
    mimeType: 'text/plain',
  }));
}

/** @returns {JsonObject[]} */
export function numberedTemplates(count) {
  return Array.from({ length: count }, (_, offset) => ({
    uriTemplate: `test://template/${pad(offset + 1)}/{id}`,
    name: `template_${pad(offset + 1)}`,
  }));
}

/** @returns {JsonObject[]} */
export function numberedPrompts(count) {
  return Array.from({ length: count }, (_, offset) => ({
    name: `prompt_${pad(offset + 1)}`,
    description: `Prompt ${offset + 1}`,
    arguments: [{ name: 'topic', required: true }],
  }));
}

const objectSchema = { type: 'object', properties: {} };

/**
 * Tools that break the spec's rules, one rule each (plus one clean tool and one draft-07 tool), in list order.
 * The lint tests assert exactly which code each name draws; keep them in step when you change this list.
 */
/** @returns {JsonObject[]} */
export function violatingTools() {
  return [
    { name: 'good_tool', description: 'A tool without faults.', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } },
    { name: '', description: 'A tool with an empty name.', inputSchema: objectSchema },
    { name: 'a'.repeat(200), description: 'A tool with a 200 character name.', inputSchema: objectSchema },
    { name: 'has space', description: 'A name with a space.', inputSchema: objectSchema },
    { name: 'ünïcode_tool', description: 'A name with non-ASCII letters.', inputSchema: objectSchema },
    { name: 'dup_tool', description: 'First of two tools with one name.', inputSchema: objectSchema },
    { name: 'CaseTool', description: 'Differs from casetool only by case.', inputSchema: objectSchema },
    { name: 'no_schema', description: 'A tool without inputSchema.' },
    { name: 'null_schema', description: 'A tool whose inputSchema is null.', inputSchema: null },
    { name: 'string_schema', description: 'A tool whose inputSchema has type string.', inputSchema: { type: 'string' } },
    { name: 'array_schema', description: 'A tool whose inputSchema is an array.', inputSchema: [] },
    {
      name: 'invalid_schema',
      description: 'A tool whose inputSchema is not valid JSON Schema.',
      inputSchema: { type: 'object', properties: { a: { type: 'strin' } } },
    },
    {
      name: 'invalid_output',
      description: 'A tool whose outputSchema is not valid JSON Schema.',
      inputSchema: objectSchema,
      outputSchema: { type: 'object', properties: 5 },
    },
    { name: 'no_description', inputSchema: objectSchema },
    { name: 'empty_description', description: '', inputSchema: objectSchema },
    { name: 'blank_description', description: '  \n\t ', inputSchema: objectSchema },
    {
      name: 'annotated_tool',
      description: 'A tool that claims to be harmless.',
      inputSchema: objectSchema,
      annotations: { readOnlyHint: true, destructiveHint: false },
    },
    {
      name: 'draft7_tool',
      description: 'A valid draft-07 schema.',
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        definitions: { thing: { type: 'string' } },
        properties: { thing: { $ref: '#/definitions/thing' } },
      },
    },
    { name: 'dup_tool', description: 'Second of two tools with one name.', inputSchema: objectSchema },
    { name: 'casetool', description: 'Differs from CaseTool only by case.', inputSchema: objectSchema },
  ];
}

/** Tools whose text is hostile to a renderer that treats server text as HTML or Markdown. */
/** @returns {JsonObject[]} */
export function hostileTools() {
  return [
    {
      name: 'hostile_script',
      title: '<script>alert(1)</script>',
      description: '<script>alert(1)</script>',
      inputSchema: { type: 'object', properties: { q: { type: 'string', description: '<script>alert(1)</script>' } } },
    },
    {
      name: 'hostile_img',
      description: '<img src=x onerror=alert(1)>',
      inputSchema: { type: 'object', properties: { q: { type: 'string', title: '<img src=x onerror=alert(1)>' } } },
      annotations: { title: '<img src=x onerror=alert(1)>', destructiveHint: false },
    },
    {
      name: 'hostile_link',
      description: '[click](javascript:alert(1))',
      inputSchema: { type: 'object', properties: {} },
    },
  ];
}

/**
 * Opaque cursors: each position gets a random token the first time it is handed out; tokens are only
 * meaningful to this process, so a client that decodes or invents one gets -32602.
 */
export class CursorBook {
  #byOffset = new Map();
  #byToken = new Map();

  tokenFor(offset) {
    let token = this.#byOffset.get(offset);
    if (token === undefined) {
      token = randomBytes(12).toString('base64url');
      this.#byOffset.set(offset, token);
      this.#byToken.set(token, offset);
    }
    return token;
  }

  /** The offset of a token, or undefined when the token was never handed out. */
  offsetOf(token) {
    return this.#byToken.get(token);
  }

  /** A fresh token every time (for servers whose cursors never end). */
  freshToken(offset) {
    const token = randomBytes(12).toString('base64url');
    this.#byToken.set(token, offset);
    return token;
  }
}

/** Thrown by page() for a cursor the server never issued: answered as JSON-RPC -32602. */
export class InvalidCursorError extends Error {
  constructor(cursor) {
    super(`Invalid cursor: ${JSON.stringify(cursor)}`);
    this.code = -32602;
  }
}

/** One page of `items` starting at the cursor's offset; nextCursor only when more remain. */
export function page(items, cursor, pageSize, book) {
  let offset = 0;
  if (cursor !== undefined) {
    offset = typeof cursor === 'string' ? book.offsetOf(cursor) : undefined;
    if (offset === undefined) throw new InvalidCursorError(cursor);
  }
  const slice = items.slice(offset, offset + pageSize);
  const end = offset + slice.length;
  return end < items.length ? { items: slice, nextCursor: book.tokenFor(end) } : { items: slice };
}

/**
 * Changes a tool list for list_changed: generation g adds `added_g`, removes the first numbered tool still
 * listed (tool_0001 in generation 1) and rewrites the description of the last numbered tool.
 */
/** @returns {JsonObject[]} */
export function mutateTools(tools, generation) {
  const next = tools.map((tool) => ({ ...tool }));
  const removeAt = next.findIndex((tool) => /^tool_\d+$/.test(tool.name));
  if (removeAt >= 0) next.splice(removeAt, 1);
  const changeAt = next.findLastIndex((tool) => /^tool_\d+$/.test(tool.name));
  if (changeAt >= 0) next[changeAt] = { ...next[changeAt], description: `Changed in generation ${generation}.` };
  next.push({
    name: `added_${generation}`,
    description: `Added in generation ${generation}.`,
    inputSchema: { type: 'object', properties: {} },
  });
  return next;
}

export const triggerTool = {
  name: 'trigger_list_changed',
  description: 'Changes the tool list (adds, removes and changes one tool) and sends notifications/tools/list_changed.',
  inputSchema: {
    type: 'object',
    properties: {
      burst: { type: 'integer', minimum: 1, description: 'How many notifications to send at once' },
      list: { type: 'string', enum: ['tools', 'resources', 'prompts'], description: 'Which list to change (default tools)' },
    },
  },
};

export const echoTool = {
  name: 'echo',
  description: 'Echoes its text argument.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
};
