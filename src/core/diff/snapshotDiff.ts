/**
 * Compares two snapshots of a server: every list kind item by item (matched by name, uri or uriTemplate), and the
 * handshake (protocol revision, serverInfo, capabilities, instructions). Pure: the UI's Compare view can use it too.
 */
import type { FailOn, FieldChange, ItemChange, SnapshotDiff } from '../../shared/diff.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json.js';
import { itemKey, listKinds, type ListKind } from '../../shared/lists.js';
import type { Snapshot } from '../../shared/snapshot.js';
import { diffItem, textChange, valueChange } from './itemDiff.js';
import { jsonEqual } from './jsonEqual.js';
import { portabilityChanges } from '../portability/portabilityDiff.js';
import { diffSkills } from './skillDiff.js';
import { diffConformance } from './conformanceDiff.js';

interface ListSide {
  items: JsonObject[];
  complete: boolean;
}

function listOf(snapshot: Snapshot, kind: ListKind): ListSide | undefined {
  if (kind === 'tools')
    return snapshot.connected ? { items: snapshot.tools, complete: snapshot.toolsComplete } : undefined;
  const list = snapshot.lists?.[kind];
  return list ? { items: list.items, complete: list.complete } : undefined;
}

function keyed(kind: ListKind, items: readonly JsonObject[]): Map<string, JsonObject> {
  const map = new Map<string, JsonObject>();
  // The first of duplicate names is the one compared (lint reports the duplicate).
  for (const item of items) {
    const key = itemKey(kind, item);
    if (!map.has(key)) map.set(key, item);
  }
  return map;
}

function itemChange(kind: ItemChange['kind'], name: string, fields: FieldChange[]): ItemChange {
  return {
    kind,
    name,
    breaking: kind === 'removed' || fields.some((field) => field.class === 'breaking'),
    drift: fields.some((field) => field.class === 'drift'),
    fields,
  };
}

export function diffItems(
  kind: ListKind,
  before: readonly JsonObject[],
  after: readonly JsonObject[],
): ItemChange[] {
  const old = keyed(kind, before);
  const now = keyed(kind, after);
  const changes: ItemChange[] = [];
  for (const [name, item] of old) {
    const current = now.get(name);
    if (!current) changes.push(itemChange('removed', name, []));
    else if (!jsonEqual(item, current)) {
      // Tools also say when the change makes a host refuse them (or take them again).
      const portability = kind === 'tools' ? portabilityChanges(item, current) : [];
      changes.push(itemChange('changed', name, [...diffItem(kind, item, current), ...portability]));
    }
  }
  for (const name of now.keys()) if (!old.has(name)) changes.push(itemChange('added', name, []));
  return changes;
}

/** A capability taken away (or a `true` that no longer is) breaks clients relying on it; a new one does not. */
function capabilityChanges(
  path: string,
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  out: FieldChange[],
): void {
  if (jsonEqual(before, after)) return;
  if (isJsonObject(before) && isJsonObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
      capabilityChanges(`${path}.${key}`, before[key], after[key], out);
    return;
  }
  const breaking = after === undefined || (before === true && after !== true);
  out.push(
    valueChange(path, before, after, breaking ? 'breaking' : before === undefined ? 'compatible' : 'drift'),
  );
}

export function diffHandshake(before: Snapshot, after: Snapshot): FieldChange[] {
  const out: FieldChange[] = [];
  if (before.protocolVersion !== after.protocolVersion)
    out.push(valueChange('protocolVersion', before.protocolVersion, after.protocolVersion, 'drift'));
  const oldInfo: JsonObject = isJsonObject(before.serverInfo) ? before.serverInfo : {};
  const newInfo: JsonObject = isJsonObject(after.serverInfo) ? after.serverInfo : {};
  for (const key of new Set([...Object.keys(oldInfo), ...Object.keys(newInfo)])) {
    if (jsonEqual(oldInfo[key], newInfo[key])) continue;
    // A new version number is what releases do; a new name, title or description around it is drift.
    out.push(
      key === 'version'
        ? valueChange(`serverInfo.${key}`, oldInfo[key], newInfo[key], 'compatible')
        : textChange(`serverInfo.${key}`, oldInfo[key], newInfo[key], 'drift'),
    );
  }
  capabilityChanges('capabilities', before.capabilities ?? {}, after.capabilities ?? {}, out);
  if (before.instructions !== after.instructions)
    out.push(textChange('instructions', before.instructions, after.instructions, 'drift'));
  return out;
}

/** Both snapshots must be of connected sessions: the caller says so when one is not. */
export function diffSnapshots(before: Snapshot, after: Snapshot): SnapshotDiff {
  const items = {} as Record<ListKind, ItemChange[]>;
  const incomplete: SnapshotDiff['incomplete'] = [];
  for (const kind of listKinds) {
    const old = listOf(before, kind);
    const now = listOf(after, kind);
    if (old && !old.complete) incomplete.push({ side: 'old', kind });
    if (now && !now.complete) incomplete.push({ side: 'new', kind });
    items[kind] = diffItems(kind, old?.items ?? [], now?.items ?? []);
  }
  const skills = before.skills || after.skills ? diffSkills(before.skills?.items ?? [], after.skills?.items ?? []) : [];
  const conformance =
    before.conformance?.length || after.conformance?.length
      ? diffConformance(before.conformance ?? [], after.conformance ?? [])
      : undefined;
  return {
    items,
    handshake: diffHandshake(before, after),
    incomplete,
    ...(skills.length > 0 ? { skills } : {}),
    ...(conformance ? { conformance } : {}),
  };
}

/** Whether the diff reaches the --fail-on level: breaking (the default), drift (or breaking), any change at all. */
export function failsOn(diff: SnapshotDiff, level: FailOn): boolean {
  const fields = [
    ...diff.handshake,
    ...listKinds.flatMap((kind) => diff.items[kind].flatMap((item) => item.fields)),
    ...(diff.skills ?? []).flatMap((item) => item.fields),
  ];
  const items = [...listKinds.flatMap((kind) => diff.items[kind]), ...(diff.skills ?? [])];
  // A required conformance check newly failing breaks like a removed tool; see conformanceDiff.ts for the classes.
  const checks = (diff.conformance?.checks ?? []).filter((check) => check.class !== undefined);
  const breaking =
    items.some((item) => item.breaking) ||
    fields.some((field) => field.class === 'breaking') ||
    checks.some((check) => check.class === 'breaking');
  if (level === 'breaking') return breaking;
  const drift =
    items.some((item) => item.drift) ||
    fields.some((field) => field.class === 'drift') ||
    checks.some((check) => check.class === 'drift');
  if (level === 'drift') return breaking || drift;
  return items.length > 0 || diff.handshake.length > 0 || checks.length > 0;
}
