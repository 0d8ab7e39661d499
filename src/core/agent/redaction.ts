/**
 * What `loupe mcp` never hands an agent: the secrets of the targets it opens. The values snapshots redact (secret-
 * looking headers and env vars, URL passwords and tokens, `--token=…` arguments: snapshot/redact.ts) and, since a
 * client config often holds a credential under a plain name (DATABASE_URL, X-Api…), every env and header value that
 * looks like one (12 or more characters of a token's alphabet, letters and digits both). Each is replaced by
 * "[redacted]" wherever it appears in a result, in any JSON escaping (snapshot/secretText.ts), frames included.
 */
import { redacted, type Target } from '../../shared/target.js';
import { redactTargetDeep, scrubSecrets } from '../snapshot/redact.js';

const tokenLike = /^[A-Za-z0-9_\-.~+/=:@]{12,}$/;

function credentialLike(value: string): boolean {
  return tokenLike.test(value) && /[A-Za-z]/.test(value) && /\d/.test(value);
}

/** The secret values of a target, and the target as it may be shown (env and header values left out). */
export function targetSecrets(target: Target): { shown: Target; secrets: string[] } {
  const { target: safe, secrets } = redactTargetDeep(target);
  const all = new Set(secrets);
  if (target.transport === 'stdio') {
    for (const value of Object.values(target.env ?? {})) if (credentialLike(value)) all.add(value);
  } else if (target.transport !== 'demo') {
    for (const header of target.headers ?? []) if (credentialLike(header.value)) all.add(header.value);
  }
  let shown: Target = safe;
  if (safe.transport === 'stdio' && safe.env)
    shown = { ...safe, env: Object.fromEntries(Object.keys(safe.env).map((name) => [name, redacted])) };
  else if (safe.transport !== 'stdio' && safe.transport !== 'demo' && safe.headers)
    shown = { ...safe, headers: safe.headers.map((header) => ({ name: header.name, value: redacted })) };
  return { shown: scrubSecrets(shown, [...all]), secrets: [...all] };
}

export { scrubSecrets };
