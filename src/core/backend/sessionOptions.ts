/** A connect's effective options: the saved settings, under the backend's defaults, under the connect's own. */
import { LoupeError } from '../../shared/errors.js';
import { isRequestTimeout, maxRequestTimeoutMs, type SessionOptions } from '../../shared/session.js';
import type { SettingsStore } from './settingsStore.js';
import type { TraceSettings } from '../../shared/trace/traceSettings.js';
import type { TraceContextOption } from '../../shared/session.js';

/** The trace context the settings ask for (SEP-414): on or off, with the tracestate and baggage given. */
function traceContextOf(traces: TraceSettings): TraceContextOption {
  return {
    send: traces.context,
    ...(traces.tracestate !== undefined ? { tracestate: traces.tracestate } : {}),
    ...(traces.baggage !== undefined ? { baggage: traces.baggage } : {}),
  };
}

export async function effectiveSessionOptions(
  settingsStore: SettingsStore,
  defaults: SessionOptions | undefined,
  given: SessionOptions | undefined,
): Promise<SessionOptions> {
  const settings = await settingsStore.load();
  const timeoutMs = given?.timeoutMs;
  if (timeoutMs !== undefined && !isRequestTimeout(timeoutMs)) {
    throw new LoupeError({
      kind: 'usage',
      message: `The request timeout must be a whole number of milliseconds from 1 to ${maxRequestTimeoutMs}; got ${JSON.stringify(timeoutMs)}.`,
    });
  }
  return {
    timeoutMs: settings.timeoutMs,
    maxTotalMs: settings.maxTotalMs,
    pageLimit: settings.pageLimit,
    ...(settings.extensions ? { extensions: settings.extensions } : {}),
    ...(settings.traces ? { traceContext: traceContextOf(settings.traces) } : {}),
    ...defaults,
    ...given,
    // A connection that waits longer per request than the total allows would be cut at the total: raise it.
    ...(timeoutMs !== undefined
      ? { maxTotalMs: Math.max(timeoutMs, given?.maxTotalMs ?? settings.maxTotalMs) }
      : {}),
    offer: {
      sampling: true,
      elicitation: true,
      roots: true,
      ...defaults?.offer,
      ...given?.offer,
    },
  };
}
