/**
 * Instructions aimed at the model rather than describing the tool: to ignore or override its instructions, to hide
 * something from the person, to read files or secrets, to send data somewhere, to call another tool first. Phrase
 * patterns over prose (descriptions, titles, defaults, instructions), each match's span the evidence.
 *
 * Written from the published attacks (references.ts) and checked against real servers (server-everything,
 * filesystem, memory, sequential-thinking, the MCP Apps examples, Loupe's demo), on which none may fire: a pattern
 * here must name what a tool's honest description has no reason to say.
 */
import type { Severity } from '../../shared/lint.js';
import type { SecurityCode, SecurityReference } from '../../shared/security.js';
import { references } from './references.js';
import type { FindingSink } from './findingSink.js';
import type { SurfaceText } from './surface.js';

interface Pattern {
  code: SecurityCode;
  severity: Severity;
  pattern: RegExp;
  what: string;
  why: string;
  reference: SecurityReference;
  /** Whether a match is what the rule means (a look-alike is not): the text and the match. */
  holds?: (text: string, match: RegExpExecArray) => boolean;
}

/** Within one sentence: no full stop followed by a space, no line break. */
const near = (count: number): string => `(?:(?![.!?]\\s|\\n)[^]){0,${count}}?`;
const pattern = (source: string): RegExp => new RegExp(source, 'giu');

const overrideWhy =
  "A description is put in the model's context as if it were trusted; text that tells the model to drop its instructions or dresses itself as a system message is an attack on the model, not documentation of the tool.";
const concealWhy =
  'Asking the model to keep something from the person is the mark of a poisoned tool: an honest tool has nothing to hide from the one who uses it.';
const fileWhy =
  'A tool description has no reason to send the model to SSH keys, .env files, client configs or credentials: this is how poisoned tools steal secrets, passing them in a harmless-looking argument.';
const sendWhy =
  "Telling the model to send, forward or copy data to an address, a URL or a number (or to change a message's recipient) is how a poisoned tool exfiltrates what the model can read.";
const orderWhy =
  'A tool that tells the model what to do before other calls jumps the line: it acts through the model the moment it is listed, before the person approves any call.';

/**
 * A tag dressed as a system message: shouted (<IMPORTANT>), opening or closing a block (<system> … </system>), or
 * anywhere else but in a placeholder's place: a lower-case tag with no partner right after a command-line flag, an
 * equals sign or a colon, or inside backticks (`--secret <secret>`, `KEY=<secret>`), is a value to fill in.
 */
