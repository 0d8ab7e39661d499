import type { LoupeErrorData } from '../../shared/errors';
import type { JsonObject } from '../../shared/json';
import { listKinds, type ListKind } from '../../shared/lists';
import type { SliceCreator } from './types';

export const tabs = [
  'Tools',
  'Resources',
  'Prompts',
  'Skills',
  'Traffic',
  'Timings',
  'Server',
  'Auth',
  'Tasks',
  'Compare',
  'Security',
  'Collections',
  'Portability',
  'Conformance',
] as const;
export type Tab = (typeof tabs)[number];

export interface Selection {
  /** Position in the list as sent (duplicates are told apart by position). */
  index: number;
  key: string;
}

/** The outcome of reading a resource or getting a prompt, keyed by kind and item key. */
export interface FetchOutcome {
  loading: boolean;
  value?: JsonObject;
  error?: LoupeErrorData;
}

export interface UiSlice {
  tab: Tab;
  selected: Record<ListKind, Selection | null>;
  filters: Record<ListKind, string>;
  fetches: Record<string, FetchOutcome>;
}

function perKind<T>(make: () => T): Record<ListKind, T> {
  const record = {} as Record<ListKind, T>;
  for (const kind of listKinds) record[kind] = make();
  return record;
}

export const createUiSlice: SliceCreator<UiSlice> = () => ({
  tab: 'Tools',
  selected: perKind<Selection | null>(() => null),
  filters: perKind(() => ''),
  fetches: {},
});
