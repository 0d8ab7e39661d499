import type { PortabilityView } from '../../shared/portability';
import type { LoupeErrorData } from '../../shared/errors';
import type { LintReport } from '../../shared/contract';
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
  capabilityProbe: null,
});
