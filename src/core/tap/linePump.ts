/**
 * One direction of a stdio tap: bytes from `source` to `sink`, every line recorded.
 *
 * Without fault rules the pump is a byte pipe: each chunk is written to the sink as it arrives, unchanged, and only
 * then handed to the line splitter that records it, so the recorder never holds a byte back. With rules, whole lines
 * pass one at a time through an ordered queue (a delay holds the lines behind it, as a slow link would) and each
 * fault is carried out and marked on the frame it touched.
 *
 * A line past the recording limit (frameCapture.ts) is never held whole: without rules it passes as every line does
 * and is recorded as a marker; with rules it passes on as it comes, unmatched by them, and is recorded as a marker.
 * Lines are recorded as they crossed the pipe, a '\r' before the '\n' included.
 */
import type { Readable, Writable } from 'node:stream';
import type { Direction } from '../../shared/frames.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import { FaultMatcher, faultMark, ruleApplies, type FaultRule } from './faultRules.js';
import { FrameCapture, recordCaptured, type Captured } from './frameCapture.js';
import type { MessageSubjects } from './messageSubjects.js';
import { TapLines } from './tapLines.js';

export interface FaultStage {
  matcher: FaultMatcher;
  subjects: MessageSubjects;
  /** Writes a line to the other direction's sink (an injected answer), in its order. */
  answer(line: string, mark: string): void;
  /** The rule's `close` fired: end the connection. */
  close(mark: string): void;
}

const newline = Buffer.from('\n');
/** Pass-through recording (see pipe()): after this long without bytes, at most this late, or at this many bytes. */
const quietMs = 3;
const maxHoldMs = 250;
const maxHeldBytes = 8 * 1024 * 1024;

/** What a line is called in a marker of this direction. */
function lineName(direction: Direction): string {
  return direction === 'in' ? 'A stdout line' : 'A stdin line';
}

/**
 * Pass-through recording (see pipe()): the chunks both directions passed on, held until the tap has been quiet a
 * moment (quietMs), at most maxHoldMs or maxHeldBytes, then recorded together in the order they crossed. One list
 * for both directions: with one timer each, the server's answer could be recorded before the host's request that
 * caused it (a timer that fired a little early re-armed while the other direction's fired), and the tapped session,
 * which reads a list's next page by the cursor of the page before, lost the list.
 */
export class PassOrder {
  private unrecorded: { chunk: Buffer; t: number; wall: number; push: Push }[] = [];
  private heldBytes = 0;
  private firstAt = 0;
  private lastAt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly recorder: FrameRecorder) {}

  /** A chunk just passed on; `push` records it (with the time it crossed) when its turn comes. */
  hold(chunk: Buffer, push: Push): void {
    const now = this.recorder.now();
    this.lastAt = now;
    if (this.unrecorded.push({ chunk, t: now, wall: Date.now(), push }) === 1) {
      this.firstAt = now;
      this.timer ??= setTimeout(() => this.check(), quietMs);
    }
    this.heldBytes += chunk.length;
    if (this.heldBytes >= maxHeldBytes) this.record();
  }

  /** Records everything held, both directions, in the order it crossed. */
  record(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.heldBytes = 0;
    const chunks = this.unrecorded;
    this.unrecorded = [];
    for (const { chunk, t, wall, push } of chunks) push(chunk, t, wall);
  }

  private check(): void {
    this.timer = undefined;
    if (this.unrecorded.length === 0) return;
    const now = this.recorder.now();
    if (now - this.lastAt >= quietMs || now - this.firstAt >= maxHoldMs) this.record();
    else this.timer = setTimeout(() => this.check(), Math.max(1, quietMs - (now - this.lastAt)));
  }
}

type Push = (chunk: Buffer, t: number, wall: number) => void;

export class LinePump {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Whole-line mode: the line being read is past the recording limit and passes on as it comes. */
  private over: FrameCapture | undefined;
  /** Whole-line mode: bytes queued for the sink and not written yet (past maxHeldBytes the source waits). */
  private queuedBytes = 0;
  /** Whole lines through the fault stage (from the start with --fault rules; from a line boundary once set live). */
  private lines = false;
  /** Pass-through only: the last byte passed on was not a newline. */
  private midLine = false;
  private chain: Promise<void> = Promise.resolve();
  private ended = false;
  private closed = false;
  /** Lines a delay holds: each is written when its time comes, the lines behind it pass meanwhile. */
  private readonly held = new Map<ReturnType<typeof setTimeout>, () => void>();
  private allDelivered: (() => void) | undefined;

  constructor(
    readonly direction: Direction,
    private readonly source: Readable,
    private readonly sink: Writable,
    private readonly recorder: FrameRecorder,
    private readonly limit: number,
    private faults?: FaultStage,
    /** Shared by the tap's two directions, so they are recorded in the order they crossed. */
    private readonly order: PassOrder = new PassOrder(recorder),
  ) {}

  start(onEnd: () => void): void {
    if (!this.faults) {
      this.pipe(onEnd);
      return;
    }
    this.lines = true;
    this.source.on('data', (chunk: Buffer) => this.split(chunk));
    this.source.on('end', () => this.endLines(onEnd));
  }

