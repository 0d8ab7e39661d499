/**
 * The authorization spec requires HTTPS for every authorization server endpoint. Loupe allows plain http only on a
 * loopback host (127.0.0.1, ::1, localhost: a server on this machine, as in tests and local development) and refuses
 * every other scheme (javascript:, file:, data:…) before it registers, asks for tokens or shows a sign-in URL. A
 * refused URL is quoted, escaped and cut short in the message: it is never shown as a link to follow.
 */
import type { AuthStep, AuthStepName } from '../../shared/auth.js';
import { authFailure } from './authFailure.js';
import { check } from './stepLog.js';

const loopbackHosts = new Set(['127.0.0.1', '[::1]', 'localhost']);
const shownLength = 200;

/** Why this endpoint may not be used, or undefined when it may. */
export function endpointProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:')
    return loopbackHosts.has(url.hostname.toLowerCase())
      ? undefined
      : 'is plain http on a host that is not loopback (the authorization spec requires https)';
  return `has the scheme ${JSON.stringify(url.protocol)}, not https`;
}

/** The URL as a quoted, escaped, bounded string: inert in a terminal and in the UI. */
export function inertUrl(value: string): string {
  const cut = value.length > shownLength ? `${value.slice(0, shownLength)}…` : value;
  return JSON.stringify(cut).replace(
    /[\u0080-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Checks one endpoint a metadata document (or a fallback) gave, recording the check on the step when there is one;
 * throws auth-failed naming the step, the field and the URL when it may not be used.
 */
export function checkEndpoint(step: AuthStepName, field: string, value: string, record?: AuthStep): string {
  const problem = endpointProblem(value);
  if (record)
    check(
      record,
      `${field} is https (plain http only on a loopback host)`,
      problem === undefined,
      inertUrl(value),
    );
  if (problem !== undefined)
    throw authFailure(step, `${field} ${inertUrl(value)} ${problem}; Loupe does not use it`, { field });
  return value;
}
