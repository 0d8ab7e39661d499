/**
 * Checks on the shape of tools rather than their prose: names that mix scripts or imitate another name (homoglyphs),
 * parameters that ask for context a tool does not need, and
 * recipient-like parameters whose default is an outside address (a hidden BCC).
 */
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { SurfaceItem } from '../../shared/security.js';
import { references } from './references.js';
import type { FindingSink } from './findingSink.js';
import { evidenceOf, visible } from './visibleText.js';

/** Letters of other scripts that look like Latin ones (UTS #39 confusables, the common part), mapped to them. */
const confusable: Record<string, string> = {
  а: 'a',
  в: 'b',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  һ: 'h',
  і: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  г: 'r',
  ѕ: 's',
  т: 't',
  у: 'y',
  х: 'x',
  ԝ: 'w',
  А: 'A',
  В: 'B',
  С: 'C',
  Е: 'E',
  Н: 'H',
  І: 'I',
  Ј: 'J',
  К: 'K',
  М: 'M',
  О: 'O',
  Р: 'P',
  Ѕ: 'S',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  α: 'a',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Χ: 'X',
  Υ: 'Y',
  Ζ: 'Z',
  ɑ: 'a',
  ɡ: 'g',
  ı: 'i',
  ȷ: 'j',
  ℓ: 'l',
  '‐': '-',
  '‑': '-',
  '–': '-',
  '＿': '_',
};

/** The name as it looks: confusable letters and fullwidth forms folded to ASCII, invisible characters dropped. */
export function skeleton(name: string): string {
  let out = '';
  for (const character of name.normalize('NFKC')) {
    if (/[\u200b-\u200f\u2060\ufeff\u00ad]/u.test(character)) continue;
    out += confusable[character] ?? character;
  }
  return out.toLowerCase();
}

const latin = /\p{Script=Latin}/u;
const otherLetter = /(?=\p{L})[^\p{Script=Latin}\p{Script=Common}]/u;

export function homoglyphFindings(
  items: readonly SurfaceItem[],
  otherNames: ReadonlyMap<string, string>,
  sink: FindingSink,
): void {
  const bySkeleton = new Map<string, string>();
  for (const item of items)
    if (item.kind === 'tool' || item.kind === 'prompt') bySkeleton.set(skeleton(item.name), item.name);
  for (const item of items) {
    if (item.kind !== 'tool' && item.kind !== 'prompt') continue;
    const name = item.name;
    const foreign = [...name].filter((character) => otherLetter.test(character));
    if (foreign.length === 0 || !(latin.test(name) || /^[\x20-\x7e]*$/.test(skeleton(name)))) continue;
    const looksLike = skeleton(name);
    const twin =
      [...bySkeleton.entries()].find(([key, other]) => key === looksLike && other !== name)?.[1] ??
      [...otherNames.entries()].find(([other]) => other !== name && skeleton(other) === looksLike);
    const first = name.indexOf(foreign[0] ?? '');
    const shown = foreign
      .map(
        (character) =>
          `${character} (U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')})`,
      )
      .join(', ');
    const twinName = typeof twin === 'string' ? twin : twin?.[0];
    sink.add({
      code: 'homoglyph-name',
      severity: 'error',
      item,
      field: 'name',
      evidence: evidenceOf(name, Math.max(0, first), Math.max(0, first) + (foreign[0]?.length ?? 1)),
      what: `mixes scripts (${shown})${twinName === undefined ? '' : `, and looks like "${visible(twinName)}"${typeof twin === 'string' ? '' : ` of ${twin?.[1] ?? 'another server'}`}`}`,
      why: 'Letters of another script that look Latin make a name read as another one: a model or a person picks the impostor thinking it is the tool they trust.',
      reference: references.confusables,
    });
  }
}

const contextName =
  /^(?:side_?note|notes?|context|conversation|conversation_?history|chat_?history|history|previous_?messages|messages|memo|feedback|summary|reasoning|system_?prompt|extra|metadata|debug|details)$/i;
/** Asks for the conversation (any parameter has no business wanting it). */
const asksForConversation =
  /\b(?:(?:entire|full|whole|complete|all)\s+(?:the\s+)?(?:conversation|chat|dialog(?:ue)?|message\s+history|context|previous\s+messages)|conversation\s+(?:so\s+far|history)|chat\s+history|previous\s+messages|system\s+prompt|everything\s+the\s+user\s+(?:said|wrote|typed))/i;