  /**
   * Fault rules arrived while passing bytes straight through (Loupe set them for a live tap): from the next line
   * boundary on, lines go through the stage. Once there they stay (an empty rule set passes every line unchanged).
   */
  useFaults(stage: FaultStage): void {
    this.faults ??= stage;
  }

  private endLines(onEnd: () => void): void {
    const rest = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    const over = this.over;
    this.over = undefined;
    this.enqueue(async () => {
      // Delayed lines are delivered before the sink ends.
      if (this.held.size > 0) await new Promise<void>((resolve) => (this.allDelivered = resolve));
      if (over) this.recordCapture(over.finish());
      else if (rest.length > 0) {
        await this.write(rest);
        this.recordLine(rest);
      }
      this.endSink();
      onEnd();
    });
  }

  /** Records a line's bytes as they crossed the pipe (its '\n' aside), with its exact bytes when not UTF-8. */
  private recordLine(line: Buffer, fault?: string): void {
    this.recordCapture({ bytes: line }, fault);
  }

  private recordCapture(captured: Captured, fault?: string): void {
    recordCaptured(
      this.recorder,
      this.direction,
      captured,
      lineName(this.direction),
      this.limit,
      fault === undefined ? {} : { fault },
    );
  }

  /** Writes a line made by the tap (an injected answer) after the lines already queued. */
  inject(line: string, mark: string): void {
    this.enqueue(async () => {
      await this.write(Buffer.from(`${line}\n`, 'utf8'));
      this.recorder.record(this.direction, line, { fault: mark });
    });
  }

  /** Stops passing anything on and ends the sink (a `close` fault, or the other side gone). */
  shut(): void {
    // The source keeps flowing (and is discarded), so its end still arrives and the tap can finish.
    this.closed = true;
    for (const [timer, abandon] of this.held) {
      clearTimeout(timer);
      abandon();
    }
    this.held.clear();
    this.allDelivered?.();
    this.endSink();
  }

  private pipe(onEnd: () => void): void {
    // Each line is timed by the arrival of its last chunk, though it is recorded later.
    let arrived = { t: 0, wall: 0 };
    const splitter = new TapLines(
      this.recorder,
      this.direction,
      this.limit,
      lineName(this.direction),
      () => arrived,
    );
    const push = (chunk: Buffer, t: number, wall: number): void => {
      arrived = { t, wall };
      splitter.push(chunk);
    };
    const recordPending = (): void => this.order.record();
    const forward = (chunk: Buffer): void => {
      if (chunk.length === 0) return;
      if (!this.sink.write(chunk)) {
        this.source.pause();
        this.sink.once('drain', () => this.source.resume());
      }
      this.midLine = chunk[chunk.length - 1] !== 0x0a;
      this.order.hold(chunk, push);
    };
    this.source.on('data', (chunk: Buffer) => {
      if (this.closed) return;
      if (this.lines) return this.split(chunk);
      if (this.faults) {
        // The switch to whole lines waits for the end of the line already (partly) passed on.
        const at = this.midLine ? chunk.indexOf(0x0a) : -1;
        if (!this.midLine || at !== -1) {
          forward(chunk.subarray(0, at + 1));
          recordPending();
          this.lines = true;
          this.split(chunk.subarray(at + 1));
          return;
        }
      }
      forward(chunk);
    });
    this.source.on('end', () => {
      if (this.lines) return this.endLines(onEnd);
      recordPending();
      splitter.end();
      this.endSink();
      onEnd();
    });
  }

  private endSink(): void {
    if (this.ended) return;
    this.ended = true;
    this.sink.end();
  }

  private split(chunk: Buffer): void {
    if (this.closed) return;
    let start = 0;
    for (;;) {
      const at = chunk.indexOf(0x0a, start);
      const piece = chunk.subarray(start, at === -1 ? chunk.length : at);
      if (this.over) this.passOver(piece, at !== -1);
      else if (this.pendingBytes + piece.length > this.limit) {
        // Past the limit: what is held of the line and this piece pass on now, unmatched, and the rest as it comes.
        this.over = new FrameCapture(this.limit);
        const held = this.pending;
        this.pending = [];
        this.pendingBytes = 0;
        for (const part of held) this.passOver(part, false);
        this.passOver(piece, at !== -1);
      } else if (at === -1) {
        if (piece.length > 0) {
          this.pending.push(piece);
          this.pendingBytes += piece.length;
        }
      } else {
        const line = this.pending.length > 0 ? Buffer.concat([...this.pending, piece]) : piece;
        this.pending = [];
        this.pendingBytes = 0;
        this.enqueueBytes(line.length, () => this.pass(line));
      }
      if (at === -1) return;
      start = at + 1;
    }
  }

