/**
 * The app's channel as Traffic sees it: a transport around the bridge's PostMessageTransport that hands every
 * request the app makes (tools/call, ui/message, ui/open-link, ui/initialize… with its own id) and its log
 * (notifications/message) to `record` before the bridge acts on it, and Loupe's answer to each of those requests
 * as it goes back. So Traffic shows them as requests paired with their responses, marked as the app's. The
 * bridge's own notifications (sizes, tool input and result) and its requests to the app are not recorded.
 */
import type {
  JSONRPCMessage,
  MessageExtraInfo,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/client';
import { isJsonObject, type JsonObject } from '../../shared/json';

export type RecordAppMessage = (direction: 'in' | 'out', message: JsonObject) => void;

const recordedNotifications = new Set(['notifications/message']);
/** Ids of the app's requests awaiting Loupe's answer; bounded, oldest forgotten (an app may never be answered). */
const maxOpen = 10_000;

function asObject(message: JSONRPCMessage): JsonObject | undefined {
  const plain: unknown = JSON.parse(JSON.stringify(message));
  return isJsonObject(plain) ? plain : undefined;
}

const idOf = (message: JsonObject): string | number | undefined =>
  typeof message.id === 'string' || typeof message.id === 'number' ? message.id : undefined;

export class TappedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  private readonly open = new Set<string>();

  constructor(
    private readonly inner: Transport,
    private readonly record: RecordAppMessage,
  ) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      this.tapIncoming(message);
      this.onmessage?.(message, extra);
    };
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.tapOutgoing(message);
    await this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private tapIncoming(message: JSONRPCMessage): void {
    const plain = asObject(message);
    if (!plain || typeof plain.method !== 'string') return;
    const id = idOf(plain);
    if (id === undefined && !recordedNotifications.has(plain.method)) return;
    if (id !== undefined) {
      this.open.add(JSON.stringify(id));
      if (this.open.size > maxOpen) this.open.delete(this.open.values().next().value as string);
    }
    this.record('in', plain);
  }

  private tapOutgoing(message: JSONRPCMessage): void {
    const plain = asObject(message);
    if (!plain || typeof plain.method === 'string') return;
    const id = idOf(plain);
    if (id === undefined || !this.open.delete(JSON.stringify(id))) return;
    this.record('out', plain);
  }
}
