/**
 * Invisible or deceptive text in anything a server shows: tag characters (the ASCII they smuggle decoded), zero-width
 * and other invisible format characters, bidirectional controls, terminal escapes and other controls, whitespace runs
 * that push text off-screen, and base64 or hex blobs in prose.
 */
import { references } from './references.js';
import type { FindingSink } from './findingSink.js';
import type { SurfaceText } from './surface.js';
import {
  decodeTags,
  isBidi,
  isControl,
  isTag,
  isZeroWidth,
  namedCharacters,
  visible,
} from './visibleText.js';

interface Run {
  start: number;
  end: number;
}

/** Maximal runs of code points matching `test` (UTF-16 offsets), allowing `glue` characters inside a run. */
function runs(text: string, test: (code: number) => boolean): Run[] {
  const found: Run[] = [];
  let current: Run | undefined;
  let offset = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (test(code)) {
      if (current && current.end === offset) current.end = offset + character.length;
      else found.push((current = { start: offset, end: offset + character.length }));
    }
    offset += character.length;
  }
  return found;
}

const pictographic = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F/u;
const nonLatinLetter = /(?=[\p{L}\p{M}])[^\p{Script=Latin}\p{ASCII}]/u;

/**
 * Zero-width characters that are not hiding anything: a joiner inside an emoji sequence (👩‍💻) or between letters of
 * a script that uses them (Persian, Indic), a tag sequence of a flag emoji (🏴 + tags + CANCEL TAG), a variation
 * selector after an emoji.
 */
function legitimateJoiner(text: string, run: Run): boolean {
  const inside = text.slice(run.start, run.end);
  if (inside !== '\u200d' && inside !== '\u200c') return false;
  const before = [...text.slice(Math.max(0, run.start - 2), run.start)].pop() ?? '';
  const after = [...text.slice(run.end, run.end + 2)][0] ?? '';
  if (pictographic.test(before) && pictographic.test(after)) return true;
  return nonLatinLetter.test(before) && nonLatinLetter.test(after);
}

function flagTagSequence(text: string, run: Run): boolean {
  const before = text.slice(Math.max(0, run.start - 2), run.start);
  return before === '\u{1F3F4}' && text.codePointAt(run.end - 2) === 0xe007f && run.end - run.start <= 14;
}

function invisibleCharacters(text: SurfaceText, sink: FindingSink): void {
  for (const run of runs(text.text, isTag)) {
    if (flagTagSequence(text.text, run)) continue;
    const span = text.text.slice(run.start, run.end);
    const decoded = decodeTags(span);
    sink.onText(text, run.start, run.end, {
      code: 'hidden-tag-characters',
      severity: 'error',
      what: `${[...span].length} invisible tag characters spelling "${visible(decoded)}"`,
      why: 'Tag characters do not show on screen, yet a model reads them as text: an instruction written in them reaches the model while the person sees nothing.',
      reference: references.tagCharacters,
      evidence: { characters: namedCharacters(span, isTag), decoded: visible(decoded) },
    });
  }
  for (const run of runs(text.text, isZeroWidth)) {
    if (legitimateJoiner(text.text, run)) continue;
    const span = text.text.slice(run.start, run.end);
    const characters = namedCharacters(span, isZeroWidth);
    sink.onText(text, run.start, run.end, {
      code: 'zero-width-characters',
      severity: text.role === 'name' || text.role === 'key' ? 'error' : 'warning',
      what: `invisible ${characters.map((entry) => entry.name).join(', ')}`,
      why: 'Invisible characters make what the model reads differ from what the person sees: they split words past keyword checks, make two names look the same, or carry a hidden message.',
      reference: references.invisibleCharacters,
      evidence: { characters },
    });
  }
  for (const run of runs(text.text, isBidi)) {
    const span = text.text.slice(run.start, run.end);
    const characters = namedCharacters(span, isBidi);
    const reordering = characters.some((entry) => !['U+200E', 'U+200F', 'U+061C'].includes(entry.codePoint));
    sink.onText(text, run.start, run.end, {
      code: 'bidi-control',
      severity: reordering || text.role === 'name' ? 'error' : 'warning',
      what: `bidirectional control ${characters.map((entry) => entry.name).join(', ')}`,
      why: 'Bidirectional controls reorder how text is displayed, so the person reads a different text than the one the model is given.',
      reference: references.trojanSource,
      evidence: { characters },
    });
  }
}

/** An ESC sequence (CSI … final byte, OSC … BEL/ST) or a single control character, from `start`. */
function escapeEnd(text: string, start: number): number {
  if (text[start] !== '\x1b') return start + 1;
  const next = text[start + 1];
  if (next === '[') {
    const match = /^\[[0-?]*[ -/]*[@-~]/.exec(text.slice(start + 1, start + 64));
    return start + 1 + (match?.[0].length ?? 1);
  }
  if (next === ']' || next === 'P' || next === '_' || next === '^' || next === 'X') {
    const rest = text.slice(start + 2, start + 2048);
    const bell = rest.indexOf('\x07');
    const terminator = rest.indexOf('\x1b\\');
    const ends = [bell === -1 ? Infinity : bell + 1, terminator === -1 ? Infinity : terminator + 2];
    const end = Math.min(...ends);
    return start + 2 + (end === Infinity ? rest.length : end);
  }
  return start + 2;
}

function terminalEscapes(text: SurfaceText, sink: FindingSink): void {
  const value = text.text;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (!isControl(code)) continue;
    if (code === 0x0d && value[index + 1] === '\n') continue;
    const end = escapeEnd(value, index);
    const span = value.slice(index, end);
    sink.onText(text, index, end, {
      code: 'terminal-escape',
      severity: 'error',
      what:
        code === 0x1b
          ? 'a terminal escape sequence'
          : `the control character ${namedCharacters(span, isControl)[0]?.name ?? ''}`,
      why: 'A terminal obeys escape sequences instead of showing them: they can hide text, rewrite what is on screen, set the clipboard or the title, so the person reviewing a tool sees something else than the model reads.',
      reference: references.terminalEscapes,
      evidence: { characters: namedCharacters(span, isControl) },
    });
    index = end - 1;
  }
}

