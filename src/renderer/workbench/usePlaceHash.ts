/**
 * Keeps the address and the place in step: a view chosen is a new history entry (Back returns to the last view),
 * an item opened replaces the entry; Back, Forward and an edited address move the app. The address is read once
 * at start (applyPlaceFromAddress, from main.tsx) and then only when the person moves through history, so a test
 * that renders the app twice in one page starts each time on the store's own view.
 */
import { useEffect } from 'react';
import { itemKey } from '../../shared/lists';
import { selectItem, setTab } from '../store/appActions';
import { selectList } from '../store/selectors';
import { useLoupeStore, type LoupeState } from '../store/store';
import { hashToPlace, itemLists, placeToHash, type Place } from './placeHash';

/** An item named by the address before its list arrived: opened when it does. */
let pending: { view: Place['view']; item: string } | null = null;

/** Opens the item when its list has it (and forgets it as pending first: opening it notifies the store again). */
function openItem(state: LoupeState, view: Place['view'], item: string): boolean {
  const kind = itemLists[view];
  if (!kind) return true;
  const items = selectList(kind)(state).result?.items ?? [];
  const index = items.findIndex((candidate) => itemKey(kind, candidate) === item);
  if (index < 0) return false;
  pending = null;
  selectItem(kind, index, item);
  return true;
}

export function applyPlace(place: Place): void {
  pending = null;
  setTab(place.view);
  if (place.item !== undefined && !openItem(useLoupeStore.getState(), place.view, place.item))
    pending = { view: place.view, item: place.item };
}

export function applyPlaceFromAddress(): void {
  const place = hashToPlace(window.location.hash);
  if (place) applyPlace(place);
}

function currentPlace(state: LoupeState): Place {
  const kind = itemLists[state.tab];
  const selected = kind ? state.selected[kind] : null;
  return selected ? { view: state.tab, item: selected.key } : { view: state.tab };
}

export function usePlaceHash(): void {
  useEffect(() => {
    let last = currentPlace(useLoupeStore.getState());
    const unsubscribe = useLoupeStore.subscribe((state) => {
      if (pending && state.tab !== pending.view) pending = null;
      if (pending) openItem(state, pending.view, pending.item);
      const place = currentPlace(state);
      if (place.view === last.view && place.item === last.item) return;
      const viewChanged = place.view !== last.view;
      last = place;
      const hash = placeToHash(place);
      if (hash === window.location.hash) return;
      const url = `${window.location.pathname}${window.location.search}${hash}`;
      if (viewChanged) window.history.pushState(null, '', url);
      else window.history.replaceState(window.history.state, '', url);
    });
    const onMove = () => {
      const place = hashToPlace(window.location.hash);
      if (place) applyPlace(place);
    };
    window.addEventListener('popstate', onMove);
    window.addEventListener('hashchange', onMove);
    return () => {
      unsubscribe();
      window.removeEventListener('popstate', onMove);
      window.removeEventListener('hashchange', onMove);
    };
  }, []);
}
