/** Startup: subscribe to the backend, load settings, then take up its session or connect to the initial target. */
import type { LoupeApi } from '../../shared/contract';
import { toErrorData } from '../../shared/errors';
import { bindCallEvents } from './callsSlice';
import { bindTaskEvents } from './tasksSlice';
import { bindAuthEvents } from '../auth/authActions';
import { loadSettings } from './appActions';
import { bindBackendEvents } from './events';
import { connect, resync } from './sessionActions';
import { useLoupeStore } from './store';

export async function start(api: LoupeApi): Promise<() => void> {
  const stopEvents = bindBackendEvents(api);
  const stopCalls = bindCallEvents(api);
  const stopTasks = bindTaskEvents(api);
  const stopAuth = bindAuthEvents(api);
  const stop = () => {
    stopEvents();
    stopCalls();
    stopTasks();
    stopAuth();
  };
  try {
    await loadSettings();
    await resync();
    if (useLoupeStore.getState().status.state !== 'idle') return stop;
    const target = await api.initialTarget();
    if (target) await connect(target);
  } catch (error) {
    // Without a credential the banner already says what to do; a "connection failed" beside it would mislead.
    if (useLoupeStore.getState().backendLink === 'no-credential') return stop;
    useLoupeStore.setState({ connectError: toErrorData(error) });
  }
  return stop;
}
