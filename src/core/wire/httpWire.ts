/**
 * The Streamable HTTP wire: the SDK's StreamableHTTPClientTransport with the recording fetch.
 * The SDK sends Mcp-Session-Id and MCP-Protocol-Version and resumes SSE streams (Last-Event-ID, retry);
 * close() DELETEs the session when the server gave one.
 */
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { LoupeError, type LoupeErrorData } from '../../shared/errors.js';
import type { FetchLike } from './recordingFetch.js';
import { messageOf, SdkWire } from './sdkWire.js';

export class HttpWire extends SdkWire {
  readonly transport = 'http' as const;
  private streamable: StreamableHTTPClientTransport | undefined;

  get sessionId(): string | undefined {
    return this.streamable?.sessionId;
  }

  protected create(url: URL, fetch: FetchLike, headers: Record<string, string>): Transport {
    this.streamable = new StreamableHTTPClientTransport(url, { fetch, requestInit: { headers } });
    return this.streamable;
  }

  protected failure(error: unknown): LoupeError {
    const known = this.knownFailure(error);
    if (known) return known;
    if (error instanceof StreamableHTTPError && typeof error.code === 'number' && error.code > 0) {
      return new LoupeError(
        { kind: 'http-error', code: error.code, message: messageOf(error) },
        { cause: error },
      );
    }
    return new LoupeError({ kind: 'transport-error', message: messageOf(error) }, { cause: error });
  }

  /** A 404 to a request carrying a session id means the server ended the session (spec: start a new one). */
  protected override endedBy(failure: LoupeError): LoupeErrorData | undefined {
    if (failure.kind === 'http-error' && failure.detail.code === 404 && this.sessionId) {
      return {
        kind: 'disconnected',
        code: 404,
        message: `The server no longer knows session ${this.sessionId} (HTTP 404): connect again`,
      };
    }
    return super.endedBy(failure);
  }

  protected override async beforeClose(): Promise<void> {
    if (this.streamable?.sessionId) await this.streamable.terminateSession();
  }
}
