import type { Diagnosis } from './doctor.js';
import type { LoupeErrorData } from './errors.js';
import type { JsonObject } from './json.js';

export const listKinds = ['tools', 'resources', 'templates', 'prompts'] as const;
export type ListKind = (typeof listKinds)[number];

/** The JSON-RPC method and the result array key of each list kind. */
export const listMethods: Record<ListKind, { method: string; key: string; capability: string }> = {
  tools: { method: 'tools/list', key: 'tools', capability: 'tools' },
  resources: { method: 'resources/list', key: 'resources', capability: 'resources' },
  templates: { method: 'resources/templates/list', key: 'resourceTemplates', capability: 'resources' },
  prompts: { method: 'prompts/list', key: 'prompts', capability: 'prompts' },
};

export const defaultPageLimit = 64;

export interface ListPage {
  /** 1-based page number. */
  index: number;
  /** The cursor sent for this page (absent on page 1). */
  cursor?: string;
  /** The nextCursor the server returned, if any. */
  nextCursor?: string;
  itemCount: number;
  /** Modern era cache hints of this page's result (CacheableResult), as sent. */
  ttlMs?: number;
  cacheScope?: string;
  /** Recorder seq of the request and response frames. */
  requestSeq?: number;
  responseSeq?: number;
  rttMs: number;
}

export interface ListResult {
  kind: ListKind;
  /** Every item exactly as sent (parsed from the raw frames), in order, duplicates kept. */
  items: JsonObject[];
  pages: ListPage[];
  /** True only when the walk reached a page without nextCursor. */
  complete: boolean;
  /** Why the walk stopped early (page-limit, cursor-loop, timeout, disconnected...). */
  error?: LoupeErrorData;
  /** The connection doctor on a listing that arrived but is wrong: repeated names, or a silent change since the last one. */
  doctor?: Diagnosis;
  /** Monotonic ms since session start when the walk started and ended. */
  startedAt: number;
  endedAt: number;
}

export interface ListProgress {
  kind: ListKind;
  pages: number;
  items: number;
  /**
   * The items of the pages fetched since the last progress, as sent, so a view can show them while later pages
   * arrive; `rows[0]` is item number `offset` of the walk (0-based, resumed items counted). Only a hint for the
   * eye: the walk's ListResult stays the authoritative list (lint, the duplicate check and "complete" go by it).
   */
  rows?: JsonObject[];
  offset?: number;
  /**
   * Which walk of the session these rows belong to (its ListOutline names the same number), so the rows of two walks
   * of one kind are never joined. Absent from walks that stream no rows (a tap's, a test's).
   */
  walk?: number;
  /** The walk's last progress: every row it streams has been sent (the rows of this progress included). */
  last?: boolean;
}

/**
 * A walk's result without its items (listOutline, listMoreOutline): the items crossed once, as the rows of the walk's
 * onListProgress (walk `walk`, rows from item `from` on, the last progress marked `last`), and the UI puts them
 * together. Everything else is the ListResult's, as it would be sent.
 */
export interface ListOutline extends Omit<ListResult, 'items'> {
  walk: number;
  /** How many items the ListResult holds (a resumed walk's kept items included). */
  itemCount: number;
  /** The item number of the walk's first streamed row: a resumed walk's kept items come before it (0 otherwise). */
  from: number;
}

export interface ListDiff {
  kind: ListKind;
  added: string[];
  removed: string[];
  changed: string[];
  /** Set when the server sent list_changed without declaring `listChanged` for this capability (re-walked anyway). */
  undeclared?: boolean;
  /**
   * Set when the server announced a change again while this walk ran, this many walks in a row that found none:
   * announcements made during a walk are no longer followed (one between walks still is).
   */
  echoes?: number;
}

/** Name of an item: `name` for tools and prompts, `uri` for resources, `uriTemplate` for templates. */
export function itemKey(kind: ListKind, item: JsonObject): string {
  const field = kind === 'resources' ? 'uri' : kind === 'templates' ? 'uriTemplate' : 'name';
  const value = item[field];
  return typeof value === 'string' ? value : '';
}