function dressedTag(text: string, match: RegExpExecArray): boolean {
  const name = /[a-z]+/i.exec(match[0])?.[0] ?? '';
  if (name !== name.toLowerCase()) return true;
  const closing = match[0].includes('/');
  const partner = new RegExp(`<\\s*${closing ? '' : '/'}\\s*${name}\\s*>`, 'i');
  if (partner.test(closing ? text.slice(0, match.index) : text.slice(match.index + match[0].length)))
    return true;
  const line = text.slice(text.lastIndexOf('\n', match.index) + 1, match.index);
  const inCode = (line.match(/`/g) ?? []).length % 2 === 1;
  return !inCode && !/(?:(?:^|\s)--?[\w-]+[ =]|[=:] ?)$/.test(line);
}

/** A public key (id_ed25519.pub) is meant to be shared: naming it points at no secret. */
const notPublicKey = (text: string, match: RegExpExecArray): boolean =>
  !/\.pub(?![\w-])/i.test(match[0]) && !/^\.pub(?![\w-])/i.test(text.slice(match.index + match[0].length));

/**
 * A path named as what a tool refuses ("hidden config directories (e.g. "/etc", "~/.ssh") are rejected") points the
 * model away from it: the same sentence says, after it, that such paths are rejected, refused, blocked or not allowed.
 */
function refused(text: string, match: RegExpExecArray): boolean {
  const after = text.slice(match.index + match[0].length);
  return /^(?:(?![.!?]\s|\n)[^]){0,80}?\b(?:are|is|will\s+be|get|gets)\s+(?:always\s+)?(?:rejected|refused|blocked|denied|not\s+allowed|disallowed|forbidden|prohibited|excluded)\b/i.test(
    after,
  );
}

/**
 * A `.env` named where the text is about a platform's environment variables (a tool that sets or imports them, in
 * .env format) is that tool's subject; a `.env` named anywhere else points at a file of secrets.
 */
function secretFile(text: string, match: RegExpExecArray): boolean {
  if (!notPublicKey(text, match) || refused(text, match)) return false;
  if (!/^[\s'"`(/]?\.env/i.test(match[0])) return true;
  if (!/\benv(?:ironment)?[ _-]?var(?:iable)?s?\b/i.test(text)) return true;
  // About environment variables, but still an instruction to take the file: read it, pass it on, send it.
  const sentence =
    text
      .slice(0, match.index)
      .split(/[.!?]\s|\n/)
      .pop() ?? '';
  return /\b(?:read|cat|open|pass|send|include|upload|copy|attach|extract|collect|dump|forward)\b/i.test(
    sentence,
  );
}

/**
 * An address given as an example of a value (e.g. name@example.com, for example https://…) is not a destination.
 */
function notExample(text: string, match: RegExpExecArray): boolean {
  const address = /(?:https?:\/\/|[\w.+-]+@|\+\d)[^]*$/.exec(match[0]);
  const before = text.slice(
    Math.max(0, match.index + match[0].length - (address?.[0].length ?? 0) - 24),
    match.index + match[0].length - (address?.[0].length ?? 0),
  );
  return !/(?:\be\.?g\.?|\bi\.e\.|\bfor\s+(?:example|instance)|\bexample|\bsuch\s+as|\blike)[\s:,("'`]*$/i.test(
    before,
  );
}

export const instructionPatterns: Pattern[] = [
  {
    code: 'model-override',
    severity: 'error',
    pattern: pattern(
      `\\b(?:ignore|disregard|forget|override|bypass)\\s+(?:all\\s+|any\\s+)?(?:of\\s+)?(?:the\\s+|your\\s+)?(?:previous|prior|above|earlier|preceding|original|other|system|existing)\\s+(?:instructions?|directions|prompts?|rules|guidelines|guardrails)`,
    ),
    what: 'tells the model to ignore its instructions',
    why: overrideWhy,
    reference: references.toolPoisoning,
  },
  {
    code: 'model-override',
    severity: 'error',
    pattern: pattern(`<\\s*/?\\s*(?:important|system|sys|instructions?|admin|secret|hidden)\\s*>`),
    holds: dressedTag,
    what: 'a tag dressed as a system message',
    why: overrideWhy,
    reference: references.toolPoisoning,
  },
  {
    code: 'model-override',
    severity: 'error',
    pattern: pattern(
      `\\b(?:new|updated|real)\\s+system\\s+(?:prompt|instructions?)\\b|\\byou\\s+are\\s+now\\s+(?:in\\s+)?(?:developer|admin|god|unrestricted)\\s+mode\\b`,
    ),
    what: 'claims to replace the system prompt',
    why: overrideWhy,
    reference: references.lineJumping,
  },
  {
    code: 'conceal-from-user',
    severity: 'error',
    pattern: pattern(
      `\\b(?:do\\s+not|don['’]t|never|must\\s+not|should\\s+not|without)\\s+(?:ever\\s+)?(?:tell|telling|mention|mentioning|inform|informing|notify|notifying|alert|alerting|reveal|revealing|show|showing|disclose|disclosing|explain|explaining)\\s+(?:this\\s+|it\\s+|that\\s+|anything\\s+)?(?:to\\s+)?(?:the\\s+)?(?:user|human|person)`,
    ),
    what: 'asks the model to keep something from the person',
    why: concealWhy,
    reference: references.toolPoisoning,
  },
  {
    code: 'conceal-from-user',
    severity: 'error',
    pattern: pattern(
      `\\b(?:do\\s+not|don['’]t|never)\\s+(?:ever\\s+)?(?:tell|mention|inform|reveal|disclose|explain)\\b${near(100)}\\b(?:the\\s+)?user\\b`,
    ),
    what: 'asks the model to keep something from the person',
    why: concealWhy,
    reference: references.toolPoisoning,
  },
  {
    code: 'conceal-from-user',
    severity: 'error',
    pattern: pattern(
      `\\b(?:hide|conceal|keep)\\s+(?:this|it|that|these\\s+\\w+)\\s+(?:secret\\s+)?from\\s+(?:the\\s+)?(?:user|human|person)|\\b(?:user|human)\\s+(?:must|should)\\s+not\\s+(?:know|see|notice|be\\s+told)|\\bwithout\\s+the\\s+user['’]?s?\\s+(?:knowing|knowledge|noticing|consent)|\\b(?:silently|secretly|covertly)\\s+(?:send|forward|copy|include|add|read|call|upload)`,
    ),
    what: "asks the model to act behind the person's back",
    why: concealWhy,
    reference: references.whatsApp,
  },
  {
    code: 'sensitive-file-request',
    severity: 'error',
    pattern: pattern(
      `(?:~|\\$HOME|%USERPROFILE%)?[/\\\\]?\\.ssh\\b(?:[/\\\\][\\w.-]+)?|\\bid_(?:rsa|dsa|ecdsa|ed25519)\\b|\\.aws[/\\\\]credentials\\b|\\.cursor[/\\\\]mcp\\.json\\b|\\bclaude_desktop_config\\.json\\b|(?:^|[\\s'"\`(/])\\.env(?:\\.[\\w-]+)?\\b(?!\\s+variables?)|\\.npmrc\\b|\\.netrc\\b|\\.git-credentials\\b|\\.kube[/\\\\]config\\b|/etc/(?:passwd|shadow)\\b|\\.bash_history\\b|\\bwallet\\.dat\\b`,
    ),
    holds: secretFile,
    what: 'points the model at a file of secrets',
    why: fileWhy,
    reference: references.toolPoisoning,
  },
  {
    code: 'sensitive-file-request',
    severity: 'error',
    pattern: pattern(
      `\\b(?:read|cat|open|collect|extract|upload|copy|dump|exfiltrate|harvest)\\b${near(80)}\\b(?:(?:your|the\\s+user['’]?s?|all)\\s+)(?:api[ _-]?keys?|secrets?|passwords?|access\\s+tokens?|credentials|private\\s+keys?|ssh\\s+keys?|session\\s+(?:tokens?|cookies)|cookies)\\b`,
    ),
    what: 'asks the model for secrets',
    why: fileWhy,
    reference: references.toolPoisoning,
  },
  {
    code: 'exfiltration-instruction',
    severity: 'error',
    pattern: pattern(
      // The verb is a word of the prose (not of a URL's path: …/send-machine-…), the address its destination ("to …",
      // "into …", or its direct object: "bcc x@y").
      `(?<![\\w/.-])(?:send|post|forward|upload|transmit|exfiltrate|report|copy|bcc|cc|mail|email|relay|leak)(?![\\w/-])(?:${near(100)}\\b(?:to|into|at|via|towards?)\\b[:\\s]*(?:(?:the|this|that|a|an|our|my|your|following)\\s+){0,2}(?:(?:webhook|callback|collector|server|endpoint|url|address|number|phone|e-?mail|inbox|recipient)\\s*){0,2})?[:\\s]*[[(<\`'"]*(?:https?://[^\\s"'<>)]+|\\b[\\w.+-]+@[\\w-]+(?:\\.[\\w-]+)+\\b|\\+\\d[\\d\\s-]{7,}\\d)`,
    ),
    holds: notExample,
    what: 'tells the model to send data to an address',
    why: sendWhy,
    reference: references.whatsApp,
  },
  {
    code: 'exfiltration-instruction',
    severity: 'error',
    pattern: pattern(
      `\\b(?:change|set|replace|redirect|switch|override)\\s+(?:the\\s+)?(?:recipient|destination|receiver|to\\s+address|phone\\s+number|email\\s+address)s?\\s+(?:to|with)\\b|\\b(?:include|add|attach|append)\\s+(?:the\\s+)?(?:(?:full|entire|whole|complete)\\s+)?(?:(?:chat|message|conversation)\\s+history|list\\s+of\\s+(?:messages|chats|contacts))`,
    ),
    what: 'tells the model to redirect or pad what it sends',
    why: sendWhy,
    reference: references.whatsApp,
  },
  {
    code: 'tool-order-instruction',
    severity: 'warning',
    pattern: pattern(
      `\\b(?:before|prior\\s+to)\\s+(?:using|calling|invoking|running|executing|responding|answering|any\\s+other)\\b${near(80)}\\b(?:you\\s+must|must|always|first)\\b${near(40)}\\b(?:call|use|invoke|run|read|execute)\\b|\\b(?:always|must|you\\s+must)\\s+(?:first\\s+)?(?:call|use|invoke|run)\\s+(?:the\\s+)?[\`'"]?[\\w.-]+[\`'"]?\\s+(?:tool\\s+)?(?:first|before)\\b`,
    ),
    what: 'tells the model what to call first',
    why: orderWhy,
    reference: references.lineJumping,
  },
];

export function instructionFindings(texts: readonly SurfaceText[], sink: FindingSink): void {
  for (const text of texts) {
    if (text.role !== 'prose') continue;
    const claimed: Array<[number, number]> = [];
    for (const rule of instructionPatterns) {
      for (const match of text.text.matchAll(rule.pattern)) {
        if (rule.holds && !rule.holds(text.text, match)) continue;
        const start = match.index + (match[0].length - match[0].trimStart().length);
        const end = match.index + match[0].length;
        if (claimed.some(([from, to]) => start < to && end > from)) continue;
        claimed.push([start, end]);
        sink.onText(text, start, end, {
          code: rule.code,
          severity: rule.severity,
          what: rule.what,
          why: rule.why,
          reference: rule.reference,
        });
      }
    }
  }
}
