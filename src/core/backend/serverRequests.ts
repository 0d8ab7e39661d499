/**
 * Requests the server sends us (roots/list, sampling/createMessage, elicitation/create): each is shown to
 * the UI with an id of ours and waits until the UI answers it, or the session ends.
 */
import type { ServerRequest, ServerRequestAnswer } from '../../shared/session.js';
import { LoupeError } from '../../shared/errors.js';
import type { JsonObject } from '../../shared/json.js';

export const answerableMethods = ['roots/list', 'sampling/createMessage', 'elicitation/create'] as const;

interface Waiting {
  request: ServerRequest;
  resolve: (result: JsonObject) => void;
  reject: (error: LoupeError) => void;
}

export class ServerRequestDesk {
  private readonly waiting = new Map<string, Waiting>();
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

  answer(requestId: string, answer: ServerRequestAnswer): void {
    const entry = this.waiting.get(requestId);
    if (!entry) {
      throw new LoupeError({ kind: 'usage', message: `No server request ${requestId} is waiting for an answer (answered already, or its session ended).` });
    }
    this.waiting.delete(requestId);
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
