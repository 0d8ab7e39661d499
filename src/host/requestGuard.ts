/**
 * Who may talk to the host. Checked on every HTTP request and every WebSocket upgrade, in this order:
 * a Host header that is not our address and port → 403 (DNS rebinding); no valid token or cookie → 401;
 * for WebSockets, an Origin that is not our own → 403.
 */
import type { IncomingMessage } from 'node:http';
import { cookieName, readCookie, tokenMatches } from './accessToken.js';

export type Verdict =
  | { allowed: true; viaQueryToken: boolean }
  | { allowed: false; status: 401 | 403; reason: string };

export interface GuardOptions {
  token: string;
  port: number;
  /** Host header values accepted, e.g. "127.0.0.1:5173". Empty array with anyHost: every host (remote mode). */
  allowedHosts: string[];
  anyHost: boolean;
}

function queryToken(request: IncomingMessage): string | undefined {
  const url = new URL(request.url ?? '/', 'http://placeholder');
  return url.searchParams.get('token') ?? undefined;
}

export function checkRequest(request: IncomingMessage, options: GuardOptions, kind: 'http' | 'websocket'): Verdict {
  const host = request.headers.host;
  if (!host || (!options.anyHost && !options.allowedHosts.includes(host.toLowerCase()))) {
    return { allowed: false, status: 403, reason: 'This host name is not Loupe’s address.' };
  }
  const fromQuery = tokenMatches(options.token, queryToken(request));
  const fromCookie = tokenMatches(options.token, readCookie(request.headers.cookie, cookieName(options.port)));
  if (!fromQuery && !fromCookie) {
    return { allowed: false, status: 401, reason: 'Open the address Loupe printed when it started (it carries the access token).' };
  }
  if (kind === 'websocket') {
    const origin = request.headers.origin;
    if (origin !== `http://${host}`) {
      return { allowed: false, status: 403, reason: 'WebSocket connections are accepted from Loupe’s own page only.' };
    }
  }
  return { allowed: true, viaQueryToken: fromQuery };
}
