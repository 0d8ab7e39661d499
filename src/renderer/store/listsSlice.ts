import type { PortabilityCosts, PortabilityView } from '../../shared/portability';
import type { LoupeErrorData } from '../../shared/errors';
import type { LintReport } from '../../shared/contract';
import type { JsonObject } from '../../shared/json';
import {
  listKinds,
  type ListDiff,
  type ListKind,
  type ListProgress,
  type ListResult,
} from '../../shared/lists';
import type { CapabilityProbe } from '../lib/capabilityProbe';
import type { SliceCreator } from './types';

export interface ListState {
  result: ListResult | null;
  loading: boolean;
  progress: ListProgress | null;
  /** The list call itself failed (a walk that stopped early resolves with result.error instead). */
  error: LoupeErrorData | null;
  /** The server did not declare the capability: nothing was asked. */
  unsupported: boolean;
  /** The last list_changed re-walk: added and changed items are marked, removed ones listed. */
  diff: ListDiff | null;
}

export interface ListsSlice {
  lists: Record<ListKind, ListState>;
  lint: LintReport | null;
  /** Each tool against every host profile, and the tokens of the definitions (the backend computes both). */
  portability: PortabilityView | null;
  /** The definitions' token costs, asked as soon as the tools are listed (the report only when a view shows it). */
  portabilityCosts: PortabilityCosts | null;
  /** The tools listed again over a second connection that declares no capabilities, beside this one's. */
  capabilityProbe: CapabilityProbe | null;
}

export function emptyList(): ListState {
  return { result: null, loading: false, progress: null, error: null, unsupported: false, diff: null };
}

export function emptyLists(): Record<ListKind, ListState> {
  const lists = {} as Record<ListKind, ListState>;
  for (const kind of listKinds) lists[kind] = emptyList();
  return lists;
}

export const createListsSlice: SliceCreator<ListsSlice> = () => ({
  lists: emptyLists(),
  lint: null,
  portability: null,
  portabilityCosts: null,
  capabilityProbe: null,
});

/**
 * The rows to show while a walk is still going: the first listing's rows so far, or a resumed walk's rows after
 * the kept ones. Null when nothing streams (no rows yet, or a re-listing: the last full list stays until the new
 * one is whole). Never the authoritative list: that is `result`, once the walk ends.
 */
export function streamedItems(list: ListState): JsonObject[] | null {
  const rows = list.loading ? list.progress?.rows : undefined;
  if (!rows) return null;
  const offset = list.progress?.offset ?? 0;
  if (!list.result) return offset === 0 ? rows : null;
  const kept = list.result.items;
  return offset > 0 && offset === kept.length ? kept.concat(rows) : null;
}
