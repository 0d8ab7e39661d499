/**
 * Who may talk to the host. Every HTTP request and WebSocket upgrade first needs a Host header that is our
 * own address and port (403 otherwise: DNS rebinding). The page itself is public — the static bundle holds
 * no secret — but an address carrying a wrong ?token= is answered 401 so a stale link says why (the page
 * itself with that status, which tells the user which address to open; any other file a line of text). Every
 * action goes over /ws, and an upgrade needs the token offered as a subprotocol (401 otherwise) from a
 * page of our own origin (403 otherwise). Cookies are ignored: they would reach other ports too.
 */
import type { IncomingMessage } from 'node:http';
import { offeredToken } from '../shared/webSocketCredential.js';
import { tokenMatches } from './accessToken.js';

export type Verdict = { allowed: true } | { allowed: false; status: 401 | 403; reason: string };

export interface GuardOptions {
  token: string;
  /** Host header values accepted, e.g. "127.0.0.1:5173". Empty array with anyHost: every host (remote mode). */
  allowedHosts: string[];
  anyHost: boolean;
}

const openPrintedAddress = 'Open the address Loupe printed when it started (it carries the access token of this run).';

function queryToken(request: IncomingMessage): string | null {
  return new URL(request.url ?? '/', 'http://placeholder').searchParams.get('token');
}

export function checkRequest(request: IncomingMessage, options: GuardOptions, kind: 'http' | 'websocket'): Verdict {
  const host = request.headers.host;
  if (!host || (!options.anyHost && !options.allowedHosts.includes(host.toLowerCase()))) {
    return { allowed: false, status: 403, reason: 'This host name is not Loupe’s address.' };
  }
  if (kind === 'http') {
    const presented = queryToken(request);
    if (presented !== null && !tokenMatches(options.token, presented)) return { allowed: false, status: 401, reason: openPrintedAddress };
    return { allowed: true };
  }
  if (!tokenMatches(options.token, offeredToken(request.headers['sec-websocket-protocol']))) {
    return { allowed: false, status: 401, reason: openPrintedAddress };
  }
  if (request.headers.origin !== `http://${host}`) {
    return { allowed: false, status: 403, reason: 'WebSocket connections are accepted from Loupe’s own page only.' };
  }
  return { allowed: true };
}