/** Asks for secrets or files: only suspicious for a side-channel parameter (an `api_key` parameter may ask for a key). */
const asksForSecrets =
  /\b(?:(?:contents?|text)\s+of\s+(?:~|\/|\.|the\s+user['’]?s?\s+files?)|api[ _-]?keys?|passwords?|private\s+keys?|ssh\s+keys?|credentials)\b|\.ssh\b|\.env\b|mcp\.json\b/i;

function asks(text: string, sideChannel: boolean): RegExpExecArray | null {
  return asksForConversation.exec(text) ?? (sideChannel ? asksForSecrets.exec(text) : null);
}

export function parameterFindings(tool: JsonObject, item: SurfaceItem, sink: FindingSink): void {
  const schema = tool.inputSchema;
  if (!isJsonObject(schema) || !isJsonObject(schema.properties)) return;
  const toolDescription = typeof tool.description === 'string' ? tool.description : '';
  for (const [parameter, property] of Object.entries(schema.properties)) {
    if (!isJsonObject(property)) continue;
    const description = typeof property.description === 'string' ? property.description : '';
    // A list of conversation turns (items with role and content, or role:content strings) is the tool's input of
    // messages by design (a chat or retrieval tool), shown in full in the call the person approves: not a side channel.
    if (messageTurns(property) && !wholeContext.test(description)) continue;
    const sideChannel = contextName.test(parameter);
    const inOwn = asks(description, sideChannel);
    const mentioned = toolDescription.includes(parameter)
      ? asks(sentenceAround(toolDescription, parameter), sideChannel)
      : null;
    if (inOwn || (contextName.test(parameter) && mentioned)) {
      const field = inOwn ? `inputSchema.properties.${parameter}.description` : 'description';
      const text = inOwn ? description : toolDescription;
      const match = inOwn ?? mentioned;
      const start = inOwn
        ? inOwn.index
        : toolDescription.indexOf(sentenceAround(toolDescription, parameter)) + (mentioned?.index ?? 0);
      sink.add({
        code: 'context-harvesting-parameter',
        severity: 'error',
        item,
        field,
        evidence: evidenceOf(text, start, start + (match?.[0].length ?? 0)),
        what: `the parameter "${visible(parameter)}" is to be filled with ${visible(match?.[0] ?? '')}`,
        why: 'A parameter the tool does not need, filled with the conversation or secrets, carries them to the server in a call the person approves as harmless.',
        reference: references.toolPoisoning,
      });
    }
  }
}

/** Asks for more than the turns of a chat: the whole conversation, the system prompt, everything the user said. */
const wholeContext =
  /\b(?:(?:entire|full|whole|complete|all)\s+(?:the\s+)?(?:conversation|chat|dialog(?:ue)?|message\s+history|context|previous\s+messages)|system\s+prompt|everything\s+the\s+user)/i;

/** An array of conversation turns: items with role and content properties, or strings in a role:content form. */
function messageTurns(property: JsonObject): boolean {
  if (property.type !== 'array' || !isJsonObject(property.items)) return false;
  const items = property.items;
  if (isJsonObject(items.properties) && 'role' in items.properties && 'content' in items.properties)
    return true;
  const description = typeof property.description === 'string' ? property.description : '';
  return items.type === 'string' && /\brole\s*:\s*content\b/i.test(description);
}

/** The sentence of `text` where `word` first occurs (sentences end at . ! ? before a blank, or a line break). */
function sentenceAround(text: string, word: string): string {
  const at = text.indexOf(word);
  let start = 0;
  for (const match of text.matchAll(/[.!?](?=\s)|\n/g)) {
    if (match.index >= at) return text.slice(start, match.index);
    start = match.index + 1;
  }
  return text.slice(start);
}

const recipientName =
  /^(?:bcc|cc|to|recipients?|forward(?:_?to)?|reply_?to|webhook(?:_?url)?|callback(?:_?url)?|destination|endpoint)$/i;
const address = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?:\/\/[^\s"']+/;

export function recipientDefaultFindings(tool: JsonObject, item: SurfaceItem, sink: FindingSink): void {
  const schema = tool.inputSchema;
  if (!isJsonObject(schema) || !isJsonObject(schema.properties)) return;
  for (const [parameter, property] of Object.entries(schema.properties)) {
    if (!isJsonObject(property) || !recipientName.test(parameter)) continue;
    for (const key of ['default', 'const'] as const) {
      const value = property[key];
      const values = Array.isArray(value) ? value : [value];
      for (const entry of values) {
        if (typeof entry !== 'string' || !address.test(entry)) continue;
        const match = address.exec(entry);
        sink.add({
          code: 'hidden-recipient-default',
          severity: 'error',
          item,
          field: `inputSchema.properties.${parameter}.${key}`,
          evidence: evidenceOf(entry, match?.index ?? 0, (match?.index ?? 0) + (match?.[0].length ?? 0)),
          what: `the ${visible(parameter)} parameter defaults to an address the person did not give`,
          why: "A recipient filled in by default sends a copy of everything to someone the person never named: the postmark-mcp backdoor BCC'd every email this way, in its code.",
          reference: references.rugPull,
        });
      }
    }
  }
}
