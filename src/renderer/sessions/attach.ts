/**
 * Taking up a session the backend already holds (a reload, a second window, the carrier coming back): read
 * its status, every frame it holds (same seqs), the lists as last walked (keptLists: no re-walk, no new
 * traffic), lint, tasks and the server requests still waiting. Nothing here sends anything to the server.
 */
import { withTask } from '../store/tasksSlice';
import { applyListResult, markUnsupported, refreshStats, syncFrames } from '../store/sessionActions';
import { apiOf, type ScopedStore } from './sessionStore';

export async function attachSession(store: ScopedStore): Promise<void> {
  const api = apiOf(store);
  const status = await api.status();
  store.setState({
    status,
    ...(status.state === 'idle' ? {} : { lastTarget: status.target }),
    ...(status.state === 'closed' && status.reason ? { connectError: status.reason } : {}),
  });
  await syncFrames(store);
  if (status.state === 'idle') return;
  const [kept, lint, tasks, requests] = await Promise.all([
    api.keptLists(),
    api.lint().catch(() => null),
    api.listTasks().catch(() => []),
    api.pendingServerRequests().catch(() => []),
  ]);
  for (const result of kept) applyListResult(result, null, store);
  markUnsupported(store);
  store.setState((state) => ({
    lint,
    tasks: tasks.reduce(withTask, state.tasks),
    serverRequests: [
      ...state.serverRequests,
      ...requests.filter(
        (request) => !state.serverRequests.some((held) => held.requestId === request.requestId),
      ),
    ],
  }));
  await refreshStats(store);
}