const whitespaceRun = /[ \t\u00a0\u2000-\u200a\u3000]{40,}|(?:[ \t]*\r?\n){12,}/g;

function padding(text: SurfaceText, sink: FindingSink): void {
  for (const match of text.text.matchAll(whitespaceRun)) {
    const start = match.index;
    const end = start + match[0].length;
    const lines = match[0].split('\n').length - 1;
    const rest = text.text.slice(end).trim();
    if (rest === '') continue; // trailing whitespace hides nothing
    sink.onText(text, start, end, {
      code: 'whitespace-padding',
      severity: 'warning',
      what:
        lines >= 12
          ? `${lines} blank lines before more text`
          : `${match[0].length} whitespace characters in a row before more text`,
      why: 'A long run of blanks pushes the rest of a description off-screen in clients that show one line or truncate, while the model still reads all of it.',
      reference: references.toolPoisoning,
      evidence: { span: `⟦${lines >= 12 ? `${lines} LINE FEEDS` : `${match[0].length} SPACES`}⟧` },
    });
  }
}

const base64Blob = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{48,}={0,2}(?![A-Za-z0-9+/=_-])/g;
const hexBlob = /(?<![0-9A-Za-z])(?:0x)?[0-9a-fA-F]{48,}(?![0-9A-Za-z])/g;

/** Printable text a base64 blob decodes to, if it is mostly printable. */
function decodedBase64(blob: string): string | undefined {
  const bytes = Buffer.from(blob.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  const text = bytes.toString('utf8');
  const printable = [...text].filter((character) => /[\p{L}\p{N}\p{P}\p{Zs}\n]/u.test(character)).length;
  return text.length > 0 && printable / [...text].length > 0.9 ? text : undefined;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Segments made of words (resourceGroups, en-us, 223179808-Sending-and-receiving, a UUID): their letters come in runs
 * as long as words, where base64's random case and digits change every two characters or so.
 */
function wordLike(segments: readonly string[]): boolean {
  const pieces = segments
    .filter((segment) => !uuid.test(segment))
    .flatMap((segment) => segment.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+/g) ?? []);
  return pieces.length === 0 || pieces.join('').length / pieces.length >= 3.5;
}

/**
 * A path rather than a blob: part of a URL (the path of https://host/hc/en-us/articles/…), or slash-separated
 * segments of words (/subscriptions/<uuid>/resourceGroups/<name>/…). Such text reads as it stands.
 */
function pathLike(text: string, start: number, end: number): boolean {
  const run = text.slice(start, end);
  const tokenStart = text.slice(0, start).search(/\S*$/);
  if (/(?:[a-z][a-z0-9+.-]*:\/\/|\bwww\.)/i.test(text.slice(tokenStart, start)) && !/[+=]/.test(run))
    return true;
  const segments = run.split('/').filter((segment) => segment !== '');
  return segments.length >= 2 && wordLike(segments);
}

function blobs(text: SurfaceText, sink: FindingSink): void {
  const seen = new Set<number>();
  for (const match of text.text.matchAll(hexBlob)) {
    seen.add(match.index);
    sink.onText(text, match.index, match.index + match[0].length, {
      code: 'encoded-blob',
      severity: 'warning',
      what: `a hex blob of ${match[0].length} characters`,
      why: 'An encoded blob in prose is unreadable to the person but a model may decode and follow it: a way to slip instructions past review.',
      reference: references.toolPoisoning,
    });
  }
  for (const match of text.text.matchAll(base64Blob)) {
    const blob = match[0];
    if (seen.has(match.index) || !/[A-Z]/.test(blob) || !/[a-z]/.test(blob) || !/[0-9]/.test(blob)) continue;
    const decoded = decodedBase64(blob);
    // Identifiers (some_long_tool_name_v2), resource paths and URLs are not blobs unless they decode to text.
    if (decoded === undefined) {
      if (/^[A-Za-z]+$/.test(blob.replace(/[0-9_-]/g, '')) && /[_-]/.test(blob) && !/[+/=]/.test(blob))
        continue;
      if (pathLike(text.text, match.index, match.index + blob.length)) continue;
    }
    sink.onText(text, match.index, match.index + blob.length, {
      code: 'encoded-blob',
      severity: 'warning',
      what:
        decoded === undefined
          ? `a base64 blob of ${blob.length} characters`
          : `a base64 blob that decodes to "${visible(decoded).slice(0, 120)}"`,
      why: 'An encoded blob in prose is unreadable to the person but a model may decode and follow it: a way to slip instructions past review.',
      reference: references.toolPoisoning,
      ...(decoded === undefined ? {} : { evidence: { decoded: visible(decoded) } }),
    });
  }
}

export function hiddenTextFindings(texts: readonly SurfaceText[], sink: FindingSink): void {
  for (const text of texts) {
    invisibleCharacters(text, sink);
    terminalEscapes(text, sink);
    if (text.role === 'prose') {
      padding(text, sink);
      blobs(text, sink);
    }
  }
}
