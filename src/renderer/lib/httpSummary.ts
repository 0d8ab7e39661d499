/**
 * Words for an HTTP exchange frame (kind 'http'): what a body-less row is, so "0 B" is not a mystery.
 * e.g. "GET: opens the server's event stream", "202 Accepted, no body", "200 OK: event stream opened".
 */
import type { PushedFrame } from '../../shared/frames';

const reasons: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function httpSummary(frame: PushedFrame): string {
  const http = frame.http ?? {};
  const method = http.method ?? 'HTTP';
  const noBody = frame.bytes === 0 ? ', no body' : '';
  if (http.auth !== undefined) {
    // A sign-in step (the Auth view's): its name, and the exchange it made when it made one.
    const path = http.url ? ` ${http.method ?? ''} ${pathOf(http.url)}`.trimEnd() : '';
    const status = http.status !== undefined ? ` → ${http.status}` : '';
    return `sign-in ${http.auth}:${path || ' (no request)'}${status}`;
  }
  if (frame.direction === 'out') {
    if (method === 'GET') return `GET: opens the server's event stream${noBody}`;
    if (method === 'DELETE') return `DELETE: ends the session${noBody}`;
    return `${method} request${noBody}`;
  }
  if (http.status === undefined) return `HTTP response${noBody}`;
  const status = `${http.status}${reasons[http.status] ? ` ${reasons[http.status]}` : ''}`;
  const stream = (http.contentType ?? '').toLowerCase().startsWith('text/event-stream');
  if (stream && http.status < 300)
    return `${status}: event stream opened (events follow as their own frames)`;
  return `${status} to ${method}${noBody}`;
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return url;
  }
}
