/**
 * Reads a collection's text: JSON, the format named, each part checked against the shipped JSON Schema (by the
 * step's method, so a wrong field is named where it is), then what a schema cannot say: unique step names, `after`
 * and `${capture:NAME}` naming earlier steps, regular expressions that compile. Every problem is listed in one
 * `collection-invalid` error, each with where it is: `steps[2] "weather": expect.paths[0]: …`.
 */
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import {
  collectionFormat,
  isListStep,
  type Collection,
  type CollectionStep,
} from '../../shared/collections.js';
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject, type JsonValue } from '../../shared/json.js';
import { collectionSchema, stepSchemas, targetSchemas } from './collectionSchema.js';
import { maximumDepth, tooDeepAt } from './depth.js';
import { pointerTokens } from './pointer.js';
import { captureNamesIn } from './variables.js';

const ajv = new Ajv2020({ allErrors: true, strict: false });
const topSchema = {
  ...collectionSchema,
  $id: undefined,
  properties: {
    ...collectionSchema.properties,
    target: { type: 'object' },
    steps: { type: 'array', items: { type: 'object' } },
  },
};
const validateTop = ajv.compile(topSchema);
const stepValidators = new Map(
  Object.entries(stepSchemas).map(([method, schema]) => [method, ajv.compile(schema)]),
);
const targetValidators = new Map(
  Object.entries(targetSchemas).map(([kind, schema]) => [kind, ajv.compile(schema)]),
);

const pointerPattern = '^(/.*)?$';

/**
 * A string that is not a JSON Pointer is named by checkPointer, in better words than the schema's pattern (and
 * the oneOf around a capture): those errors are left to it.
 */
function withoutPointerErrors(errors: ErrorObject[] | null | undefined): ErrorObject[] {
  const list = errors ?? [];
  const pointers = new Set(
    list
      .filter(
        (error) =>
          error.keyword === 'pattern' && (error.params as { pattern?: string }).pattern === pointerPattern,
      )
      .map((error) => error.instancePath),
  );
  return list.filter((error) => !pointers.has(error.instancePath));
}

