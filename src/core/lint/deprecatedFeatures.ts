/**
 * Session-level findings: features of the protocol that MCP 2026-07-28 deprecates (its changelog, "Deprecated"),
 * found in what the server declared and what it actually sent. Roots and Sampling are used whether asked for as
 * 2025-era server requests or as input requests of an `input_required` result; Logging when the server declares
 * it or sends notifications/message; the HTTP+SSE transport when the session runs over it.
 */
import type { Frame } from '../../shared/frames.js';
import { isJsonObject } from '../../shared/json.js';
import type { Finding } from '../../shared/lint.js';
import type { Handshake } from '../../shared/session.js';

type Feature = 'roots' | 'sampling' | 'logging' | 'http-sse';

const advice: Record<Feature, string> = {
  roots:
    'Roots are deprecated as of MCP 2026-07-28 (SEP-2577): pass directories or files through tool parameters, resource URIs or server configuration.',
  sampling: 'Sampling is deprecated as of MCP 2026-07-28 (SEP-2577): call an LLM provider directly.',
  logging:
    'Logging is deprecated as of MCP 2026-07-28 (SEP-2577): log to stderr (stdio) or use OpenTelemetry.',
  'http-sse':
    'The HTTP+SSE transport is deprecated (since 2025-03-26; reclassified in MCP 2026-07-28, SEP-2596): serve Streamable HTTP.',
};

const featureOfMethod: Record<string, Feature> = {
  'roots/list': 'roots',
  'sampling/createMessage': 'sampling',
  'notifications/message': 'logging',
};

/** The methods an input_required result asks for, read from its raw text (only such results are parsed). */
function inputRequestMethods(frame: Frame): string[] {
  if (frame.kind !== 'response' || !frame.raw.includes('input_required')) return [];
  try {
    const message: unknown = JSON.parse(frame.raw);
    const result = isJsonObject(message) ? message.result : undefined;
    const requests = isJsonObject(result) ? result.inputRequests : undefined;
    if (!isJsonObject(requests)) return [];
    return Object.values(requests).flatMap((request) =>
      isJsonObject(request) && typeof request.method === 'string' ? [request.method] : [],
    );
  } catch {
    return [];
  }
}

export function deprecatedFeatureFindings(handshake: Handshake, frames: readonly Frame[]): Finding[] {
  const seen = new Map<Feature, string>();
  const note = (feature: Feature, how: string): void => {
    if (!seen.has(feature)) seen.set(feature, how);
  };
  if (handshake.transport === 'sse') note('http-sse', 'The session runs over the legacy HTTP+SSE transport.');
  if (isJsonObject(handshake.capabilities.logging))
    note('logging', 'The server declares the logging capability.');
  for (const frame of frames) {
    if (frame.direction !== 'in') continue;
    const method = frame.method;
    if (method !== undefined && (frame.kind === 'request' || frame.kind === 'notification')) {
      const feature = featureOfMethod[method];
      if (feature) note(feature, `The server sent ${method}.`);
    }
    for (const asked of inputRequestMethods(frame)) {
      const feature = featureOfMethod[asked];
      if (feature) note(feature, `The server asked for ${asked} in an input_required result.`);
    }
  }
  return [...seen].map(([feature, how]) => ({
    code: 'deprecated-feature',
    severity: 'info',
    message: `${how} ${advice[feature]}`,
  }));
}
