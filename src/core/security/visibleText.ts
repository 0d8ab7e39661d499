/**
 * Makes invisible and control characters visible and names them, so evidence can be read on a screen and printed in
 * a terminal without being obeyed: `⟦U+200B ZERO WIDTH SPACE⟧`, `⟦ESC⟧`, tag characters as the ASCII they smuggle.
 */
import type { Evidence, NamedCharacter } from '../../shared/security.js';

const names: Record<number, string> = {
  0x00ad: 'SOFT HYPHEN',
  0x034f: 'COMBINING GRAPHEME JOINER',
  0x061c: 'ARABIC LETTER MARK',
  0x115f: 'HANGUL CHOSEONG FILLER',
  0x1160: 'HANGUL JUNGSEONG FILLER',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x3164: 'HANGUL FILLER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
  0xffa0: 'HALFWIDTH HANGUL FILLER',
  0x1b: 'ESCAPE',
  0x07: 'BELL',
  0x08: 'BACKSPACE',
  0x0d: 'CARRIAGE RETURN',
  0x7f: 'DELETE',
  0x9b: 'CONTROL SEQUENCE INTRODUCER',
  0x9d: 'OPERATING SYSTEM COMMAND',
};

const shortControl: Record<number, string> = {
  0x1b: 'ESC',
  0x07: 'BEL',
  0x08: 'BS',
  0x0d: 'CR',
  0x7f: 'DEL',
  0x9b: 'CSI',
  0x9d: 'OSC',
};

export const isTag = (code: number): boolean => code >= 0xe0000 && code <= 0xe007f;
export const isBidi = (code: number): boolean =>
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069) ||
  code === 0x200e ||
  code === 0x200f ||
  code === 0x061c;
export const isZeroWidth = (code: number): boolean =>
  [0x00ad, 0x034f, 0x115f, 0x1160, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0x3164, 0xfeff, 0xffa0].includes(
    code,
  ) ||
  (code >= 0x2061 && code <= 0x2064) ||
  (code >= 0xe0100 && code <= 0xe01ef);
/** C0 controls other than tab and line feed, DEL, and C1 controls. Carriage return counts: alone it overwrites a line. */
export const isControl = (code: number): boolean =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f || (code >= 0x80 && code <= 0x9f);

function hex(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The Unicode name of a character this module cares about (a generic one for the rest). */
export function characterName(code: number): string {
  if (isTag(code)) {
    if (code === 0xe0001) return 'LANGUAGE TAG';
    if (code === 0xe007f) return 'CANCEL TAG';
    const ascii = code - 0xe0000;
    if (ascii === 0x20) return 'TAG SPACE';
    if (ascii >= 0x21 && ascii <= 0x7e) {
      const letter = String.fromCharCode(ascii);
      if (/[A-Z]/.test(letter)) return `TAG LATIN CAPITAL LETTER ${letter}`;
      if (/[a-z]/.test(letter)) return `TAG LATIN SMALL LETTER ${letter.toUpperCase()}`;
      if (/[0-9]/.test(letter)) return `TAG DIGIT ${letter}`;
      return `TAG ${JSON.stringify(letter)}`;
    }
    return 'TAG';
  }
  if (code >= 0xe0100 && code <= 0xe01ef) return `VARIATION SELECTOR-${code - 0xe0100 + 17}`;
  const known = names[code];
  if (known) return known;
  if (code < 0x20) return `CONTROL ${hex(code)}`;
  if (code >= 0x80 && code <= 0x9f) return `C1 CONTROL ${hex(code)}`;
  return hex(code);
}

const needsShowing = (code: number): boolean =>
  isTag(code) || isBidi(code) || isZeroWidth(code) || isControl(code);

/** The text with every invisible or control character replaced by its name in ⟦ ⟧ (runs of one kind counted). */
export function visible(text: string): string {
  let out = '';
  const characters = [...text];
  for (let index = 0; index < characters.length;) {
    const character = characters[index] ?? '';
    const code = character.codePointAt(0) ?? 0;
    if (!needsShowing(code)) {
      out += character;
      index += 1;
      continue;
    }
    if (isTag(code)) {
      let hidden = '';
      while (index < characters.length && isTag(characters[index]?.codePointAt(0) ?? 0)) {
        const ascii = (characters[index]?.codePointAt(0) ?? 0) - 0xe0000;
        hidden += ascii >= 0x20 && ascii <= 0x7e ? String.fromCharCode(ascii) : '·';
        index += 1;
      }
      out += `⟦TAG TEXT "${hidden}"⟧`;
      continue;
    }
    let run = 1;
    while (characters[index + run] === character) run += 1;
    const label = shortControl[code] ?? `${hex(code)} ${characterName(code)}`;
    out += run > 1 ? `⟦${label} ×${run}⟧` : `⟦${label}⟧`;
    index += run;
  }
  return out;
}

/** The invisible and control characters of a text, named, each with how often it occurs. */
export function namedCharacters(
  text: string,
  keep: (code: number) => boolean = needsShowing,
): NamedCharacter[] {
  const counts = new Map<number, number>();
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (keep(code)) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return [...counts].map(([code, count]) => ({ codePoint: hex(code), name: characterName(code), count }));
}

/** The ASCII that tag characters spell. */
export function decodeTags(text: string): string {
  let out = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (isTag(code)) {
      const ascii = code - 0xe0000;
      if (ascii >= 0x20 && ascii <= 0x7e) out += String.fromCharCode(ascii);
    }
  }
  return out;
}

const contextLength = 48;
const spanLength = 240;

function clip(text: string, length: number, fromEnd: boolean): string {
  const characters = [...text];
  if (characters.length <= length) return text;
  return fromEnd ? `…${characters.slice(-length).join('')}` : `${characters.slice(0, length).join('')}…`;
}

/** Evidence for text[start, end): the span and a little context either side, all made visible. */
export function evidenceOf(
  text: string,
  start: number,
  end: number,
  extra: Pick<Evidence, 'characters' | 'decoded'> = {},
): Evidence {
  const span = visible(text.slice(start, end));
  return {
    start,
    end,
    before: clip(visible(text.slice(Math.max(0, start - contextLength * 2), start)), contextLength, true),
    span: clip(span, spanLength, false),
    after: clip(visible(text.slice(end, end + contextLength * 2)), contextLength, false),
    ...extra,
  };
}
