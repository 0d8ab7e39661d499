/**
 * Requests the server sends us (roots/list, sampling/createMessage, elicitation/create): each is shown to
 * the UI with an id of ours and waits until the UI answers it, or it is closed: the server cancelled it, the call
 * that caused it was cancelled or timed out, or the session ended. A closed one is told to the UI with the reason
 * and can no longer be answered. The last answered (and closed) ones are kept with what was chosen, so a UI that
 * re-attaches lists them as the one that answered did.
 */
import type {
  AnsweredServerRequest,
  ClosedServerRequest,
  ServerRequest,
  ServerRequestAnswer,
} from '../../shared/session.js';
import { LoupeError } from '../../shared/errors.js';
import type { JsonObject } from '../../shared/json.js';
import { abortReason } from '../rpc/abortReason.js';

export const answerableMethods = ['roots/list', 'sampling/createMessage', 'elicitation/create'] as const;

/** How many answered requests are kept (the UI lists as many). */
export const keptAnswered = 20;

/** The outcome in words when the UI gave none: what the answer itself says. */
function describeAnswer(answer: ServerRequestAnswer): string {
  if ('error' in answer) return `refused with JSON-RPC error ${answer.error.code}: ${answer.error.message}`;
  const action = answer.result.action;
  return typeof action === 'string' ? action : 'answered';
}

const closedPrefix = 'closed unanswered: ';

/** The outcome kept for a request closed unanswered. */
export function closedOutcome(reason: string): string {
  return `${closedPrefix}${reason}`;
}

interface Waiting {
  request: ServerRequest;
  resolve: (result: JsonObject) => void;
  reject: (error: LoupeError) => void;
  stopListening: () => void;
}

export class ServerRequestDesk {
  private readonly waiting = new Map<string, Waiting>();
  /** Newest first, at most keptAnswered. */
  private readonly answeredList: AnsweredServerRequest[] = [];
  private next = 1;

  constructor(
    private readonly prefix: string,
    private readonly onClosed: (closed: ClosedServerRequest) => void = () => undefined,
  ) {}

  /**
   * Registers a request and returns what the UI is shown plus the promise the session's handler returns. When
   * `signal` aborts the request is closed unanswered with the signal's reason.
   */
  open(
    method: string,
    params: JsonObject,
    receivedAt: number,
    signal?: AbortSignal,
  ): { request: ServerRequest; answer: Promise<JsonObject> } {
    const requestId = `${this.prefix}-${this.next++}`;
    const request: ServerRequest = { requestId, method, params, receivedAt };
    const onAbort = (): void => this.close(requestId, abortReason(signal?.reason));
    const answer = new Promise<JsonObject>((resolve, reject) =>
      this.waiting.set(requestId, {
        request,
        resolve,
        reject,
        stopListening: () => signal?.removeEventListener('abort', onAbort),
      }),
    );
    if (signal?.aborted) queueMicrotask(onAbort);
    else signal?.addEventListener('abort', onAbort, { once: true });
    return { request, answer };
  }

  /** The requests still waiting for an answer, oldest first (a UI that re-attached shows them again). */
  pending(): ServerRequest[] {
    return [...this.waiting.values()].map((entry) => entry.request);
  }

  /** The last answered requests, newest first. */
  answered(): AnsweredServerRequest[] {
    return [...this.answeredList];
  }

  answer(requestId: string, answer: ServerRequestAnswer, outcome?: string, answeredAt = Date.now()): void {
    const entry = this.waiting.get(requestId);
    if (!entry) {
      const closed = this.answeredList.find(
        (kept) => kept.request.requestId === requestId && kept.outcome.startsWith(closedPrefix),
      );
      throw new LoupeError({
        kind: 'usage',
        message: closed
          ? `Server request ${requestId} was closed before it was answered (${closed.outcome.slice(closedPrefix.length)}); its answer was not sent.`
          : `No server request ${requestId} is waiting for an answer (answered already, or its session ended).`,
      });
    }
    this.take(entry);
    const said =
      typeof outcome === 'string' && outcome.trim() !== '' ? outcome.slice(0, 500) : describeAnswer(answer);
    this.keep({ request: entry.request, outcome: said, answeredAt });
    if ('result' in answer) entry.resolve(answer.result);
    else
      entry.reject(
        new LoupeError({ kind: 'rpc-error', code: answer.error.code, message: answer.error.message }),
      );
  }

  /** The session ended: nobody will answer these any more. */
  abandon(reason = 'the session ended'): void {
    for (const requestId of [...this.waiting.keys()]) this.close(requestId, reason);
  }

  get size(): number {
    return this.waiting.size;
  }

  private close(requestId: string, reason: string): void {
    const entry = this.waiting.get(requestId);
    if (!entry) return;
    this.take(entry);
    const closedAt = Date.now();
    this.keep({ request: entry.request, outcome: closedOutcome(reason), answeredAt: closedAt });
    entry.reject(
      new LoupeError({
        kind: 'cancelled',
        message: `${entry.request.method} was closed unanswered: ${reason}`,
        data: { requestId },
      }),
    );
    this.onClosed({ requestId, reason, closedAt });
  }

  private take(entry: Waiting): void {
    this.waiting.delete(entry.request.requestId);
    entry.stopListening();
  }

  private keep(entry: AnsweredServerRequest): void {
    this.answeredList.unshift(entry);
    this.answeredList.length = Math.min(this.answeredList.length, keptAnswered);
  }
}
