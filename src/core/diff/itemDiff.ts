/**
 * The field changes of one item present on both sides, by list kind. Schemas go through diffSchema; texts get a
 * word-level diff; annotations are compared key by key (`annotations.destructiveHint true → false`); everything
 * else around an unchanged contract is drift.
 */
import type { ChangeClass, FieldChange } from '../../shared/diff.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json.js';
import type { ListKind } from '../../shared/lists.js';
import { jsonEqual, shortJson } from './jsonEqual.js';
import { diffSchema } from './schemaDiff.js';
import { wordDiff } from './wordDiff.js';

function present(
  before: JsonValue | undefined,
  after: JsonValue | undefined,
): Pick<FieldChange, 'before' | 'after'> {
  return { ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }) };
}

export function valueChange(
  path: string,
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  changeClass: ChangeClass,
): FieldChange {
  const summary =
    before === undefined
      ? `added ${shortJson(after)}`
      : after === undefined
        ? `removed ${shortJson(before)}`
        : `${shortJson(before)} → ${shortJson(after)}`;
  return { path, class: changeClass, summary, ...present(before, after) };
}

/** A changed text; strings get their word-level diff. */
export function textChange(
  path: string,
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  changeClass: ChangeClass,
): FieldChange {
  const change = valueChange(path, before, after, changeClass);
  if (typeof before === 'string' || typeof after === 'string') {
    const old = typeof before === 'string' ? before : '';
    const now = typeof after === 'string' ? after : '';
    change.words = wordDiff(old, now);
    change.summary = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
  }
  return change;
}

/** Key by key when both sides are objects (annotations, execution), else the whole value. */
function perKey(
  path: string,
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  changeClass: ChangeClass,
  out: FieldChange[],
): void {
  if (!isJsonObject(before) || !isJsonObject(after)) {
    out.push(valueChange(path, before, after, changeClass));
    return;
  }
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!jsonEqual(before[key], after[key]))
      out.push(valueChange(`${path}.${key}`, before[key], after[key], changeClass));
  }
}

function byName(value: JsonValue | undefined): Map<string, JsonObject> {
  const entries = Array.isArray(value) ? value.filter(isJsonObject) : [];
  return new Map(entries.map((entry) => [typeof entry.name === 'string' ? entry.name : '', entry]));
}

/** Prompt arguments: a removed or newly required one breaks callers; an optional new one does not. */
function argumentChanges(
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  out: FieldChange[],
): void {
  const old = byName(before);
  const now = byName(after);
  for (const name of new Set([...old.keys(), ...now.keys()])) {
    const path = `arguments.${name}`;
    const was = old.get(name);
    const is = now.get(name);
    if (was && !is) out.push({ path, class: 'breaking', summary: 'removed', before: was });
    else if (!was && is)
      out.push({
        path,
        class: is.required === true ? 'breaking' : 'compatible',
        summary: is.required === true ? 'added, required' : 'added',
        after: is,
      });
    else if (was && is) {
      for (const key of new Set([...Object.keys(was), ...Object.keys(is)])) {
        if (jsonEqual(was[key], is[key])) continue;
        const changeClass: ChangeClass =
          key === 'required'
            ? is.required === true
              ? 'breaking'
              : 'compatible'
            : key === 'description' || key === 'title'
              ? 'drift'
              : 'breaking';
        out.push(
          key === 'description'
            ? textChange(`${path}.${key}`, was[key], is[key], changeClass)
            : valueChange(`${path}.${key}`, was[key], is[key], changeClass),
        );
      }
    }
  }
}

const textFields = new Set(['description', 'instructions']);

/** How one top-level field of an item of this kind is compared. */
function fieldChanges(
  kind: ListKind,
  key: string,
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  out: FieldChange[],
): void {
  if (kind === 'tools' && key === 'inputSchema') return diffSchema(before, after, key, 'input', out);
  if (kind === 'tools' && key === 'outputSchema') {
    // A new output schema promises more; dropping one takes a promise back.
    if (before === undefined || after === undefined)
      out.push(valueChange(key, before, after, before === undefined ? 'compatible' : 'breaking'));
    else diffSchema(before, after, key, 'output', out);
    return;
  }
  if (kind === 'prompts' && key === 'arguments') return argumentChanges(before, after, out);
  if ((kind === 'resources' || kind === 'templates') && key === 'mimeType')
    return void out.push(valueChange(key, before, after, 'breaking'));
  if (kind === 'resources' && key === 'size')
    return void out.push(valueChange(key, before, after, 'compatible'));
  if (textFields.has(key)) return void out.push(textChange(key, before, after, 'drift'));
  perKey(key, before, after, 'drift', out);
}

/** Every field change between two versions of the same item. */
export function diffItem(kind: ListKind, before: JsonObject, after: JsonObject): FieldChange[] {
  const out: FieldChange[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!jsonEqual(before[key], after[key])) fieldChanges(kind, key, before[key], after[key], out);
  }
  return out;
}
