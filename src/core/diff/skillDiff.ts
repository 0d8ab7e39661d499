/**
 * Skills (SEP-2640) between two records, matched by SKILL.md URI. How each change is classed, and why:
 * - a skill or a file removed is BREAKING: a host that loads the skill, or follows SKILL.md to that file, fails;
 * - a file's digest (or size) changed under the same URI is DRIFT, not breaking: the skill's words changed while
 *   every name and URI a host relies on stayed — what the model will be told is different, the rug-pull signal
 *   (as with a rewritten tool description). Entry and content changed together, so a host that lists again verifies
 *   the new file; one that pinned the old digest will refuse it, which is the point of pinning;
 * - the frontmatter's description or other fields changed: drift (its name changed: breaking, the URI no longer
 *   names it); a skill or file added: compatible; files turning "dynamic" (or back): drift, what is checked changed.
 */
import type { FieldChange, ItemChange } from '../../shared/diff.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import { readSkillEntry } from '../skills/skillEntry.js';
import { textChange, valueChange } from './itemDiff.js';
import { jsonEqual } from './jsonEqual.js';

function byUri(items: readonly JsonObject[]): Map<string, JsonObject> {
  const map = new Map<string, JsonObject>();
  for (const item of items) if (typeof item.uri === 'string' && !map.has(item.uri)) map.set(item.uri, item);
  return map;
}

function frontmatterChanges(before: JsonObject, after: JsonObject): FieldChange[] {
  const out: FieldChange[] = [];
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (jsonEqual(before[field], after[field])) continue;
    const path = `frontmatter.${field}`;
    if (field === 'name') out.push(valueChange(path, before[field], after[field], 'breaking'));
    else if (typeof before[field] === 'string' || typeof after[field] === 'string')
      out.push(textChange(path, before[field], after[field], 'drift'));
    else out.push(valueChange(path, before[field], after[field], 'drift'));
  }
  return out;
}

function fileChanges(before: JsonObject, after: JsonObject): FieldChange[] {
  const old = readSkillEntry(before)?.files ?? [];
  const now = readSkillEntry(after)?.files ?? [];
  if (old === 'dynamic' || now === 'dynamic') {
    return old === now
      ? []
      : [
          valueChange(
            'resources',
            old === 'dynamic' ? 'dynamic' : 'listed',
            now === 'dynamic' ? 'dynamic' : 'listed',
            'drift',
          ),
        ];
  }
  const out: FieldChange[] = [];
  const current = new Map(now.map((file) => [file.uri, file]));
  for (const file of old) {
    const next = current.get(file.uri);
    if (!next) {
      out.push(valueChange(`resources[${file.uri}]`, file.digest ?? file.uri, undefined, 'breaking'));
      continue;
    }
    if (file.digest !== next.digest)
      out.push({
        ...valueChange(`resources[${file.uri}].digest`, file.digest, next.digest, 'drift'),
        summary: `content changed (new digest ${(next.digest ?? 'none').slice(0, 19)}…): drift, the skill's words changed under the same URI`,
      });
    if (file.size !== next.size)
      out.push(valueChange(`resources[${file.uri}].size`, file.size, next.size, 'drift'));
  }
  const earlier = new Set(old.map((file) => file.uri));
  for (const file of now)
    if (!earlier.has(file.uri))
      out.push(valueChange(`resources[${file.uri}]`, undefined, file.digest ?? file.uri, 'compatible'));
  return out;
}

function change(kind: ItemChange['kind'], name: string, fields: FieldChange[]): ItemChange {
  return {
    kind,
    name,
    breaking: kind === 'removed' || fields.some((field) => field.class === 'breaking'),
    drift: fields.some((field) => field.class === 'drift'),
    fields,
  };
}

export function diffSkills(before: readonly JsonObject[], after: readonly JsonObject[]): ItemChange[] {
  const old = byUri(before);
  const now = byUri(after);
  const changes: ItemChange[] = [];
  for (const [uri, item] of old) {
    const current = now.get(uri);
    if (!current) changes.push(change('removed', uri, []));
    else if (!jsonEqual(item, current)) {
      const frontmatter = (value: JsonObject) => (isJsonObject(value.frontmatter) ? value.frontmatter : {});
      const fields = [
        ...frontmatterChanges(frontmatter(item), frontmatter(current)),
        ...fileChanges(item, current),
      ];
      changes.push(
        change('changed', uri, fields.length > 0 ? fields : [valueChange('entry', item, current, 'drift')]),
      );
    }
  }
  for (const uri of now.keys()) if (!old.has(uri)) changes.push(change('added', uri, []));
  return changes;
}
