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

/** Accepts the drift as the new pin; true when the pin now holds (a held call may go on). */
export async function acceptPin(store: ScopedStore = shownStore()): Promise<boolean> {
  try {
    const security = await apiOf(store).acceptPin();
    store.setState({ security, securityError: null });
    return security.pin?.state !== 'changed';
  } catch (error) {
    store.setState({ securityError: toErrorData(error).message });
    return false;
  }
}
