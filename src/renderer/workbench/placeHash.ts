/**
 * The place in the address: #/tools, #/tools/echo (a view, and the item open in it), so a place can be linked,
 * bookmarked, reloaded and walked back to. Pure: reading and writing the address is in usePlaceHash.ts.
 */
import type { ListKind } from '../../shared/lists';
import type { Tab } from '../store/uiSlice';
import { viewOfSlug, viewSlugs } from './views';

export interface Place {
  view: Tab;
  /** The key of the item open in the view (a tool's name, a resource's URI, a prompt's name). */
  item?: string;
}

/** The views whose open item is part of the place, and the list it is an item of. */
export const itemLists: Partial<Record<Tab, ListKind>> = {
  Tools: 'tools',
  Resources: 'resources',
  Prompts: 'prompts',
};

export function placeToHash(place: Place): string {
  const view = `#/${viewSlugs[place.view]}`;
  return place.item === undefined || itemLists[place.view] === undefined
    ? view
    : `${view}/${encodeURIComponent(place.item)}`;
}

/** The place an address names; undefined for an address that names none (empty, or another page's anchor). */
export function hashToPlace(hash: string): Place | undefined {
  const match = /^#\/([^/]+)(?:\/(.*))?$/.exec(hash);
  if (!match) return undefined;
  const view = viewOfSlug(match[1]);
  if (!view) return undefined;
  if (match[2] === undefined || match[2] === '' || itemLists[view] === undefined) return { view };
  try {
    return { view, item: decodeURIComponent(match[2]) };
  } catch {
    // A malformed escape (%E0%A4%A) names the view alone.
    return { view };
  }
}
