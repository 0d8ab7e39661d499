/**
 * The difference between two versions of a list, by item name (shared/lists.ts itemKey): added, removed,
 * and changed (same name, different content). Content is compared as canonical JSON, so a server that
 * merely reorders an object's keys has not changed the item. Names that repeat are compared as groups.
 */
import type { JsonObject, JsonValue } from '../../shared/json.js';
import type { ListDiff, ListKind } from '../../shared/lists.js';
import { itemKey } from '../../shared/lists.js';

/**
 * JSON with object keys sorted, for comparing content regardless of key order. Written with an explicit stack,
 * not recursion: a server's schema can nest 100,000 levels deep.
 */
export function canonicalJson(root: JsonValue): string {
  const parts: string[] = [];
  const stack: ({ text: string } | { value: JsonValue })[] = [{ value: root }];
  while (stack.length > 0) {
    const step = stack.pop() as { text: string } | { value: JsonValue };
    if ('text' in step) {
      parts.push(step.text);
      continue;
    }
    const { value } = step;
    if (value === null || typeof value !== 'object') {
      parts.push(JSON.stringify(value));
      continue;
    }
    const pending: ({ text: string } | { value: JsonValue })[] = [];
    if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ text: index === 0 ? '' : ',' }, { value: item }));
      parts.push('[');
      stack.push({ text: ']' });
    } else {
      Object.keys(value)
        .sort()
        .forEach((key, index) => pending.push({ text: `${index === 0 ? '' : ','}${JSON.stringify(key)}:` }, { value: value[key] }));
      parts.push('{');
      stack.push({ text: '}' });
    }
    for (let index = pending.length - 1; index >= 0; index -= 1) stack.push(pending[index]);
  }
  return parts.join('');
}

/** Items grouped by name, in first-seen order, each group as the canonical JSON of its items. */
function group(kind: ListKind, items: readonly JsonObject[]): Map<string, string> {
  const groups = new Map<string, string[]>();
  for (const item of items) {
    const key = itemKey(kind, item);
    const texts = groups.get(key);
    if (texts) texts.push(canonicalJson(item));
    else groups.set(key, [canonicalJson(item)]);
  }
  return new Map([...groups].map(([key, texts]) => [key, texts.join('\n')]));
}

export function diffLists(kind: ListKind, before: readonly JsonObject[], after: readonly JsonObject[]): ListDiff {
  const old = group(kind, before);
  const now = group(kind, after);
  const added: string[] = [];
  const changed: string[] = [];
  for (const [key, text] of now) {
    const previous = old.get(key);
    if (previous === undefined) added.push(key);
    else if (previous !== text) changed.push(key);
  }
  const removed = [...old.keys()].filter((key) => !now.has(key));
  return { kind, added, removed, changed };
}

/** True when a diff has nothing in it. */
export function isEmptyDiff(diff: ListDiff): boolean {
  return diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0;
}
