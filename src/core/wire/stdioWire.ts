/**
 * The stdio wire: spawns the server, writes one JSON line per message to its stdin, records every
 * stdout line raw (garbage included: it becomes an 'invalid' frame and the session goes on) and every
 * stderr line as a 'stderr' frame.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { LoupeError, type LoupeErrorData } from '../../shared/errors.js';
import type { JsonObject } from '../../shared/json.js';
import type { StdioTarget } from '../../shared/target.js';
import { offHeapLength, type FrameRecorder } from '../recorder/frameRecorder.js';
import { childEnvironment } from './environment.js';
import { LineSplitter } from './lineSplitter.js';
import { tooLarge, truncatedNote, wireLimits, type WireLimits } from './limits.js';
import { spawnFailure } from './spawnFailure.js';
import { causeWindow, stderrCause } from './stderrCause.js';
import type { Wire, WireEvents } from './wire.js';

/** A kept stderr line's length at most: the cause is in its first words, and a server may write megabytes a line. */
const causeLineLimit = 2_000;

/** How long close() waits at each step (stdin closed, SIGTERM) before the next, ms. */
const closeStepMs = 400;
/** After 'exit', how long to wait for the pipes to drain ('close') before giving up on them, ms. */
const drainMs = 300;

export class StdioWire implements Wire {
  readonly transport = 'stdio' as const;
  readonly sessionId = undefined;
  private child: ChildProcessWithoutNullStreams | undefined;
  private events: WireEvents | undefined;
  private open = false;
  private closing = false;
  private ended: LoupeErrorData | undefined;
  private finished = false;
  private lastStderr: string | undefined;
  /** The end of stderr (bounded): the line that says why the server exited is often not its last one. */
  private readonly recentStderr: string[] = [];
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private readonly done: Promise<void>;
  private markDone: () => void = () => undefined;

  constructor(
    private readonly target: StdioTarget,
    private readonly recorder: FrameRecorder,
    private readonly limits: WireLimits = wireLimits(),
  ) {
    this.done = new Promise((resolve) => (this.markDone = resolve));
  }

  get isOpen(): boolean {
    return this.open;
  }

