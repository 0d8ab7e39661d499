/**
 * An incremental Server-Sent Events parser (the WHATWG event-stream format): feed it decoded text in
 * chunks of any size, it calls back once per complete event. Comments and events without data are skipped.
 */
export interface SseEvent {
  /** The event type; 'message' when the stream named none. */
  event: string;
  data: string;
  id?: string;
  retry?: number;
}

export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private id: string | undefined;
  private retry: number | undefined;
  private readonly onEvent: (event: SseEvent) => void;

  constructor(onEvent: (event: SseEvent) => void) {
    this.onEvent = onEvent;
  }

  push(text: string): void {
    this.buffer += text;
    let start = 0;
    for (let index = 0; index < this.buffer.length; index++) {
      const char = this.buffer[index];
      if (char !== '\n' && char !== '\r') continue;
      // A '\r' at the very end may be the first half of '\r\n': wait for the next chunk.
      if (char === '\r' && index === this.buffer.length - 1) break;
      this.line(this.buffer.slice(start, index));
      if (char === '\r' && this.buffer[index + 1] === '\n') index++;
      start = index + 1;
    }
    this.buffer = this.buffer.slice(start);
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
  }

  private dispatch(): void {
    const data = this.data;
    const event = this.event;
    this.data = [];
    this.event = '';
    if (data.length === 0) return;
    const out: SseEvent = { event: event || 'message', data: data.join('\n') };
    if (this.id !== undefined) out.id = this.id;
    if (this.retry !== undefined) out.retry = this.retry;
    this.retry = undefined;
    this.onEvent(out);
  }
}
