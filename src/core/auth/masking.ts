/** Hides secrets before anything about an auth exchange is shown, logged or kept. */
const secretFields = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'code',
  'code_verifier',
  'registration_access_token',
  // JWTs that are credentials: a client assertion, a JWT bearer grant's assertion, a token exchange's subject token
  'client_assertion',
  'assertion',
  'subject_token',
  'actor_token',
]);
const secretHeaders = new Set(['authorization', 'cookie', 'set-cookie']);
/** Headers whose whole value is a credential (a DPoP proof can be replayed within its minute). */
const wholeSecretHeaders = new Set(['dpop']);

/** A fixed mask: lengths are not shown either, they only help guessing. */
export const masked = '••••';

export function maskHeaders(headers: Headers | Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers ?? {});
  for (const [name, value] of entries) {
    if (wholeSecretHeaders.has(name.toLowerCase())) out[name] = masked;
    else if (!secretHeaders.has(name.toLowerCase())) out[name] = value;
    else out[name] = value.replace(/^(\w+)\s.*$/s, `$1 ${masked}`);
  }
  return out;
}

/** Masks secret fields of a JSON or form-encoded body; other text passes unchanged. */
export function maskBody(text: string | undefined): string | undefined {
  if (text === undefined || text === '') return text;
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      return JSON.stringify(parsed, (key, value: unknown) => (secretFields.has(key) ? masked : value));
    } catch {
      return text;
    }
  }
  if (/^[\w.%+-]+=[^\s]*(&[\w.%+-]+=[^\s]*)*$/.test(trimmed)) {
    const form = new URLSearchParams(trimmed);
    for (const key of [...form.keys()]) if (secretFields.has(key)) form.set(key, masked);
    return form.toString();
  }
  return text;
}

/** A URL with secret query parameters (code on a redirect) masked. */
export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    for (const key of [...parsed.searchParams.keys()])
      if (secretFields.has(key)) parsed.searchParams.set(key, masked);
    return parsed.toString();
  } catch {
    return url;
  }
}
