/**
 * Trust on first use: the first time a target is seen, what it shows is pinned (a SHA-256 digest per item, and the
 * item itself so a later change can be shown as a diff); every later look compares against the pin with diff's
 * item classes. A change stays a finding (`pin-drift`) until it is accepted as the new pin.
 */
import { createHash } from 'node:crypto';
import type { FieldChange, ItemChange, SnapshotDiff } from '../../shared/diff.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json.js';
import type { Finding } from '../../shared/lint.js';
import { itemKey, listKinds, type ListKind } from '../../shared/lists.js';
import type { PinBook, PinCheck, PinnedItem, ServerPin } from '../../shared/security.js';
import type { Target } from '../../shared/target.js';
import { linePosition } from '../config/jsonText.js';
import { diffItems } from '../diff/snapshotDiff.js';
import { textChange, valueChange } from '../diff/itemDiff.js';
import { jsonEqual } from '../diff/jsonEqual.js';
import { references } from './references.js';
import type { ServerSurface } from './surface.js';
import { visible } from './visibleText.js';

/** JSON with keys sorted at every level: the same definition always hashes the same. */
export function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isJsonObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] ?? null)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const digestOf = (value: JsonValue): string =>
  `sha256:${createHash('sha256').update(canonicalJson(value)).digest('hex')}`;

/** The key a target is pinned under: its transport and what starts or reaches it (secrets in env/headers left out). */
export function targetKey(target: Target): string {
  switch (target.transport) {
    case 'stdio':
      return `stdio:${[target.command, ...target.args].join(' ')}`;
    case 'demo':
      return 'demo';
    default:
      return `${target.transport === 'auto' ? 'http' : target.transport}:${target.url}`;
  }
}

const surfaceList: Record<ListKind, keyof ServerSurface> = {
  tools: 'tools',
  resources: 'resources',
  templates: 'templates',
  prompts: 'prompts',
};

export function pinOf(key: string, surface: ServerSurface, now: Date = new Date()): ServerPin {
  const items = {} as Record<ListKind, Record<string, PinnedItem>>;
  for (const kind of listKinds) {
    const entries: Record<string, PinnedItem> = {};
    for (const item of (surface[surfaceList[kind]] as readonly JsonObject[] | undefined) ?? []) {
      const name = itemKey(kind, item);
      if (!(name in entries)) entries[name] = { digest: digestOf(item), definition: item };
    }
    items[kind] = entries;
  }
  const body: JsonObject = {
    serverInfo: surface.serverInfo ?? null,
    ...(surface.instructions === undefined ? {} : { instructions: surface.instructions }),
    items: Object.fromEntries(
      listKinds.map((kind) => [
        kind,
        Object.fromEntries(Object.entries(items[kind]).map(([name, item]) => [name, item.digest])),
      ]),
    ),
  };
  return {
    key,
    pinnedAt: now.toISOString(),
    serverInfo: surface.serverInfo ?? null,
    ...(surface.instructions === undefined ? {} : { instructions: surface.instructions }),
    digest: digestOf(body),
    items,
  };
}

function handshakeChanges(before: ServerPin, after: ServerPin): FieldChange[] {
  const out: FieldChange[] = [];
  const oldInfo: JsonObject = before.serverInfo ?? {};
  const newInfo: JsonObject = after.serverInfo ?? {};
  for (const key of new Set([...Object.keys(oldInfo), ...Object.keys(newInfo)])) {
    if (jsonEqual(oldInfo[key], newInfo[key])) continue;
    out.push(
      key === 'version'
        ? valueChange(`serverInfo.${key}`, oldInfo[key], newInfo[key], 'compatible')
        : textChange(`serverInfo.${key}`, oldInfo[key], newInfo[key], 'drift'),
    );
  }
  if (before.instructions !== after.instructions)
    out.push(textChange('instructions', before.instructions, after.instructions, 'drift'));
  return out;
}

export function diffPins(before: ServerPin, after: ServerPin): SnapshotDiff {
  const items = {} as Record<ListKind, ItemChange[]>;
  for (const kind of listKinds) {
    const definitions = (pin: ServerPin): JsonObject[] =>
      Object.values(pin.items[kind]).map((item) => item.definition);
    items[kind] = diffItems(kind, definitions(before), definitions(after));
  }
  return { items, handshake: handshakeChanges(before, after), incomplete: [] };
}

export function changeCount(diff: SnapshotDiff): number {
  return diff.handshake.length + listKinds.reduce((sum, kind) => sum + diff.items[kind].length, 0);
}

/** The target now against the book: new (the caller stores `pin`), same, or changed. */
export function checkPin(
  book: PinBook,
  key: string,
  surface: ServerSurface,
  now: Date = new Date(),
): PinCheck {
  const current = pinOf(key, surface, now);
  const pinned = book.pins[key];
  if (!pinned) return { state: 'new', key, pin: current };
  if (pinned.digest === current.digest) return { state: 'same', key, pin: pinned };
  const diff = diffPins(pinned, current);
  return { state: 'changed', key, pin: pinned, current, diff, changes: changeCount(diff) };
}

export const emptyPinBook = (): PinBook => ({ format: 'loupe-pins', version: 1, pins: {} });

