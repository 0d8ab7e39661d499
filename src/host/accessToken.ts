/**
 * The host's one secret: a random 32-byte token made when the host process starts, so it dies with the
 * process. It travels in the printed URL once; the page keeps it in sessionStorage and presents it as a
 * WebSocket subprotocol. It is never put in a cookie: browsers send cookies to every port of a host name,
 * so any other local server the browser visits would receive it. Compared in constant time.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison of a presented value with the token; false for anything absent or of another length. */
export function tokenMatches(token: string, presented: string | undefined | null): boolean {
  if (typeof presented !== 'string') return false;
  const expected = Buffer.from(token, 'utf8');
  const actual = Buffer.from(presented, 'utf8');
  // timingSafeEqual needs equal lengths; comparing against itself keeps the time independent of the guess.
  if (actual.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(expected, actual);
}
