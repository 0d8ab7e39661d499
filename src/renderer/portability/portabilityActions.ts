/** Loads the session's portability report and token costs (computed by the backend: no tokenizer in the UI). */
import { apiOf, shownStore, type ScopedStore } from '../sessions/sessionStore';

export async function refreshPortability(store: ScopedStore = shownStore()): Promise<void> {
  try {
    store.setState({ portability: await apiOf(store).portability() });
  } catch {
    // Without a session there is nothing to judge; the views say so.
    store.setState({ portability: null });
  }
}
