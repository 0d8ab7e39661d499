/**
 * Loupe's MCP server over stdio: one JSON-RPC message a line in, one a line out. Both eras on one process: a request
 * that names 2026-07-28 in its `_meta` (or is server/discover) is answered on its own (modernDispatch.ts); everything
 * else — initialize, the 2025 requests, the client's answers to our elicitations — goes to the SDK 1.x server
 * (legacyServer.ts) through a transport that shares the same lines. A line that is not JSON gets -32700.
 */
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { isJsonObject, type JsonObject } from '../../../shared/json.js';
import { LineSplitter } from '../../wire/lineSplitter.js';
import type { AgentMethods } from './agentRequest.js';
import { legacyServer } from './legacyServer.js';
import { answerModern, isModern } from './modernDispatch.js';
import type { RequestStates } from './requestStates.js';
import {
  asFailure,
  errorMessage,
  readMessage,
  resultMessage,
  RpcFailure,
  rpcCodes,
  type RequestId,
} from './rpc.js';

/** The longest line read: larger messages are refused (no agent request is near it). */
const maxLineBytes = 16 * 1024 * 1024;

export interface ServedStdio {
  /** Resolves when the input ended (the host closed our stdin) and the server closed. */
  closed: Promise<void>;
  close(): Promise<void>;
}

/** The SDK's side of the shared lines: it sends through `write`, and hears what the splitter hands it. */
class SharedLines implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  constructor(private readonly write: (message: JsonObject) => void) {}

  start(): Promise<void> {
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    this.write(message as unknown as JsonObject);
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.onclose?.();
    return Promise.resolve();
  }
}

export async function serveStdio(
  core: AgentMethods,
  states: RequestStates,
  input: Readable,
  output: Writable,
): Promise<ServedStdio> {
  const write = (message: JsonObject): void => {
    if (!output.writableEnded) output.write(`${JSON.stringify(message)}\n`);
  };
  const legacy = new SharedLines(write);
  const server = legacyServer(core);
  await server.connect(legacy);
  /** Modern requests in flight, by id: notifications/cancelled aborts them. */
  const inFlight = new Map<RequestId, AbortController>();

  const modern = (id: RequestId, method: string, params: JsonObject): void => {
    const controller = new AbortController();
    inFlight.set(id, controller);
    answerModern({ id, method, params }, core, states, controller.signal)
      .then((result) => {
        if (!controller.signal.aborted) write(resultMessage(id, result));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) write(errorMessage(id, asFailure(error)));
      })
      .finally(() => inFlight.delete(id));
  };

  const onLine = (line: string): void => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      write(
        errorMessage(undefined, new RpcFailure(rpcCodes.parseError, 'Parse error: the line is not JSON')),
      );
      return;
    }
    const message = readMessage(value);
    if (message.type === 'request' && isModern(message.request.method, message.request.params)) {
      modern(message.request.id, message.request.method, message.request.params);
      return;
    }
    if (message.type === 'notification' && message.notification.method === 'notifications/cancelled') {
      const cancelled = message.notification.params.requestId;
      const controller =
        typeof cancelled === 'string' || typeof cancelled === 'number' ? inFlight.get(cancelled) : undefined;
      if (controller) {
        controller.abort('cancelled by the client');
        return;
      }
    }
    if (message.type === 'invalid') {
      write(
        errorMessage(
          message.id,
          new RpcFailure(rpcCodes.invalidRequest, `Invalid request: ${message.reason}`),
        ),
      );
      return;
    }
    if (isJsonObject(value)) legacy.onmessage?.(value as unknown as JSONRPCMessage);
  };

  const splitter = new LineSplitter(onLine, {
    maxLineBytes,
    onOversize: () =>
      write(
        errorMessage(
          undefined,
          new RpcFailure(rpcCodes.invalidRequest, 'Invalid request: the line is too long'),
        ),
      ),
  });
  let finish: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (finish = resolve));
  const close = async (): Promise<void> => {
    for (const controller of inFlight.values()) controller.abort('the server is closing');
    await server.close().catch(() => undefined);
    finish();
  };
  input.on('data', (chunk: Buffer) => splitter.push(chunk));
  input.on('end', () => {
    splitter.end();
    void close();
  });
  input.on('error', () => void close());
  return { closed, close };
}
