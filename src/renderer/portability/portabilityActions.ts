/**
 * Loads the session's portability report and token costs (computed by the backend: no tokenizer in the UI). The costs
 * are asked as soon as the tools are listed; the report (every tool × host with its rules and sources: 6.5 MB per
 * 1,000 tools) only when a view that shows verdicts is on screen (usePortabilityReport).
 */
import { useEffect } from 'react';
import { useLoupeStore } from '../store/store';
import { apiOf, shownStore, type ScopedStore } from '../sessions/sessionStore';

/** The report asked for per session, so two views on screen ask once. */
const asking = new Map<string, Promise<void>>();

export function refreshPortability(store: ScopedStore = shownStore()): Promise<void> {
  const key = store.session ?? '';
  const running = asking.get(key);
  if (running) return running;
  // A report of a list that changed meanwhile is not kept (the costs' refresh dropped the old one).
  const listed = store.getState().lists.tools.result;
  const ask = apiOf(store)
    .portability()
    .then(
      (portability) => {
        if (store.getState().lists.tools.result === listed) store.setState({ portability });
      },
      // Without a session there is nothing to judge; the views say so.
      () => store.setState({ portability: null }),
    )
    .finally(() => asking.delete(key));
  asking.set(key, ask);
  return ask;
}

/** The costs of the tools as now listed; a report of the previous list is dropped (a view showing one asks again). */
export async function refreshPortabilityCosts(store: ScopedStore = shownStore()): Promise<void> {
  store.setState({ portability: null });
  try {
    store.setState({ portabilityCosts: await apiOf(store).portabilityCosts() });
  } catch {
    store.setState({ portabilityCosts: null });
  }
}

/** For a view that shows verdicts: asks for the report once the tools are listed and none is held. */
export function usePortabilityReport(): void {
  const wanted = useLoupeStore(
    (state) => !state.snapshotView && state.portability === null && state.lists.tools.result !== null,
  );
  useEffect(() => {
    if (wanted) void refreshPortability();
  }, [wanted]);
}
