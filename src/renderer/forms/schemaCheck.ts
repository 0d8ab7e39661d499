/**
 * JSON Schema validation without eval: the renderer's CSP forbids it (script-src 'self'), and Ajv compiles
 * validators with new Function. @cfworker/json-schema interprets the schema instead (drafts 4 to 2020-12).
 * Errors come out as leaf errors with an instance path, the shape rjsf and the JSON editor both show.
 */
import { Validator, type OutputUnit, type SchemaDraft } from '@cfworker/json-schema';
import type { JsonObject, JsonValue } from '../../shared/json';

export interface SchemaError {
  /** Instance path segments, [] for the root. For `required`, the missing property is the last segment. */
  path: string[];
  keyword: string;
  message: string;
}

/**
 * The draft a schema names in `$schema`; 2020-12 when it names none (or one this validator does not know). MCP makes
 * 2020-12 the default dialect of inputSchema/outputSchema, and for the older shapes 2025-era servers send without
 * `$schema` (tuples as `items: [...]`, `additionalItems`, `dependencies`) this validator answers the same under
 * 2020-12 as under draft 7; the one difference, `$ref` siblings, is applied as 2020-12 requires. Schemas that name
 * draft-07 (zod-to-json-schema does) keep draft-07 rules.
 */
export function draftOf(schema: JsonObject): SchemaDraft {
  const named = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (named.includes('2019-09')) return '2019-09';
  if (named.includes('draft-07') || named.includes('draft-06')) return '7';
  if (named.includes('draft-04') || named.includes('draft-03')) return '4';
  return '2020-12';
}

const cache = new WeakMap<JsonObject, Map<SchemaDraft, Validator>>();

function validatorFor(schema: JsonObject, draft: SchemaDraft): Validator {
  let byDraft = cache.get(schema);
  if (!byDraft) {
    byDraft = new Map<SchemaDraft, Validator>();
    cache.set(schema, byDraft);
  }
  let validator = byDraft.get(draft);
  if (!validator) {
    // The validator annotates the schema objects it is given: hand it a copy, never a tool's own schema.
    validator = new Validator(structuredClone(schema), draft, false);
    byDraft.set(draft, validator);
  }
  return validator;
}

/** Units that only say "a child failed" (the child's own unit says why), or that explain a failed branch. */
const wrapperKeywords = new Set(['properties', 'items', 'prefixItems', 'additionalItems', '$ref', 'allOf', 'false', 'patternProperties', 'unevaluatedProperties', 'unevaluatedItems', 'contains', 'dependentSchemas']);
const insideBranch = /\/(anyOf|oneOf|not|if)\/|\/(not|if)$/;

function decode(segment: string): string {
  return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
}

function toError(unit: OutputUnit): SchemaError {
  const path = unit.instanceLocation.replace(/^#\/?/, '').split('/').filter((segment) => segment !== '').map(decode);
  if (unit.keyword === 'required') {
    const missing = /required property "(.*)"\.$/.exec(unit.error)?.[1] ?? '';
    return { path: [...path, missing], keyword: 'required', message: `must have required property '${missing}'` };
  }
  const message = unit.error.replace(/\.$/, '');
  return { path, keyword: unit.keyword, message: message.charAt(0).toLowerCase() + message.slice(1) };
}

function samePath(left: string[], right: string[]): boolean {
  return left.length === right.length && left.every((segment, index) => segment === right[index]);
}

/** Validates; throws only if the schema itself is unusable (e.g. an unresolvable $ref). */
export function checkValue(schema: JsonObject, value: JsonValue | undefined, draft: SchemaDraft = draftOf(schema)): SchemaError[] {
  const result = validatorFor(schema, draft).validate(value);
  if (result.valid) return [];
  const outside = result.errors.filter((unit) => !insideBranch.test(unit.keywordLocation.replace(/^#/, '')));
  const errors = outside.filter((unit) => !wrapperKeywords.has(unit.keyword)).map(toError);
  // A `false` schema (items: false, unevaluatedProperties: false, a false property) fails without a leaf of its own
  // beyond "False boolean schema": name the value it refuses, unless an error already names it or a value inside it
  // (a property that failed its own schema also counts as unevaluated, and additionalProperties names its key).
  const falseUnits = outside.filter((candidate) => candidate.keyword === 'false').map(toError);
  for (const refused of [...falseUnits].sort((left, right) => right.path.length - left.path.length)) {
    const parent = refused.path.slice(0, -1);
    const named = errors.some(
      (error) =>
        (error.keyword === 'additionalProperties' && samePath(error.path, parent)) ||
        (error.path.length >= refused.path.length && samePath(error.path.slice(0, refused.path.length), refused.path)),
    );
    if (!named) errors.push({ ...refused, message: 'is not allowed here (its schema is false)' });
  }
  // Never report an invalid value as valid: if every unit was a wrapper, the first one says what failed.
  if (errors.length === 0 && result.errors.length > 0) errors.push(toError(result.errors[0]));
  return errors;
}

/** One line per error, located like Ajv does: a missing property is reported on its parent. */
export function describeError(error: SchemaError): string {
  const path = error.keyword === 'required' ? error.path.slice(0, -1) : error.path;
  return `${path.length > 0 ? `/${path.join('/')}` : '(root)'} ${error.message}`;
}
