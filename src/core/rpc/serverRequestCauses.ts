/**
 * What closes a server→client request Loupe is answering (a form, a prompt): the server's
 * notifications/cancelled for it, the connection ending, or the client requests that caused it all ending
 * without a result (the call was cancelled, timed out, failed). A request with no known cause (one the server
 * sent on its own) closes only the first two ways. Local answers (modern input requests, a task's input) close
 * when their caller's signal aborts or the connection ends.
 */
import type { JsonObject } from '../../shared/json.js';
import { abortReason } from './abortReason.js';

type RequestId = string | number;

export interface Answering {
  /** Aborts, with the reason in words, when the request is closed. */
  readonly signal: AbortSignal;
  /** Whether the server itself cancelled it (then no response is sent). */
  readonly cancelledByServer: boolean;
  /** The answer is given (or failed): nothing closes it any more. */
  done(): void;
}

class Entry implements Answering {
  private readonly controller = new AbortController();
  cancelledByServer = false;
  /** Why one of its causes ended without a result (the first such). */
  failure: string | undefined;

  constructor(
    readonly causes: Set<RequestId>,
    readonly done: () => void,
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  close(reason: string): void {
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }
}

export class ServerRequestCauses {
  private readonly byId = new Map<RequestId, Entry>();
  private readonly all = new Set<Entry>();

  /** A server request arrived; `causes` are the client requests waiting then that may have caused it. */
  open(id: RequestId, causes: RequestId[]): Answering {
    const entry: Entry = new Entry(new Set(causes), () => {
      this.all.delete(entry);
      if (this.byId.get(id) === entry) this.byId.delete(id);
    });
    this.byId.set(id, entry);
    this.all.add(entry);
    return entry;
  }

  /** An answer given without a JSON-RPC exchange for `cause` (a request, a task); it closes when `signal` aborts. */
  local(signal: AbortSignal | undefined, cause: string): Answering {
    const onAbort = (): void => entry.close(`${cause} was cancelled: ${abortReason(signal?.reason)}`);
    const entry: Entry = new Entry(new Set(), () => {
      this.all.delete(entry);
      signal?.removeEventListener('abort', onAbort);
    });
    this.all.add(entry);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    return entry;
  }

  /** A client request settled: `failure` says why when it ended without a result. */
  ended(id: RequestId, failure: string | undefined): void {
    for (const entry of this.all) {
      if (!entry.causes.delete(id)) continue;
      if (failure !== undefined) entry.failure ??= failure;
      if (entry.causes.size === 0 && entry.failure !== undefined) entry.close(entry.failure);
    }
  }

  /** The server sent notifications/cancelled. */
  cancelledByServer(params: JsonObject): void {
    const id = params.requestId;
    if (typeof id !== 'string' && typeof id !== 'number') return;
    const entry = this.byId.get(id);
    if (!entry) return;
    entry.cancelledByServer = true;
    const said = typeof params.reason === 'string' && params.reason !== '' ? `: ${params.reason}` : '';
    entry.close(`the server cancelled it${said}`);
  }

  /** The connection ended: nothing can be answered any more. */
  closeAll(reason: string): void {
    for (const entry of [...this.all]) entry.close(reason);
  }
}
