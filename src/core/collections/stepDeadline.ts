/**
 * Every step of a collection has a deadline over all it does: its requests and their rounds (`repeat`), the pages
 * of a list, reading a pinned snapshot, and its patterns on the pattern thread. The step's own `timeoutMs` wins,
 * then the collection's, then the default. When it passes, the step's requests are cancelled (notifications/
 * cancelled), a running pattern is stopped, and the step is an error of kind `timeout` that names the limit, where
 * it came from, and what was still going on. An interrupted run (Ctrl-C) ends its running steps the same way.
 */
import type { CollectionStep } from '../../shared/collections.js';
import { getEventListeners } from 'node:events';
import { LoupeError } from '../../shared/errors.js';

/** The deadline of a step when neither the step nor the collection gives one. */
export const defaultStepTimeoutMs = 60_000;

export interface StepLimit {
  ms: number;
  /** Where the limit comes from, in words: named in the error. */
  source: string;
}

export function stepLimit(step: CollectionStep, collectionTimeoutMs: number | undefined): StepLimit {
  if (step.timeoutMs !== undefined) return { ms: step.timeoutMs, source: "the step's timeoutMs" };
  if (collectionTimeoutMs !== undefined)
    return { ms: collectionTimeoutMs, source: "the collection's timeoutMs" };
  return { ms: defaultStepTimeoutMs, source: 'the default step timeout' };
}

/**
 * What a deadline runs on: the abort controller its step's requests listen to and the timeout. A step that ended with
 * neither aborted nor listened to hands them to the next step (a collection's steps each made and dropped both,
 * and added and removed a listener, for a deadline that almost never passes); the timeout is unref'd while idle.
 */
interface Slot {
  controller: AbortController;
  timer: ReturnType<typeof setTimeout>;
  ms: number;
  owner: StepDeadline | undefined;
}

let spare: Slot | undefined;

export class StepDeadline {
  readonly signal: AbortSignal;
  private readonly slot: Slot;
  private readonly onInterrupt: (() => void) | undefined;
  private ending: Promise<never> | undefined;
  private rejectEnding: ((reason: Error) => void) | undefined;
  /** What the step is doing now when that is worth naming in the timeout (a pattern that may run away). */
  doing: string | undefined;

  constructor(
    private readonly name: string,
    private readonly limit: StepLimit,
    /** The run's interruption (Ctrl-C): its reason says why. */
    private readonly interrupt: AbortSignal | undefined,
  ) {
    this.slot = takeSlot(this, limit.ms);
    this.signal = this.slot.controller.signal;
    if (interrupt) {
      this.onInterrupt = (): void => this.end(interruptedError(interrupt));
      if (interrupt.aborted) this.onInterrupt();
      else interrupt.addEventListener('abort', this.onInterrupt, { once: true });
    }
  }

  /** The timeout passed (called by the slot's timer while this deadline owns it). */
  expire(): void {
    this.end(this.timeoutError());
  }

  private end(reason: LoupeError): void {
    if (this.signal.aborted) return;
    this.slot.controller.abort(reason);
    this.rejectEnding?.(reason);
  }

  private timeoutError(): LoupeError {
    return new LoupeError({
      kind: 'timeout',
      message: `step "${this.name}" did not finish within ${this.limit.ms} ms (${this.limit.source})${this.doing ? `: ${this.doing}` : ''}`,
      data: { step: this.name, timeoutMs: this.limit.ms, limit: this.limit.source },
    });
  }

  /** Rejects with the reason once the deadline passes or the run is interrupted: raced against the step's work. */
  ended(): Promise<never> {
    this.ending ??= this.signal.aborted
      ? Promise.reject(asError(this.signal.reason))
      : new Promise<never>((_, reject) => (this.rejectEnding = reject));
    return this.ending;
  }

  /** The error the step ends with when the deadline or the interruption came first. */
  failure(): unknown {
    return this.signal.aborted ? this.signal.reason : undefined;
  }

  /**
   * The step is over. `handOn`: nothing of it is still running (its answer was awaited), so its controller and timeout
   * may serve the next step when nothing aborted or listens to them.
   */
  done(handOn = false): void {
    if (this.onInterrupt) this.interrupt?.removeEventListener('abort', this.onInterrupt);
    const slot = this.slot;
    if (slot.owner !== this) return;
    slot.owner = undefined;
    if (handOn && !this.signal.aborted && getEventListeners(this.signal, 'abort').length === 0) {
      slot.timer.unref();
      spare = slot;
    } else clearTimeout(slot.timer);
  }
}

function takeSlot(owner: StepDeadline, ms: number): Slot {
  const slot = spare;
  spare = undefined;
  if (slot && slot.ms === ms) {
    slot.owner = owner;
    slot.timer.refresh();
    slot.timer.ref();
    return slot;
  }
  if (slot) clearTimeout(slot.timer);
  const made: Slot = {
    controller: slot?.controller ?? new AbortController(),
    timer: setTimeout(() => made.owner?.expire(), ms),
    ms,
    owner,
  };
  return made;
}

/** Why a step in flight ended when the run was interrupted. */
export function interruptedError(interrupt: AbortSignal): LoupeError {
  const why = typeof interrupt.reason === 'string' ? interrupt.reason : 'interrupted';
  return new LoupeError({
    kind: 'cancelled',
    message: `the run was interrupted (${why}) before the step finished`,
  });
}

/** An abort reason as an Error (the step's are LoupeErrors already). */
export function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}