  /** The child's process id, while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(events: WireEvents): Promise<void> {
    this.events = events;
    const { command, args, cwd } = this.target;
    if (!command.trim())
      return Promise.reject(new LoupeError({ kind: 'invalid-target', message: 'No command given' }));
    if (cwd !== undefined && !existsSync(cwd)) {
      return Promise.reject(
        new LoupeError({ kind: 'invalid-target', message: `Working directory does not exist: ${cwd}` }),
      );
    }
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, {
        cwd,
        env: childEnvironment(this.target.env),
        stdio: 'pipe',
        windowsHide: true,
      });
      this.child = child;
      child.once('spawn', () => {
        this.open = true;
        resolve();
      });
      child.on('error', (error: NodeJS.ErrnoException) => {
        if (this.open) return;
        const failure = spawnFailure(command, error);
        this.finish(failure.detail);
        reject(failure);
      });
      const maxLineBytes = this.limits.maxFrameBytes;
      const stdout = new LineSplitter((line, exact, utf8) => this.inbound(line, exact, utf8), {
        maxLineBytes,
        bytesFrom: offHeapLength,
        onOversize: (prefix, seen) => this.oversizeLine(prefix, seen),
      });
      const stderr = new LineSplitter((line) => this.stderrLine(line), {
        maxLineBytes,
        onOversize: (prefix) =>
          this.stderrLine(`${prefix.toString('utf8')}… (truncated: longer than ${maxLineBytes} bytes)`),
      });
      child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
      child.stdin.on('error', () => undefined); // EPIPE after the child died: its exit says why.
      child.on('exit', (code, signal) => {
        this.exit = { code, signal };
        this.open = false;
        setTimeout(() => this.afterExit(stdout, stderr), drainMs).unref();
      });
      child.on('close', () => this.afterExit(stdout, stderr));
    });
  }

  send(message: JsonObject): Promise<void> {
    const child = this.child;
    if (!this.open || !child || child.stdin.destroyed) return Promise.reject(this.notRunning());
    const text = JSON.stringify(message);
    this.recorder.record('out', text, { message });
    return new Promise((resolve) => {
      child.stdin.write(text + '\n', () => resolve());
    });
  }

  post(message: JsonObject): void {
    const child = this.child;
    if (!this.open || !child || child.stdin.destroyed) throw this.notRunning();
    const text = JSON.stringify(message);
    this.recorder.record('out', text, { message });
    // A failed write is the child's end (stdin's 'error' is ignored, its exit says why): nothing to wait for.
    child.stdin.write(text + '\n');
  }

  private notRunning(): LoupeError {
    return new LoupeError(
      this.ended ?? { kind: 'disconnected', message: 'The server process is not running' },
    );
  }

  setProtocolVersion(): void {
    // stdio carries no protocol version header.
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child || this.finished) return;
    this.closing = true;
    child.stdin.end();
    if (await this.waitDone(closeStepMs)) return;
    child.kill('SIGTERM');
    if (await this.waitDone(closeStepMs)) return;
    child.kill('SIGKILL');
    if (await this.waitDone(closeStepMs)) return;
    this.finish(undefined);
  }

  private waitDone(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      void this.done.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private inbound(line: string, exact: Buffer | undefined, utf8: Buffer | undefined): void {
    const recorded = exact
      ? this.recorder.record('in', line, { rawBase64: exact.toString('base64') })
      : utf8
        ? this.recorder.record('in', line, { utf8 })
        : this.recorder.record('in', line);
    for (const { frame, message } of recorded) {
      if (message) this.events?.onMessage(message, frame);
    }
  }

  /**
   * A stdout line passed maxFrameBytes: its prefix is recorded as an invalid frame and, since the id it
   * answers may lie past the prefix, every request waiting for an answer fails with 'frame-too-large'.
   * The rest of the line is dropped; the session goes on with the next line.
   */
  private oversizeLine(prefix: Buffer, seen: number): void {
    const error = tooLarge('frame-too-large', 'A stdout line', this.limits.maxFrameBytes, seen);
    this.recorder.record('in', prefix.toString('utf8'), { invalid: truncatedNote(error, prefix.length) });
    for (const id of this.recorder.openRequests('out')) this.events?.onRequestFailed?.(id, error);
  }

  private stderrLine(line: string): void {
    if (line.trim()) {
      this.lastStderr = line;
      this.recentStderr.push(line.length > causeLineLimit ? line.slice(0, causeLineLimit) : line);
      if (this.recentStderr.length > causeWindow) this.recentStderr.shift();
    }
    this.recorder.record('in', line, { kind: 'stderr' });
  }

  private afterExit(stdout: LineSplitter, stderr: LineSplitter): void {
    if (this.finished) return;
    stdout.end();
    stderr.end();
    this.finish(this.closing ? undefined : this.exitReason());
  }

  private exitReason(): LoupeErrorData {
    const code = this.exit?.code ?? undefined;
    const signal = this.exit?.signal ?? undefined;
    const how = code !== undefined ? ` with code ${code}` : signal ? ` on signal ${signal}` : '';
    // The headline names the cause (Error: Cannot find module …) when stderr has one, not Node's closing banner.
    const cause = stderrCause(this.recentStderr);
    const headline = cause ?? this.lastStderr;
    const tail = headline ? `: ${headline}` : '';
    const reason: LoupeErrorData = {
      kind: 'server-exited',
      message: `Server exited${how}${tail}`,
      data: {
        exitCode: code ?? null,
        signal: signal ?? null,
        lastStderrLine: this.lastStderr ?? null,
        stderrCause: cause ?? null,
      },
    };
    if (code !== undefined) reason.code = code;
    return reason;
  }

  private finish(reason: LoupeErrorData | undefined): void {
    if (this.finished) return;
    this.finished = true;
    this.open = false;
    this.ended = reason;
    this.markDone();
    this.events?.onClose(reason);
  }
}
