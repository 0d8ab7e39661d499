/**
 * Validators for tools' outputSchemas, compiled once per distinct schema text and kept across list
 * refreshes (the SDK drops its validators on every listTools page; we key by the schema itself).
 */
import type { Ajv, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { JsonObject, JsonValue } from '../../shared/json.js';
import { isJsonObject } from '../../shared/json.js';
import type { CallOutcome } from '../../shared/session.js';
import { ajvModules } from '../json/ajvModules.js';

type Compiled = { validate: ValidateFunction } | { problem: string };

let engines: { draft07: Ajv; draft2020: Ajv2020 } | undefined;

/**
 * Draft-07 and older schemas go to Ajv's draft-07 engine; everything else (the MCP default) to 2020-12. Both are made
 * when the first schema is compiled (and Ajv loaded then: ajvModules.ts): a call to a tool without an outputSchema
 * never pays for them.
 */
function engineFor(schema: JsonObject): Ajv | Ajv2020 {
  const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
  engines ??= makeEngines();
  return /draft-0[4-7]/.test(dialect) ? engines.draft07 : engines.draft2020;
}

function makeEngines(): { draft07: Ajv; draft2020: Ajv2020 } {
  const { Ajv, Ajv2020, addFormats } = ajvModules();
  const draft07 = new Ajv({ allErrors: true, strict: false, validateSchema: true });
  const draft2020 = new Ajv2020({ allErrors: true, strict: false, validateSchema: true });
  addFormats(draft07);
  addFormats(draft2020);
  return { draft07, draft2020 };
}

const cache = new Map<string, Compiled>();

function compile(schema: JsonObject): Compiled {
  const key = JSON.stringify(schema);
  const known = cache.get(key);
  if (known) return known;
  let compiled: Compiled;
  try {
    // $id would clash across compiles of different schemas with the same id: compile a copy without it.
    const { $id: _ignored, ...rest } = schema;
    compiled = { validate: engineFor(schema).compile(rest) };
  } catch (error) {
    compiled = { problem: error instanceof Error ? error.message : String(error) };
  }
  cache.set(key, compiled);
  return compiled;
}

/** The outputSchema of the named tool in the full list (all pages); the first one when names repeat. */
export function outputSchemaOf(tools: readonly JsonObject[], name: string): JsonObject | undefined {
  const tool = tools.find((candidate) => candidate.name === name);
  const schema = tool?.outputSchema;
  return isJsonObject(schema) ? schema : undefined;
}

/** Compiles every outputSchema of a tool list up front, so the first call does not pay for it. */
export function prepareOutputValidators(tools: readonly JsonObject[]): void {
  for (const tool of tools) if (isJsonObject(tool.outputSchema)) compile(tool.outputSchema);
}

/**
 * structuredContent checked against an outputSchema: undefined when the tool declares none; `missing`
 * when it declares one but a successful result carried no structuredContent.
 */
export function validateStructured(
  schema: JsonObject | undefined,
  result: JsonObject,
  isError: boolean,
): CallOutcome['structuredValidation'] {
  if (!schema) return undefined;
  const content: JsonValue | undefined = result.structuredContent;
  if (content === undefined) return isError ? undefined : { valid: false, missing: true };
  const compiled = compile(schema);
  if ('problem' in compiled) return { valid: false, errors: [`outputSchema does not compile: ${compiled.problem}`] };
  if (compiled.validate(content)) return { valid: true };
  const errors = (compiled.validate.errors ?? []).map((error) => {
    const where = error.instancePath === '' ? '(root)' : error.instancePath;
    const extra = error.keyword === 'additionalProperties' ? ` (${String((error.params as { additionalProperty?: unknown }).additionalProperty)})` : '';
    return `${where} ${error.message ?? error.keyword}${extra}`;
  });
  return { valid: false, errors };
}