function schemaProblems(where: string, errors: ErrorObject[] | null | undefined): string[] {
  return withoutPointerErrors(errors).map((error) => {
    const path = error.instancePath
      .replace(/^\//, '')
      .replace(/\/(\d+)(?=\/|$)/g, '[$1]')
      .replace(/\//g, '.');
    const at = [where, path].filter(Boolean).join(where && path ? ': ' : '');
    const params = error.params as {
      additionalProperty?: string;
      allowedValues?: unknown[];
      allowedValue?: unknown;
    };
    const extra =
      error.keyword === 'additionalProperties'
        ? ` "${String(params.additionalProperty)}"`
        : error.keyword === 'enum'
          ? ` (${(params.allowedValues ?? []).map((value) => JSON.stringify(value)).join(', ')})`
          : error.keyword === 'const'
            ? ` (${JSON.stringify(params.allowedValue)})`
            : '';
    return `${at || '(top level)'}: ${error.message ?? error.keyword}${extra}`;
  });
}

function targetKind(target: Record<string, unknown>): string {
  if ('config' in target) return 'config';
  if (target.transport === 'demo') return 'demo';
  if (target.transport === 'stdio') return 'stdio';
  return 'url';
}

function checkRegex(where: string, pattern: string | undefined, problems: string[]): void {
  if (pattern === undefined) return;
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    problems.push(
      `${where}: not a regular expression: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function checkPointer(where: string, pointer: string, problems: string[]): void {
  if (!pointerTokens(pointer))
    problems.push(`${where}: "${pointer}" is not a JSON Pointer (use "" or "/a/0/b"; ~0 for ~, ~1 for /)`);
}

function checkStep(
  step: CollectionStep,
  where: string,
  earlier: Map<string, Set<string>>,
  problems: string[],
): void {
  for (const name of step.after ?? [])
    if (!earlier.has(name)) problems.push(`${where}: after: no earlier step is named "${name}"`);
  for (const name of captureNamesIn(step as unknown as JsonValue)) {
    const known = [...earlier.values()].some((captures) => captures.has(name));
    if (!known) problems.push(`${where}: \${capture:${name}}: no earlier step captures "${name}"`);
  }
  if (isListStep(step)) return;
  const expect = step.expect ?? {};
  checkRegex(`${where}: expect.text.matches`, expect.text?.matches, problems);
  (expect.paths ?? []).forEach((path, index) => {
    checkPointer(`${where}: expect.paths[${index}].pointer`, path.pointer, problems);
    checkRegex(`${where}: expect.paths[${index}].matches`, path.matches, problems);
  });
  for (const key of ['structuredContent', 'jsonText'] as const)
    (expect[key]?.ignore ?? []).forEach((pointer, index) =>
      checkPointer(`${where}: expect.${key}.ignore[${index}]`, pointer, problems),
    );
  for (const [name, capture] of Object.entries(step.captures ?? {}))
    checkPointer(
      `${where}: captures.${name}`,
      typeof capture === 'string' ? capture : capture.pointer,
      problems,
    );
  if (expect.outputSchema && step.method !== 'tools/call')
    problems.push(`${where}: expect.outputSchema: only a tools/call has an outputSchema`);
}

/** Where a too deep value is, named as the other problems are: `steps[2] "weather": /expect/…`. */
function depthProblem(document: Record<string, unknown>, pointer: string): string {
  const step = /^\/steps\/(\d+)(\/.*)?$/.exec(pointer);
  const steps = Array.isArray(document.steps) ? (document.steps as unknown[]) : [];
  const named = step ? steps[Number(step[1])] : undefined;
  const name = isJsonObject(named) && typeof named.name === 'string' ? ` "${named.name}"` : '';
  const where = step ? `steps[${step[1]}]${name}: ${step[2] ?? '(the step)'}` : pointer;
  return `${where}: a value nests deeper than ${maximumDepth} levels (a collection's values nest at most ${maximumDepth} deep)`;
}

/** The collection in `text`; `source` names it in messages (the file path). Throws collection-invalid. */
export function parseCollection(text: string, source: string): Collection {
  const fail = (problems: string[]): never => {
    const shown = problems.slice(0, 20);
    const more = problems.length > shown.length ? `\n  … and ${problems.length - shown.length} more` : '';
    throw new LoupeError({
      kind: 'collection-invalid',
      message: `${source}: ${problems.length === 1 ? problems[0] : `${problems.length} problems:\n  ${shown.join('\n  ')}${more}`}`,
      data: { file: source, problems },
    });
  };
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return fail([`not JSON: ${error instanceof Error ? error.message : String(error)}`]);
  }
  if (!isJsonObject(document)) return fail(['a collection is a JSON object with "format" and "steps"']);
  if (document.format !== collectionFormat) {
    return fail([
      document.format === undefined
        ? `no "format": a collection says "format": "${collectionFormat}"`
        : `format ${JSON.stringify(document.format)} is not ${collectionFormat}`,
    ]);
  }
  // Before anything that walks the values (the schema's checks, the references, substitution), all of which recurse.
  const deep = tooDeepAt(document);
  if (deep !== undefined) return fail([depthProblem(document, deep)]);
  const problems: string[] = [];
  if (!validateTop(document)) problems.push(...schemaProblems('', validateTop.errors));
  if (isJsonObject(document.target)) {
    const validate = targetValidators.get(targetKind(document.target));
    if (validate && !validate(document.target)) problems.push(...schemaProblems('target', validate.errors));
  }
  const steps = Array.isArray(document.steps) ? document.steps : [];
  const earlier = new Map<string, Set<string>>();
  steps.forEach((raw, index) => {
    if (!isJsonObject(raw)) return;
    const name = typeof raw.name === 'string' ? raw.name : undefined;
    const where = `steps[${index}]${name ? ` "${name}"` : ''}`;
    const validate = typeof raw.method === 'string' ? stepValidators.get(raw.method) : undefined;
    if (!validate) {
      problems.push(
        `${where}: method ${JSON.stringify(raw.method ?? null)} is not one of ${[...stepValidators.keys()].join(', ')}`,
      );
      return;
    }
    if (!validate(raw)) {
      const found = schemaProblems(where, validate.errors);
      problems.push(...found);
      if (found.length > 0) return;
    }
    const step = raw as unknown as CollectionStep;
    if (earlier.has(step.name))
      problems.push(`${where}: another step is named "${step.name}" (names are unique)`);
    checkStep(step, where, earlier, problems);
    earlier.set(step.name, new Set(isListStep(step) ? [] : Object.keys(step.captures ?? {})));
  });
  if (problems.length > 0) fail(problems);
  return document as unknown as Collection;
}
