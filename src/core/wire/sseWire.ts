/**
 * The legacy HTTP+SSE wire (protocol 2024-11-05): the SDK's SSEClientTransport with the recording fetch,
 * which covers both the EventSource GET (teed and parsed: 'endpoint' and 'message' events) and the POSTs.
 * Legacy SSE cannot resume: when the GET stream ends, the wire ends.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { LoupeError } from '../../shared/errors.js';
import type { HttpInfo } from '../../shared/frames.js';
import type { FetchLike } from './recordingFetch.js';
import { messageOf, SdkWire, statusOf } from './sdkWire.js';
import type { SseEvent } from './sseParser.js';

export class SseWire extends SdkWire {
  readonly transport = 'sse' as const;
  private endpointSessionId: string | undefined;

  get sessionId(): string | undefined {
    return this.endpointSessionId;
  }

  protected async create(url: URL, fetch: FetchLike, headers: Record<string, string>): Promise<Transport> {
    const { SSEClientTransport } = await import('@modelcontextprotocol/sdk/client/sse.js');
    return new SSEClientTransport(url, { fetch, requestInit: { headers } });
  }

  protected failure(error: unknown): LoupeError {
    const known = this.knownFailure(error);
    if (known) return known;
    const status = statusOf(error); // SseError carries the GET's HTTP status as code
    if (status !== undefined) {
      return new LoupeError(
        {
          kind: 'http-error',
          code: status,
          message: `${this.target.url} answered HTTP ${status}: ${messageOf(error)}`,
        },
        { cause: error },
      );
    }
    const posted = /HTTP (\d{3})/.exec(messageOf(error));
    if (posted)
      return new LoupeError(
        { kind: 'http-error', code: Number(posted[1]), message: messageOf(error) },
        { cause: error },
      );
    return new LoupeError({ kind: 'transport-error', message: messageOf(error) }, { cause: error });
  }

  protected override onStreamEvent(event: SseEvent): void {
    if (event.event !== 'endpoint') return;
    try {
      this.endpointSessionId =
        new URL(event.data, this.target.url).searchParams.get('sessionId') ?? undefined;
    } catch {
      this.endpointSessionId = undefined;
    }
  }

  protected override onStreamEnd(http: HttpInfo, error: unknown): void {
    if (http.method !== 'GET' || !this.isOpen) return;
    const why = error ? `broke: ${messageOf(error)}` : 'was closed by the server';
    void this.end({ kind: 'disconnected', message: `The SSE stream ${why}` });
  }
}
