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

/** Each secret in the forms it commonly takes inside text, longest first. */
function searchForms(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < minimumScannedLength) continue;
    const escaped = JSON.stringify(secret).slice(1, -1);
    forms.add(secret);
    forms.add(escaped);
    forms.add(escaped.split('/').join('\\/'));
    forms.add(allUnicodeEscapes(secret, 'lower'));
    forms.add(allUnicodeEscapes(secret, 'upper'));
    forms.add(encodeURIComponent(secret));
  }
  return [...forms].sort((left, right) => right.length - left.length);
}

/** A function that returns text with every secret (in any of its forms) replaced by "[redacted]". */
export function secretScrubber(secrets: readonly string[]): ((text: string) => string) | undefined {
  const forms = searchForms(secrets);
  if (forms.length === 0) return undefined;
  const replaceForms = (text: string): string => {
    let out = text;
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(redacted);
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
