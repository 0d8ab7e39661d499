/** Answering the server's requests: only ever on the user's click, through answerServerRequest. */
import { toErrorData } from '../../shared/errors';
import type { ServerRequest, ServerRequestAnswer } from '../../shared/session';
import { answeredLimit, type RootEntry } from '../store/callsSlice';
import { apiOf, shownStore } from '../sessions/sessionStore';

export async function answerRequest(
  request: ServerRequest,
  answer: ServerRequestAnswer,
  outcome: string,
): Promise<void> {
  let said = outcome;
  const store = shownStore();
  try {
    await apiOf(store).answerServerRequest(request.requestId, answer, outcome);
  } catch (error) {
    said = `${outcome}, but the answer could not be delivered: ${toErrorData(error).message}`;
  }
  store.setState((state) => ({
    serverRequests: state.serverRequests.filter((waiting) => waiting.requestId !== request.requestId),
    answeredRequests: [{ request, outcome: said, answeredAt: Date.now() }, ...state.answeredRequests].slice(
      0,
      answeredLimit,
    ),
  }));
}

/** The user has read why a request closed: its panel goes (the answered list keeps it). */
export function dismissClosed(requestId: string): void {
  shownStore().setState((state) => ({
    closedRequests: state.closedRequests.filter((closed) => closed.request.requestId !== requestId),
  }));
}

export function setRoots(connection: string, roots: RootEntry[]): void {
  shownStore().setState((state) => ({
    rootsByConnection: { ...state.rootsByConnection, [connection]: roots },
  }));
}
