/**
 * The session journal: every frame appended to a JSON Lines file as it is recorded.
 * Writes are buffered and batched (one write per 64 KB or 50 ms, not one per frame: in a request/response loop
 * a tick holds a single frame, and a write per frame cost 2.5x the raw floor in the bench) and strictly ordered.
 *
 * The file holds what the snapshot would, so it is protected the same way: the target's secret values
 * (redactSecrets) are replaced by "[redacted]" in every batch before it reaches the disk, in any JSON escaping,
 * and the file is readable by its owner alone. A new file is created 0600; an existing regular file is
 * appended to (as before) after its mode is narrowed to 0600, and the journal refuses to write when it cannot be.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { secretScrubber } from '../snapshot/secretText.js';

const drainBytes = 64 * 1024;
const drainDelayMs = 50;
const ownerOnly = 0o600;

async function openOwnerOnly(path: string): Promise<FileHandle> {
  const file = await open(path, 'a', ownerOnly);
  try {
    const status = await file.stat();
    // Only regular files: narrowing a terminal's or a pipe's mode (--journal /dev/stdout) is not ours to do.
    if (status.isFile() && (status.mode & 0o077) !== 0) await file.chmod(ownerOnly);
    return file;
  } catch (error) {
    await file.close();
    throw error;
  }
}

export class Journal {
  readonly path: string;
  private pending: string[] = [];
  private pendingLength = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private chain: Promise<void> = Promise.resolve();
  private handle: Promise<FileHandle> | undefined;
  private failure: Error | undefined;
  private closed = false;
  private scrub: ((text: string) => string) | undefined;

  constructor(path: string) {
    this.path = path;
  }

  /** Secret values to replace by "[redacted]" in everything written from now on (lines not yet written included). */
  redactSecrets(secrets: readonly string[]): void {
    this.scrub = secretScrubber(secrets);
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
    const joined = this.pending.join('\n') + '\n';
    const text = this.scrub ? this.scrub(joined) : joined;
    this.pending = [];
    this.pendingLength = 0;
    this.chain = this.chain.then(() => this.write(text));
  }

  private async write(text: string): Promise<void> {
    if (this.failure) return;
    try {
      this.handle ??= openOwnerOnly(this.path);
      const file = await this.handle;
      await file.appendFile(text, 'utf8');
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
    }
  }
}
