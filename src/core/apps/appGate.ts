/**
 * What an MCP App may ask of the server, decided before anything is sent: only tools the server listed and made
 * callable by apps (appMayCall: the visibility rule of SEP-1865), at most a few calls a second (a token bucket per
 * app), and a destructive or not-read-only call only once the person said yes (appConsentReasons). A call that
 * needs the person is kept here under a ticket, unsent, with no timer: the person answers when they answer.
 * "Allow for this app in this session" is remembered per app and tool for the connection (the gate lives as long
 * as the connection's recorder).
 */
import { randomUUID } from 'node:crypto';
import { appConsentReasons, appMayCall, type AppConsentReason } from '../../shared/apps.js';
import { LoupeError } from '../../shared/errors.js';
import type { JsonObject } from '../../shared/json.js';
import type { ListResult } from '../../shared/lists.js';

/** Calls a second an app may make, on average, and how many it may make at once after a quiet spell. */
export const appCallsPerSecond = 5;
export const appCallBurst = 10;
/** Calls of one app that may wait for the person at once; past it new ones are refused as rate-limited. */
export const maxWaitingCalls = 20;

/** A token bucket on the real clock (performance.now); `now` is injectable for the bucket's own unit test. */
export class TokenBucket {
  private tokens: number;
  private last: number;
  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export interface WaitingCall {
  app: string;
  name: string;
  arguments: JsonObject;
}

const key = (app: string, tool: string) => JSON.stringify([app, tool]);

export class AppGate {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly grants = new Set<string>();
  private readonly waiting = new Map<string, WaitingCall>();

  /** The tool as listed, if this app may call it; otherwise a named refusal. */
  tool(app: string, tools: ListResult | undefined, name: string): JsonObject {
    const listed = tools?.items.find((item) => item.name === name);
    if (!listed) {
      const partial =
        tools && !tools.complete ? ' (the tools listing stopped early, so it may be further on)' : '';
      throw new LoupeError({
        kind: 'app-tool-refused',
        message: tools
          ? `Loupe refused the app’s call of "${name}": the server did not list that tool${partial}.`
          : `Loupe refused the app’s call of "${name}": the server’s tools have not been listed yet.`,
        data: { app, tool: name, reason: 'not-listed' },
      });
    }
    if (!appMayCall(listed)) {
      throw new LoupeError({
        kind: 'app-tool-refused',
        message: `Loupe refused the app’s call of "${name}": its _meta.ui.visibility does not include "app" (it is not callable by apps).`,
        data: { app, tool: name, reason: 'not-visible-to-apps' },
      });
    }
    return listed;
  }

  /** Counts one request of this app (`what`: 'call of "tool"', 'resources/read uri') against its rate; a named refusal past it. */
  admit(app: string, what: string): void {
    let bucket = this.buckets.get(app);
    if (!bucket) {
      bucket = new TokenBucket(appCallsPerSecond, appCallBurst);
      this.buckets.set(app, bucket);
    }
    if (!bucket.take()) {
      throw new LoupeError({
        kind: 'app-rate-limited',
        message: `Loupe refused the app’s ${what}: past the limit of ${appCallsPerSecond} requests a second (bursts of ${appCallBurst}).`,
        data: { app, request: what, perSecond: appCallsPerSecond, burst: appCallBurst },
      });
    }
  }

  /** Why this call must wait for the person; none when it may go (read-only, or allowed for this session). */
  reasons(app: string, tool: JsonObject): AppConsentReason[] {
    const name = typeof tool.name === 'string' ? tool.name : '';
    return this.grants.has(key(app, name)) ? [] : appConsentReasons(tool);
  }

  /** Keeps a call for the person under a new ticket. */
  hold(call: WaitingCall): string {
    const mine = [...this.waiting.values()].filter((waiting) => waiting.app === call.app).length;
    if (mine >= maxWaitingCalls) {
      throw new LoupeError({
        kind: 'app-rate-limited',
        message: `Loupe refused the app’s call of "${call.name}": ${maxWaitingCalls} of its calls already wait for you.`,
        data: { app: call.app, tool: call.name, waiting: mine },
      });
    }
    const ticket = randomUUID();
    this.waiting.set(ticket, call);
    return ticket;
  }

  /** The call kept under this ticket, taken out (each ticket is answered once); 'session' remembers the grant. */
  release(ticket: string, answer: 'once' | 'session' | 'decline'): WaitingCall {
    const call = this.waiting.get(ticket);
    if (!call) {
      throw new LoupeError({
        kind: 'app-invalid',
        message: 'No app call waits under that ticket (it was answered already, or the connection changed).',
      });
    }
    this.waiting.delete(ticket);
    if (answer === 'session') this.grants.add(key(call.app, call.name));
    return call;
  }
}
