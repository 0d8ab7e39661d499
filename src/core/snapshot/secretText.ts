/**
 * Removing known secret values from free text, frame raw text above all. A server may echo a secret in any
 * JSON escaping (`\/` for `/`, `\u0041` for `A`, any mix, upper- or lower-case hex), so besides the literal
 * forms every JSON string literal in the text that holds a backslash is decoded, scrubbed (recursively: a
 * tool result often carries JSON inside a JSON string) and, when that changed it, written back re-encoded.
 */
import { redacted } from '../../shared/target.js';

/**
 * Values shorter than this are replaced in the target but not searched for in other text: names like
 * KEYBOARD or MONKEY look secret, and scrubbing their "us" or "yes" from every string would shred the file.
 * Real credentials are far longer.
 */
export const minimumScannedLength = 6;

/** A JSON string literal on one line; only those holding an escape can hide a secret from the literal forms. */
const stringLiteral = /"(?:[^"\\\n]|\\.)*"/g;

function allUnicodeEscapes(secret: string, hexCase: 'lower' | 'upper'): string {
  let out = '';
  for (let index = 0; index < secret.length; index++) {
    const hex = secret.charCodeAt(index).toString(16).padStart(4, '0');
    out += `\\u${hexCase === 'lower' ? hex : hex.toUpperCase()}`;
  }
  return out;
}

/** A value to scrub and what takes its place (a collection's report writes `${env:NAME}` where one was). */
export interface NamedSecret {
  value: string;
  replacement: string;
}

/** The forms a secret commonly takes inside text: literal, JSON-escaped (with `\/`), all `\u` escapes, URL-encoded. */
export function textForms(secret: string): string[] {
  const escaped = JSON.stringify(secret).slice(1, -1);
  return [
    secret,
    escaped,
    escaped.split('/').join('\\/'),
    allUnicodeEscapes(secret, 'lower'),
    allUnicodeEscapes(secret, 'upper'),
    encodeURIComponent(secret),
  ];
}

/** Each form of each secret with its replacement, longest first (a longer form is never cut by a shorter one). */
function searchForms(
  secrets: readonly NamedSecret[],
  minimumLength: number,
  extraForms: (secret: string) => readonly string[],
): [string, string][] {
  const forms = new Map<string, string>();
  for (const { value, replacement } of secrets) {
    if (value.length < minimumLength) continue;
    for (const form of [...textForms(value), ...extraForms(value)])
      if (form.length > 0 && !forms.has(form)) forms.set(form, replacement);
  }
  return [...forms].sort((left, right) => right[0].length - left[0].length);
}

/** A function that returns text with every secret (in any of its forms) replaced by "[redacted]". */
export function secretScrubber(secrets: readonly string[]): ((text: string) => string) | undefined {
  return namedSecretScrubber(
    secrets.map((value) => ({ value, replacement: redacted })),
    minimumScannedLength,
  );
}

/**
 * A function that returns text with every secret in any of its forms (textForms, the extra forms given, and inside
 * any JSON string literal however it is escaped, at any depth) replaced by its own replacement. Secrets shorter than
 * `minimumLength` are not searched for.
 */
export function namedSecretScrubber(
  secrets: readonly NamedSecret[],
  minimumLength: number,
  extraForms: (secret: string) => readonly string[] = () => [],
): ((text: string) => string) | undefined {
  const forms = searchForms(secrets, minimumLength, extraForms);
  if (forms.length === 0) return undefined;
  const replaceForms = (text: string): string => {
    let out = text;
    for (const [form, replacement] of forms) if (out.includes(form)) out = out.split(form).join(replacement);
    return out;
  };
  const scrub = (text: string): string => {
    const plain = replaceForms(text);
    if (!plain.includes('\\')) return plain;
    return plain.replace(stringLiteral, (literal) => {
      if (!literal.includes('\\')) return literal;
      let decoded: unknown;
      try {
        decoded = JSON.parse(literal);
      } catch {
        return literal;
      }
      if (typeof decoded !== 'string') return literal;
      // The decoded text is shorter than the literal, so the recursion ends.
      const clean = scrub(decoded);
      return clean === decoded ? literal : JSON.stringify(clean);
    });
  };
  return scrub;
}
