/** The security report of a session (after each tools listing) and accepting its pin: through the bridge only. */
import { toErrorData } from '../../shared/errors';
import { apiOf, shownStore, type ScopedStore } from '../sessions/sessionStore';

export async function refreshSecurity(store: ScopedStore = shownStore()): Promise<void> {
  try {
    store.setState({ security: await apiOf(store).security(), securityError: null });
  } catch (error) {
    store.setState({ security: null, securityError: toErrorData(error).message });
  }
}

export async function acceptPin(store: ScopedStore = shownStore()): Promise<void> {
  try {
    store.setState({ security: await apiOf(store).acceptPin(), securityError: null });
  } catch (error) {
    store.setState({ securityError: toErrorData(error).message });
  }
}
