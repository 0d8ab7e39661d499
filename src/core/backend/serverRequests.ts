/**
 * Requests the server sends us (roots/list, sampling/createMessage, elicitation/create): each is shown to
 * the UI with an id of ours and waits until the UI answers it, or the session ends. The last answered ones
 * are kept with what was chosen, so a UI that re-attaches lists them as the one that answered did.
 */
import type { AnsweredServerRequest, ServerRequest, ServerRequestAnswer } from '../../shared/session.js';
import { LoupeError } from '../../shared/errors.js';
import type { JsonObject } from '../../shared/json.js';

export const answerableMethods = ['roots/list', 'sampling/createMessage', 'elicitation/create'] as const;

/** How many answered requests are kept (the UI lists as many). */
export const keptAnswered = 20;

/** The outcome in words when the UI gave none: what the answer itself says. */
function describeAnswer(answer: ServerRequestAnswer): string {
  if ('error' in answer) return `refused with JSON-RPC error ${answer.error.code}: ${answer.error.message}`;
  const action = answer.result.action;
  return typeof action === 'string' ? action : 'answered';
}

interface Waiting {
  request: ServerRequest;
  resolve: (result: JsonObject) => void;
  reject: (error: LoupeError) => void;
}

export class ServerRequestDesk {
  private readonly waiting = new Map<string, Waiting>();
  /** Newest first, at most keptAnswered. */
  private readonly answeredList: AnsweredServerRequest[] = [];
  private next = 1;

  constructor(private readonly prefix: string) {}

  /** Registers a request and returns what the UI is shown plus the promise the session's handler returns. */
  open(method: string, params: JsonObject, receivedAt: number): { request: ServerRequest; answer: Promise<JsonObject> } {
    const requestId = `${this.prefix}-${this.next++}`;
    const request: ServerRequest = { requestId, method, params, receivedAt };
    const answer = new Promise<JsonObject>((resolve, reject) => this.waiting.set(requestId, { request, resolve, reject }));
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
      throw new LoupeError({ kind: 'usage', message: `No server request ${requestId} is waiting for an answer (answered already, or its session ended).` });
    }
    this.waiting.delete(requestId);
    const said = typeof outcome === 'string' && outcome.trim() !== '' ? outcome.slice(0, 500) : describeAnswer(answer);
    this.answeredList.unshift({ request: entry.request, outcome: said, answeredAt });
    this.answeredList.length = Math.min(this.answeredList.length, keptAnswered);
    if ('result' in answer) entry.resolve(answer.result);
    else entry.reject(new LoupeError({ kind: 'rpc-error', code: answer.error.code, message: answer.error.message }));
  }

  /** The session ended: nobody will answer these any more. */
  abandon(): void {
    for (const entry of this.waiting.values()) {
      entry.reject(new LoupeError({ kind: 'disconnected', message: 'The session ended before this request was answered.' }));
    }
    this.waiting.clear();
  }

  get size(): number {
    return this.waiting.size;
  }
}
