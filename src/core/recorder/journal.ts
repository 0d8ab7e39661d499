/**
 * The session journal: every frame appended to a JSON Lines file as it is recorded.
 * Writes are buffered and batched (one write per 64 KB or 50 ms, not one per frame: in a request/response loop
 * a tick holds a single frame, and a write per frame cost 2.5x the raw floor in the bench) and strictly ordered.
 */

const drainBytes = 64 * 1024;
const drainDelayMs = 50;
import { open, type FileHandle } from 'node:fs/promises';

export class Journal {
  readonly path: string;
  private pending: string[] = [];
  private pendingLength = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private chain: Promise<void> = Promise.resolve();
  private handle: Promise<FileHandle> | undefined;
  private failure: Error | undefined;
  private closed = false;

  constructor(path: string) {
    this.path = path;
  }

  /** Queues one line (a newline is added). */
  append(line: string): void {
    if (this.closed) return;
    this.pending.push(line);
    this.pendingLength += line.length + 1;
    if (this.pendingLength >= drainBytes) this.drain();
    else this.timer ??= setTimeout(() => this.drain(), drainDelayMs);
  }

  /** Resolves once every line appended so far is on disk (or the journal has failed). */
  flush(): Promise<void> {
    this.drain();
    return this.chain;
  }

  /** The first write error, if any: the journal stops writing after it. */
  error(): Error | undefined {
    return this.failure;
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    const handle = this.handle;
    this.handle = undefined;
    if (handle) await handle.then((file) => file.close()).catch(() => undefined);
  }

  private drain(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const text = this.pending.join('\n') + '\n';
    this.pending = [];
    this.pendingLength = 0;
    this.chain = this.chain.then(() => this.write(text));
  }

  private async write(text: string): Promise<void> {
    if (this.failure) return;
    try {
      this.handle ??= open(this.path, 'a');
      const file = await this.handle;
      await file.appendFile(text, 'utf8');
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
    }
  }
}
