/**
 * The host's one secret: a random 32-byte token made at start. A browser presents it once as ?token=…,
 * trades it for an HttpOnly cookie, and from then on the cookie. Compared in constant time.
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

/** The value of one cookie in a Cookie header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** Cookies are scoped by host, not port: the port in the name keeps two Loupe hosts apart. */
export function cookieName(port: number): string {
  return `loupe_${port}`;
}

export function sessionCookie(port: number, token: string): string {
  return `${cookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}
