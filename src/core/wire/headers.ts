/** HTTP target helpers: the user's headers as one record, and the URL checked. */
import { LoupeError } from '../../shared/errors.js';
import type { HeaderEntry } from '../../shared/target.js';

/** Repeated names are joined with ", " as HTTP allows. */
export function headerRecord(entries: HeaderEntry[] | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { name, value } of entries ?? []) {
    const key = name.trim();
    if (!key) continue;
    const existing = Object.keys(headers).find((other) => other.toLowerCase() === key.toLowerCase());
    if (existing) headers[existing] = `${headers[existing]}, ${value}`;
    else headers[key] = value;
  }
  return headers;
}

/** Parses the URL or fails with invalid-target. */
export function targetUrl(url: string): URL {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:')) return parsed;
  throw new LoupeError({ kind: 'invalid-target', message: `Not an http(s) URL: ${url}` });
}