  /** A piece of a line past the limit: written in its turn, captured for the record; its end records the marker. */
  private passOver(bytes: Buffer, ends: boolean): void {
    const capture = this.over as FrameCapture;
    capture.push(bytes);
    const out = ends ? Buffer.concat([bytes, newline]) : bytes;
    const captured = ends ? capture.finish() : undefined;
    if (ends) this.over = undefined;
    this.enqueueBytes(out.length, async () => {
      await this.write(out);
      if (captured) this.recordCapture(captured);
    });
  }

  private enqueue(step: () => Promise<void>): void {
    this.chain = this.chain.then(step).catch(() => undefined);
  }

  /** Queues a step that writes `size` bytes; the source waits while more than maxHeldBytes are queued. */
  private enqueueBytes(size: number, step: () => Promise<void>): void {
    this.queuedBytes += size;
    if (this.queuedBytes > maxHeldBytes && !this.closed) this.source.pause();
    this.enqueue(async () => {
      try {
        await step();
      } finally {
        this.queuedBytes -= size;
        if (this.queuedBytes <= maxHeldBytes && this.source.isPaused()) this.source.resume();
      }
    });
  }

  private write(bytes: Buffer): Promise<void> {
    if (this.closed || this.ended || this.sink.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.sink.write(bytes)) resolve();
      else this.sink.once('drain', () => resolve());
    });
  }

  /** One whole line (without its '\n') through the fault rules. */
  private async pass(line: Buffer): Promise<void> {
    if (this.closed) return;
    const stage = this.faults as FaultStage;
    const parsed = stage.subjects.read(this.direction, line.toString('utf8'));
    const rule = stage.matcher.match(
      parsed.subject,
      (candidate) =>
        ruleApplies(candidate, this.direction) &&
        candidate.action.kind !== 'status' &&
        candidate.action.kind !== 'drop-stream',
    );
    if (!rule) {
      await this.write(Buffer.concat([line, newline]));
      this.recordLine(line);
      return;
    }
    await this.fault(rule, line, parsed.id, parsed.isRequest);
  }

  /** A delay: this line is written ms from now, in its direction's order then; the lines after it go on. */
  private hold(rule: FaultRule, line: Buffer, ms: number): void {
    const timer = setTimeout(() => {
      this.held.delete(timer);
      this.enqueue(async () => {
        await this.write(Buffer.concat([line, newline]));
        this.recordLine(line, faultMark(rule, `delayed ${ms} ms`));
        if (this.held.size === 0) this.allDelivered?.();
      });
    }, ms);
    this.held.set(timer, () =>
      this.recordLine(line, faultMark(rule, `delayed ${ms} ms: not delivered, the connection ended first`)),
    );
  }

  private async fault(
    rule: FaultRule,
    line: Buffer,
    id: string | number | undefined,
    isRequest: boolean,
  ): Promise<void> {
    const stage = this.faults as FaultStage;
    const action = rule.action;
    switch (action.kind) {
      case 'delay':
        this.hold(rule, line, action.ms);
        return;
      case 'drop':
        this.recordLine(line, faultMark(rule, 'dropped: not delivered'));
        return;
      case 'duplicate':
        await this.write(Buffer.concat([line, newline, line, newline]));
        this.recordLine(line);
        this.recordLine(line, faultMark(rule, 'duplicate: sent a second time'));
        return;
      case 'truncate': {
        const cut = line.subarray(0, Math.min(action.bytes ?? Math.floor(line.length / 2), line.length));
        await this.write(Buffer.concat([cut, newline]));
        this.recordLine(cut, faultMark(rule, `truncated to ${cut.length} of ${line.length} bytes`));
        return;
      }
      case 'corrupt': {
        const bad = corrupted(line);
        await this.write(Buffer.concat([bad, newline]));
        this.recordLine(bad, faultMark(rule, 'corrupted JSON'));
        return;
      }
      case 'close':
        this.recordLine(line, faultMark(rule, 'not delivered: the tap closed the connection'));
        stage.close(faultMark(rule, 'closed the connection'));
        return;
      case 'error': {
        const answer = (code: number): string =>
          JSON.stringify({
            jsonrpc: '2.0',
            id: id ?? null,
            error: { code, message: `Injected by loupe tap (fault rule ${rule.index})` },
          });
        if (isRequest) {
          // The request never reaches its peer: the tap answers it.
          this.recordLine(line, faultMark(rule, 'answered by the tap with an error, not delivered'));
          stage.answer(answer(action.code), faultMark(rule, `injected JSON-RPC error ${action.code}`));
          return;
        }
        const text = answer(action.code);
        await this.write(Buffer.from(`${text}\n`, 'utf8'));
        this.recorder.record(this.direction, text, {
          fault: faultMark(rule, `replaced by a JSON-RPC error ${action.code}`),
        });
        return;
      }
      default:
        await this.write(Buffer.concat([line, newline]));
        this.recordLine(line);
    }
  }
}

/** The line with its first structural character broken, so it no longer parses as JSON. */
function corrupted(line: Buffer): Buffer {
  const text = line.toString('utf8');
  const at = text.indexOf(':');
  if (at === -1) return Buffer.from(`${text}\u0000}`, 'utf8');
  return Buffer.from(`${text.slice(0, at)};${text.slice(at + 1)}`, 'utf8');
}
