/**
 * "List as a client without capabilities": a second, temporary connection to the same target, in the same era,
 * declaring nothing (no sampling, elicitation or roots, no extensions), lists the tools once and is closed. The
 * outcome is kept beside the session's own listing; the temporary session never shows in the strip.
 */
import { toErrorData } from '../../shared/errors';
import type { SessionOptions } from '../../shared/session';
import { getRootApi, sessionApi } from '../bridge';
import { toolDifference } from '../lib/capabilityProbe';
import { hideSession } from '../sessions/hiddenSessions';
import { shownStore, type ScopedStore } from '../sessions/sessionStore';

export async function listWithoutCapabilities(store: ScopedStore = shownStore()): Promise<void> {
  const { status, lists, authLast, lastTimeoutMs } = store.getState();
  const listed = lists.tools.result;
  if (status.state !== 'connected' || !listed) return;
  store.setState({ capabilityProbe: { state: 'running' } });
  let probe: string | undefined;
  try {
    const opened = await getRootApi().openSession();
    probe = opened.id;
    hideSession(probe);
    const options: SessionOptions = {
      // The era this session speaks, so the only difference is what the client declares.
      protocol: status.handshake.era === 'modern' ? 'modern' : 'legacy',
      offer: { sampling: false, elicitation: false, roots: false },
      extensions: { tasks: false, ui: false, skills: false },
      ...(authLast ? { auth: authLast } : {}),
      ...(lastTimeoutMs !== null ? { timeoutMs: lastTimeoutMs } : {}),
    };
    const api = sessionApi(probe);
    await api.connect(status.target, options);
    const without = await api.list('tools');
    store.setState({
      capabilityProbe: { state: 'done', ...toolDifference(listed.items, without.items, without.complete) },
    });
  } catch (error) {
    store.setState({ capabilityProbe: { state: 'failed', error: toErrorData(error) } });
  } finally {
    // It stays hidden after closing: session ids are never reused, and a session list asked for before the
    // close may still name it.
    if (probe !== undefined)
      await sessionApi(probe)
        .closeSession()
        .catch(() => undefined);
  }
}

export function dismissCapabilityProbe(): void {
  shownStore().setState({ capabilityProbe: null });
}
