/**
 * Secret values of a target (headers and env vars whose names look secret, secret-looking URL query
 * parameters and passwords, `--token=…`-style arguments) and their removal from everything a snapshot
 * holds: the target itself and every string (and key) anywhere else, frame raw text included, so an
 * Authorization value a server echoes back does not reach the file.
 */
import type { Target } from '../../shared/target.js';
import { looksSecret, redactTarget, redacted } from '../../shared/target.js';
import { secretScrubber } from './secretText.js';

export { minimumScannedLength } from './secretText.js';


function addValue(secrets: Set<string>, value: string): void {
  if (value.length === 0 || value === redacted) return;
  secrets.add(value);
  // "Bearer abc…": a server may echo only the credential.
  const credential = /^[A-Za-z][\w-]*\s+(\S.*)$/.exec(value)?.[1];
  if (credential) secrets.add(credential);
}

function secretArguments(args: readonly string[], secrets: Set<string>): string[] {
  const out = [...args];
  out.forEach((argument, index) => {
    const inline = /^--?([^=\s]+)=(.*)$/s.exec(argument);
    if (inline && looksSecret(inline[1]) && inline[2] !== '') {
      addValue(secrets, inline[2]);
      out[index] = `${argument.slice(0, argument.length - inline[2].length)}${redacted}`;
      return;
    }
    const flag = /^--?([^=\s]+)$/.exec(argument);
    const next = args[index + 1];
    if (flag && looksSecret(flag[1]) && next !== undefined && !next.startsWith('-')) {
      addValue(secrets, next);
      out[index + 1] = redacted;
    }
  });
  return out;
}

function secretUrl(url: string, secrets: Set<string>): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  let changed = false;
  if (parsed.password) {
    addValue(secrets, decodeURIComponent(parsed.password));
    parsed.password = redacted;
    changed = true;
  }
  for (const [name, value] of [...parsed.searchParams]) {
    if (looksSecret(name) && value !== '') {
      addValue(secrets, value);
      parsed.searchParams.set(name, redacted);
      changed = true;
    }
  }
  return changed ? parsed.toString() : url;
}

/** The target with secrets replaced, and the secret values to scrub from every other string. */
export function redactTargetDeep(target: Target): { target: Target; secrets: string[] } {
  const secrets = new Set<string>();
  const safe = redactTarget(target);
  if (target.transport === 'stdio') {
    for (const [name, value] of Object.entries(target.env ?? {})) if (looksSecret(name)) addValue(secrets, value);
    if (safe.transport === 'stdio') safe.args = secretArguments(target.args, secrets);
  } else if (target.transport !== 'demo' && safe.transport !== 'stdio' && safe.transport !== 'demo') {
    for (const header of target.headers ?? []) if (looksSecret(header.name)) addValue(secrets, header.value);
    safe.url = secretUrl(target.url, secrets);
  }
  return { target: safe, secrets: [...secrets] };
}

/** A deep copy of a JSON-like value with every secret form replaced by "[redacted]" in strings and keys. */
export function scrubSecrets<T>(value: T, secrets: readonly string[]): T {
  const scrubText = secretScrubber(secrets);
  if (!scrubText) return value;
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return scrubText(item);
    if (Array.isArray(item)) return item.map(walk);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [scrubText(key), walk(inner)]));
    }
    return item;
  };
  return walk(value) as T;
}
