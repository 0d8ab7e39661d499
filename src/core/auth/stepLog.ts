/**
 * The ordered list of AuthSteps of one sign-in, and the fetch every auth endpoint exchange goes through:
 * it times the exchange, masks secrets and hands the parsed body back to the step that asked.
 */
import type { AuthCheck, AuthStep, AuthStepName } from '../../shared/auth.js';
import type { JsonObject } from '../../shared/json.js';
import { isJsonObject } from '../../shared/json.js';
import type { FetchLike } from '../wire/recordingFetch.js';
import { networkFailure } from '../wire/networkFailure.js';
import type { LoupeError } from '../../shared/errors.js';
import { authFailure } from './authFailure.js';
import { maskBody, maskHeaders, maskUrl } from './masking.js';

export interface Exchanged {
  response: Response;
  text: string;
  /** The body parsed as a JSON object, else undefined. */
  json: JsonObject | undefined;
  /** The step as recorded; the caller adds what it learned and checked. */
  step: AuthStep;
}

const bodyLimit = 4_000;
/** Larger answers from an authorization server are refused unread (hostile input). */
const responseLimit = 256 * 1024;
/** How long one exchange with an authorization server may take by default, ms. */
export const defaultStepTimeoutMs = 10_000;

export class StepLog {
  readonly steps: AuthStep[] = [];
  private pending: AuthStep | undefined;
  private readonly stepTimeoutMs: number;

  constructor(
    private readonly fetch: FetchLike,
    private readonly onStep?: (step: AuthStep) => void,
    stepTimeoutMs?: number,
  ) {
    this.stepTimeoutMs = stepTimeoutMs ?? defaultStepTimeoutMs;
  }

  /** Records a step without an HTTP exchange. */
  note(step: AuthStepName, learned: JsonObject, checks: AuthCheck[] = []): AuthStep {
    const entry: AuthStep = { step, ms: 0, learned, checks };
    this.push(entry);
    return entry;
  }

  /** A step is reported once the next one starts or the flow ends (flush), with its learned and checks filled. */
  push(step: AuthStep): void {
    this.flush();
    this.pending = step;
    this.steps.push(step);
  }

  flush(): void {
    const pending = this.pending;
    this.pending = undefined;
    if (pending) this.onStep?.(pending);
  }

  /**
   * One HTTP exchange of a step; network failures become LoupeErrors naming the URL, and an exchange not over
   * within the step timeout (headers and body) is an auth-failed error naming the step and the URL.
   */
  async exchange(step: AuthStepName, url: string, init: RequestInit = {}): Promise<Exchanged> {
    const started = performance.now();
    const method = (init.method ?? 'GET').toUpperCase();
    const requestBody = typeof init.body === 'string' ? init.body : undefined;
    const limit = new AbortController();
    const seconds = Math.round(this.stepTimeoutMs / 100) / 10;
    const silent = (): LoupeError =>
      authFailure(step, `${maskUrl(url)} got no answer within ${seconds} s`, {
        timeoutMs: this.stepTimeoutMs,
      });
    const timer = setTimeout(() => limit.abort(silent()), this.stepTimeoutMs);
    let response: Response;
    let text: string | undefined;
    try {
      try {
        response = await this.fetch(url, {
          ...init,
          redirect: init.redirect ?? 'manual',
          signal: limit.signal,
        });
      } catch (error) {
        if (limit.signal.aborted) throw silent();
        throw networkFailure(error, url);
      }
      text = await readLimited(response, responseLimit);
      if (limit.signal.aborted) throw silent();
    } finally {
      clearTimeout(timer);
    }
    if (text === undefined)
      throw authFailure(
        step,
        `${maskUrl(url)} sent more than ${responseLimit / 1024} KiB; a metadata or token answer is far smaller`,
      );
    let json: JsonObject | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      json = isJsonObject(parsed) ? parsed : undefined;
    } catch {
      json = undefined;
    }
    const entry: AuthStep = {
      step,
      request: {
        method,
        url: maskUrl(url),
        headers: maskHeaders(init.headers as Record<string, string> | undefined),
        ...(requestBody !== undefined ? { body: maskBody(requestBody) } : {}),
      },
      response: {
        status: response.status,
        headers: maskHeaders(response.headers),
        body: maskBody(text.slice(0, bodyLimit)),
      },
      ms: Math.round(performance.now() - started),
      learned: {},
      checks: [],
    };
    this.push(entry);
    return { response, text, json, step: entry };
  }
}

/** Adds a check to a step and says whether it held. */
export function check(step: AuthStep, requirement: string, ok: boolean, detail?: string): boolean {
  step.checks.push(detail === undefined ? { requirement, ok } : { requirement, ok, detail });
  return ok;
}

/** The body as text, or undefined when it is longer than limit bytes (the rest is not read). */
async function readLimited(response: Response, limit: number): Promise<string | undefined> {
  if (!response.body) return '';
  const reader: ReadableStreamDefaultReader<Uint8Array> = (
    response.body as ReadableStream<Uint8Array>
  ).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return undefined;
      }
      chunks.push(value);
    }
  } catch {
    // a body cut short is read as far as it came
  }
  return Buffer.concat(chunks).toString('utf8');
}
