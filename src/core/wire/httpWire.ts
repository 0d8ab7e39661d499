/**
 * The Streamable HTTP wire: the SDK's StreamableHTTPClientTransport with the recording fetch.
 * The SDK sends Mcp-Session-Id and MCP-Protocol-Version and resumes SSE streams (Last-Event-ID, retry);
 * close() DELETEs the session when the server gave one.
 */
import type {
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
  /** The SDK's error class, known once create() has loaded its module (failure() runs only after that). */
  private httpError: typeof StreamableHTTPError | undefined;

  get sessionId(): string | undefined {
    return this.streamable?.sessionId;
  }

  protected async create(url: URL, fetch: FetchLike, headers: Record<string, string>): Promise<Transport> {
    const sdk = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    this.httpError = sdk.StreamableHTTPError;
    this.streamable = new sdk.StreamableHTTPClientTransport(url, { fetch, requestInit: { headers } });
    return this.streamable;
  }

  protected failure(error: unknown): LoupeError {
    const known = this.knownFailure(error);
    if (known) return known;
    if (
      this.httpError &&
      error instanceof this.httpError &&
      typeof error.code === 'number' &&
      error.code > 0
    ) {
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
