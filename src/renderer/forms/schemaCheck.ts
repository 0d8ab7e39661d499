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

/** The draft a schema names; draft-07 rules otherwise (tuples as `items: [...]`, which our form schemas use). */
export function draftOf(schema: JsonObject): SchemaDraft {
  const named = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (named.includes('2020-12')) return '2020-12';
  if (named.includes('2019-09')) return '2019-09';
  if (named.includes('draft-04')) return '4';
  return '7';
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

/** Validates; throws only if the schema itself is unusable (e.g. an unresolvable $ref). */
export function checkValue(schema: JsonObject, value: JsonValue | undefined, draft: SchemaDraft = draftOf(schema)): SchemaError[] {
  const result = validatorFor(schema, draft).validate(value);
  if (result.valid) return [];
  return result.errors
    .filter((unit) => !wrapperKeywords.has(unit.keyword) && !insideBranch.test(unit.keywordLocation.replace(/^#/, '')))
    .map(toError);
}

/** One line per error, located like Ajv does: a missing property is reported on its parent. */
export function describeError(error: SchemaError): string {
  const path = error.keyword === 'required' ? error.path.slice(0, -1) : error.path;
  return `${path.length > 0 ? `/${path.join('/')}` : '(root)'} ${error.message}`;
}
