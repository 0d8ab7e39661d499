/**
 * Differences between two JSON Schemas as readable paths, each classified by who it can break. An input schema
 * is what the client sends: narrowing it (a new required property, a removed type or enum value, a tighter bound)
 * breaks callers. An output schema is what the server promises: widening it (a value type or enum value the
 * client never saw, a property no longer required) breaks readers. Words inside a schema (description, title,
 * examples) are drift. A change Loupe cannot judge (pattern, anyOf, $ref…) counts as breaking: a pin is there
 * to be looked at.
 */
import type { ChangeClass, FieldChange } from '../../shared/diff.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json.js';
import { jsonEqual, shortJson } from './jsonEqual.js';

export type SchemaDirection = 'input' | 'output';

/** Deeper than this, a changed subschema is reported once, whole. */
const maximumDepth = 32;

const wordKeywords = new Set([
  'description',
  'title',
  'examples',
  'default',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
]);
const lowerBounds = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties']);
const upperBounds = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties']);
const subschemaKeywords = new Set(['items', 'additionalProperties', 'not', 'contains', 'propertyNames']);

/** Narrowing breaks inputs, widening breaks outputs; a change both ways breaks either. */
function judged(direction: SchemaDirection, narrows: boolean, widens: boolean): ChangeClass {
  if (narrows && widens) return 'breaking';
  if (narrows) return direction === 'input' ? 'breaking' : 'compatible';
  if (widens) return direction === 'output' ? 'breaking' : 'compatible';
  return 'compatible';
}

function valueSet(value: JsonValue | undefined): Map<string, JsonValue> {
  const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return new Map(values.map((item) => [shortJson(item, 200), item]));
}

function setChange(
  path: string,
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  direction: SchemaDirection,
  anyWhenAbsent: boolean,
): FieldChange {
  const old = valueSet(before);
  const now = valueSet(after);
  const removed = [...old.keys()].filter((key) => !now.has(key));
  const added = [...now.keys()].filter((key) => !old.has(key));
  // An absent `type` or `enum` allows everything: adding one narrows, removing one widens.
  const narrows = removed.length > 0 || (anyWhenAbsent && before === undefined);
  const widens = added.length > 0 || (anyWhenAbsent && after === undefined);
  const summary =
    [...added.map((key) => `+${key}`), ...removed.map((key) => `-${key}`)].join(' ') ||
    `${shortJson(before)} → ${shortJson(after)}`;
  return { path, class: judged(direction, narrows, widens), summary, ...present(before, after) };
}

function present(
  before: JsonValue | undefined,
  after: JsonValue | undefined,
): Pick<FieldChange, 'before' | 'after'> {
  return { ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }) };
}

function boundChange(
  path: string,
  keyword: string,
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  direction: SchemaDirection,
): FieldChange {
  const lower = lowerBounds.has(keyword);
  const numbers = typeof before === 'number' && typeof after === 'number';
  const tighter = before === undefined || (numbers && (lower ? after > before : after < before));
  const looser = after === undefined || (numbers && (lower ? after < before : after > before));
  const unknown = !tighter && !looser;
  return {
    path,
    class: unknown ? 'breaking' : judged(direction, tighter, looser),
    summary: `${shortJson(before)} → ${shortJson(after)}`,
    ...present(before, after),
  };
}

function stringList(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function requiredChange(
  path: string,
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  direction: SchemaDirection,
): FieldChange {
  const old = stringList(before);
  const now = stringList(after);
  const added = now.filter((name) => !old.includes(name));
  const removed = old.filter((name) => !now.includes(name));
  // A newly required input breaks callers; an output field no longer required breaks readers.
  const breaking = direction === 'input' ? added.length > 0 : removed.length > 0;
  const summary =
    [...added.map((name) => `+${name}`), ...removed.map((name) => `-${name}`)].join(' ') || 'reordered';
  return { path, class: breaking ? 'breaking' : 'compatible', summary, ...present(before, after) };
}

function additionalChange(
  path: string,
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  direction: SchemaDirection,
  out: FieldChange[],
  depth: number,
): void {
  if (isJsonObject(before) && isJsonObject(after)) {
    diffSchema(before, after, path, direction, out, depth + 1);
    return;
  }
  const allows = (value: JsonValue | undefined): boolean =>
    value === undefined || value === true || isJsonObject(value);
  const narrows = allows(before) && !allows(after);
  const widens = !allows(before) && allows(after);
  const unknown = !narrows && !widens;
  out.push({
    path,
    class: unknown ? 'breaking' : judged(direction, narrows, widens),
    summary: `${shortJson(before)} → ${shortJson(after)}`,
    ...present(before, after),
  });
}

function propertiesChange(
  path: string,
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  direction: SchemaDirection,
  out: FieldChange[],
  depth: number,
): void {
  const old: JsonObject = isJsonObject(before) ? before : {};
  const now: JsonObject = isJsonObject(after) ? after : {};
  for (const name of new Set([...Object.keys(old), ...Object.keys(now)])) {
    const oldHas = Object.prototype.hasOwnProperty.call(old, name);
    const nowHas = Object.prototype.hasOwnProperty.call(now, name);
    const at = `${path}.${name}`;
    if (oldHas && !nowHas) out.push({ path: at, class: 'breaking', summary: 'removed', before: old[name] });
    else if (!oldHas && nowHas)
      out.push({ path: at, class: 'compatible', summary: 'added', after: now[name] });
    else diffSchema(old[name], now[name], at, direction, out, depth + 1);
  }
}

/** Appends to `out` every difference between two schemas under `path`. */
export function diffSchema(
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  path: string,
  direction: SchemaDirection,
  out: FieldChange[],
  depth = 0,
): void {
  if (jsonEqual(before, after)) return;
  if (!isJsonObject(before) || !isJsonObject(after) || depth >= maximumDepth) {
    out.push({
      path,
      class: 'breaking',
      summary: before === undefined ? 'added' : after === undefined ? 'removed' : 'changed',
      ...present(before, after),
    });
    return;
  }
  for (const keyword of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = before[keyword];
    const now = after[keyword];
    if (jsonEqual(old, now)) continue;
    const at = `${path}.${keyword}`;
    if (keyword === 'properties') propertiesChange(at, old, now, direction, out, depth);
    else if (keyword === 'required') out.push(requiredChange(at, old, now, direction));
    else if (keyword === 'type') out.push(setChange(at, old, now, direction, true));
    else if (keyword === 'enum') out.push(setChange(at, old, now, direction, true));
    else if (lowerBounds.has(keyword) || upperBounds.has(keyword))
      out.push(boundChange(at, keyword, old, now, direction));
    else if (keyword === 'additionalProperties') additionalChange(at, old, now, direction, out, depth);
    else if (wordKeywords.has(keyword))
      out.push({
        path: at,
        class: 'drift',
        summary: `${shortJson(old)} → ${shortJson(now)}`,
        ...present(old, now),
      });
    else if (subschemaKeywords.has(keyword) && isJsonObject(old) && isJsonObject(now))
      diffSchema(old, now, at, direction, out, depth + 1);
    else
      out.push({
        path: at,
        class: 'breaking',
        summary: old === undefined ? 'added' : now === undefined ? 'removed' : 'changed',
        ...present(old, now),
      });
  }
}
