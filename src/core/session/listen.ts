/**
 * subscriptions/listen (2026-07-28): one long-lived request whose answer is a stream of the change
 * notifications the client opted in to. The server acknowledges first (notifications/subscriptions/acknowledged
 * tagged with the subscription id = the request's JSON-RPC id), then tags each notification the same way; they
 * reach session.onNotification like any other. Stopping aborts the request (stdio: notifications/cancelled;
 * HTTP: the stream ends with the session).
 */
import { LoupeError, toErrorData, type LoupeErrorData } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { McpSession } from '../types.js';
import { subscriptionIdKey } from './modernEnvelope.js';

export interface Subscription {
  subscriptionId: string | number;
  /** The filter the server agreed to honour (the acknowledgement's `notifications`). */
  acknowledged: JsonObject;
  /** Resolves when the subscription ends: undefined for a graceful end or stop(), else why. */
  ended: Promise<LoupeErrorData | undefined>;
  stop(): void;
}

export const acknowledgedMethod = 'notifications/subscriptions/acknowledged';

/** The filter for list changes of the lists the server declared. */
export function listChangeFilter(capabilities: JsonObject): JsonObject {
  const filter: JsonObject = {};
  if (isJsonObject(capabilities.tools)) filter.toolsListChanged = true;
  if (isJsonObject(capabilities.prompts)) filter.promptsListChanged = true;
  if (isJsonObject(capabilities.resources)) filter.resourcesListChanged = true;
  return filter;
}

export function listen(
  session: McpSession,
  notifications: JsonObject,
  ackTimeoutMs = 10_000,
): Promise<Subscription> {
  const abort = new AbortController();
  let subscriptionId: string | number | undefined;
  return new Promise<Subscription>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: { subscription: Subscription } | { error: unknown }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stopHearing();
      if ('subscription' in outcome) resolve(outcome.subscription);
      else
        reject(outcome.error instanceof Error ? outcome.error : new LoupeError(toErrorData(outcome.error)));
    };
    const timer = setTimeout(() => {
      abort.abort('no acknowledgement');
      finish({
        error: new LoupeError({
          kind: 'timeout',
          message: `subscriptions/listen was not acknowledged within ${ackTimeoutMs} ms`,
        }),
      });
    }, ackTimeoutMs);
    const ended = session
      .request(
        'subscriptions/listen',
        { notifications },
        {
          timeoutMs: 0,
          maxTotalMs: 0,
          signal: abort.signal,
          onSent: (id) => (subscriptionId = id),
        },
      )
      .then(
        (): LoupeErrorData | undefined => {
          finish({
            error: new LoupeError({
              kind: 'invalid-response',
              message: 'subscriptions/listen ended before it was acknowledged',
            }),
          });
          return undefined;
        },
        (error: unknown): LoupeErrorData | undefined => {
          finish({ error });
          return abort.signal.aborted ? undefined : toErrorData(error);
        },
      );
    const stopHearing = session.onNotification((method, params) => {
      if (method !== acknowledgedMethod || subscriptionId === undefined) return;
      const meta = params && isJsonObject(params._meta) ? params._meta : {};
      if (meta[subscriptionIdKey] !== subscriptionId) return;
      const acknowledged = params && isJsonObject(params.notifications) ? params.notifications : {};
      const id = subscriptionId;
      finish({
        subscription: { subscriptionId: id, acknowledged, ended, stop: () => abort.abort('stopped') },
      });
    });
  });
}