/** Where a pin's field is, for a message: `pins["stdio:node s.js"].items.tools["echo"].digest`. */
const at = (...steps: string[]): string => steps.join('');
const member = (name: string): string => `[${JSON.stringify(name)}]`;

/** The first thing that makes a pin unusable, in words; undefined when it is sound. */
function pinProblem(key: string, pin: unknown): string | undefined {
  const where = at('pins', member(key));
  if (!isJsonObject(pin)) return `${where} is not an object`;
  for (const field of ['key', 'pinnedAt', 'digest'] as const)
    if (typeof pin[field] !== 'string') return `${where}.${field} is not a string`;
  if (pin.serverInfo !== null && !isJsonObject(pin.serverInfo ?? undefined))
    return `${where}.serverInfo is neither an object nor null`;
  if (pin.instructions !== undefined && typeof pin.instructions !== 'string')
    return `${where}.instructions is not a string`;
  if (!isJsonObject(pin.items ?? undefined)) return `${where}.items is not an object`;
  const items = pin.items as JsonObject;
  for (const kind of listKinds) {
    const entries = items[kind];
    if (!isJsonObject(entries ?? undefined)) return `${where}.items.${kind} is not an object`;
    for (const [name, item] of Object.entries(entries as JsonObject)) {
      const itemWhere = at(where, '.items.', kind, member(name));
      if (!isJsonObject(item)) return `${itemWhere} is not an object`;
      if (typeof item.digest !== 'string') return `${itemWhere}.digest is not a string`;
      if (!isJsonObject(item.definition ?? undefined)) return `${itemWhere}.definition is not an object`;
    }
  }
  return undefined;
}

/**
 * A pin book read from JSON text. Anything else throws an Error whose message is the cause alone (the caller names
 * the file): not JSON (with the line and column), not of this format, or the first pin that is malformed.
 */
export function parsePinBook(text: string): PinBook {
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (text.trim() === '') throw new Error('the file is empty', { cause: error });
    const position = /position (\d+)/.exec(message);
    const cause = message.replace(/ in JSON at position \d+.*$/, '');
    throw new Error(`not JSON: ${cause}${position ? ` at ${linePosition(text, Number(position[1]))}` : ''}`, {
      cause: error,
    });
  }
  if (
    !isJsonObject(value) ||
    value.format !== 'loupe-pins' ||
    value.version !== 1 ||
    !isJsonObject(value.pins ?? null)
  ) {
    throw new Error('not a Loupe pin file (format "loupe-pins", version 1)');
  }
  for (const [key, pin] of Object.entries(value.pins as JsonObject)) {
    const problem = pinProblem(key, pin);
    if (problem !== undefined) throw new Error(problem);
  }
  return value as unknown as PinBook;
}

const kindItem: Record<ListKind, 'tool' | 'resource' | 'template' | 'prompt'> = {
  tools: 'tool',
  resources: 'resource',
  templates: 'template',
  prompts: 'prompt',
};

/** The changes since the pin as findings (pin-drift), one per changed item or handshake field, to join the others. */
export function pinDriftFindings(
  check: PinCheck,
  toolIndex: (name: string) => number | undefined,
): Finding[] {
  if (check.state !== 'changed') return [];
  const findings: Finding[] = [];
  const why =
    'What this server shows changed since it was first trusted: a server can behave for months and turn later (postmark-mcp was clean for 15 releases). Review the diff and accept it as the new pin, or stop using the server.';
  const add = (
    item: { kind: 'tool' | 'resource' | 'template' | 'prompt' | 'server'; name: string; index?: number },
    field: string,
    summary: string,
  ): void => {
    findings.push({
      code: 'pin-drift',
      severity: 'warning',
      ...(item.kind === 'tool'
        ? { tool: item.name, ...(item.index === undefined ? {} : { index: item.index }) }
        : {}),
      message: visible(
        `${item.kind === 'server' ? 'The server' : `${item.kind[0]?.toUpperCase() ?? ''}${item.kind.slice(1)} ${JSON.stringify(item.name)}`} changed since it was pinned (${check.pin.pinnedAt}): ${summary}`,
      ),
      security: {
        item: { ...item, name: visible(item.name) },
        field: visible(field),
        evidence: { start: 0, end: 0, before: '', span: visible(summary), after: '' },
        why,
        reference: references.rugPull,
      },
    });
  };
  for (const field of check.diff.handshake)
    add({ kind: 'server', name: '' }, field.path, `${field.path} ${field.summary} (${field.class})`);
  for (const kind of listKinds) {
    for (const change of check.diff.items[kind]) {
      const index = kind === 'tools' ? toolIndex(change.name) : undefined;
      const item = { kind: kindItem[kind], name: change.name, ...(index === undefined ? {} : { index }) };
      const summary =
        change.kind === 'changed'
          ? change.fields.map((field) => `${field.path} ${field.summary} (${field.class})`).join('; ')
          : `${change.kind}${change.kind === 'removed' ? ' (breaking)' : ''}`;
      add(
        item,
        change.kind === 'changed' ? change.fields.map((field) => field.path).join(', ') : 'item',
        summary,
      );
    }
  }
  return findings;
}
