/**
 * Every step of a collection has a deadline over all it does: its requests and their rounds (`repeat`), the pages
 * of a list, reading a pinned snapshot, and its patterns on the pattern thread. The step's own `timeoutMs` wins,
 * then the collection's, then the default. When it passes, the step's requests are cancelled (notifications/
 * cancelled), a running pattern is stopped, and the step is an error of kind `timeout` that names the limit, where
 * it came from, and what was still going on. An interrupted run (Ctrl-C) ends its running steps the same way.
 */
import type { CollectionStep } from '../../shared/collections.js';
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

export class StepDeadline {
  private readonly controller = new AbortController();
  readonly signal = this.controller.signal;
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly onInterrupt: (() => void) | undefined;
  private ending: Promise<never> | undefined;
  /** What the step is doing now when that is worth naming in the timeout (a pattern that may run away). */
  doing: string | undefined;

  constructor(
    private readonly name: string,
    private readonly limit: StepLimit,
    /** The run's interruption (Ctrl-C): its reason says why. */
    private readonly interrupt: AbortSignal | undefined,
  ) {
    this.timer = setTimeout(() => this.controller.abort(this.timeoutError()), limit.ms);
    if (interrupt) {
      this.onInterrupt = (): void => this.controller.abort(interruptedError(interrupt));
      if (interrupt.aborted) this.onInterrupt();
      else interrupt.addEventListener('abort', this.onInterrupt, { once: true });
    }
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
    this.ending ??= new Promise<never>((_, reject) => {
      if (this.signal.aborted) reject(asError(this.signal.reason));
      else this.signal.addEventListener('abort', () => reject(asError(this.signal.reason)), { once: true });
    });
    return this.ending;
  }

  /** The error the step ends with when the deadline or the interruption came first. */
  failure(): unknown {
    return this.signal.aborted ? this.signal.reason : undefined;
  }

  done(): void {
    clearTimeout(this.timer);
    if (this.onInterrupt) this.interrupt?.removeEventListener('abort', this.onInterrupt);
  }
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
