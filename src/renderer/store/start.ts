/**
 * Startup: subscribe once to every session's events, load settings, then take up the sessions the backend
 * holds (a reload finds them with their traffic) or open one and connect it to the initial target.
 */
import type { LoupeApi } from '../../shared/contract';
import { toErrorData } from '../../shared/errors';
import { attachAtStart, refreshSessionList } from '../sessions/sessionsActions';
import { bindCallEvents } from './callsSlice';
import { bindTaskEvents } from './tasksSlice';
import { bindAuthEvents } from '../auth/authActions';
import { bindConformEvents } from '../conform/conformActions';
import { loadSettings } from './appActions';
import { bindBackendEvents } from './events';
import { connect } from './sessionActions';
import { useLoupeStore } from './store';

export async function start(api: LoupeApi): Promise<() => void> {
  const stopEvents = bindBackendEvents(api);
  const stopCalls = bindCallEvents(api);
  const stopTasks = bindTaskEvents(api);
  const stopAuth = bindAuthEvents(api);
  const stopConform = bindConformEvents(api);
  const stopSessions = api.on('onSessions', () => void refreshSessionList());
  const stop = () => {
    stopEvents();
    stopCalls();
    stopTasks();
    stopAuth();
    stopConform();
    stopSessions();
  };
  try {
    // Asked together: each is a round trip over the socket, and neither waits on the other's answer.
    const [, fresh] = await Promise.all([loadSettings(), attachAtStart()]);
    if (!fresh) return stop;
    const target = await api.initialTarget();
    if (target) await connect(target);
  } catch (error) {
    // Without a credential the banner already says what to do; a "connection failed" beside it would mislead.
    if (useLoupeStore.getState().backendLink === 'no-credential') return stop;
    useLoupeStore.setState({ connectError: toErrorData(error) });
  }
  return stop;
}
