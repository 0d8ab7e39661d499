/**
 * The traffic filter syntax: `method:tools/call dir:in kind:error rtt:>500 id:12 free text`, with quoted
 * values (`"two words"`, `method:"a b"`). Pure: parses a query into terms (each becomes a removable chip)
 * and problems (each token that is not a valid term, with why), and matches frames against terms.
 */
import type { Direction, FrameKind, PushedFrame } from '../../shared/frames';

export type Comparison = '>' | '<' | '>=' | '<=' | '=';

export type TrafficTerm =
  | { field: 'method'; value: string }
  | { field: 'dir'; value: Direction }
  | { field: 'kind'; value: FrameKind }
  | { field: 'rtt'; comparison: Comparison; ms: number }
  | { field: 'id'; value: string }
  | { field: 'text'; value: string };

export interface QueryProblem {
  token: string;
  reason: string;
}

export interface ParsedQuery {
  terms: TrafficTerm[];
  problems: QueryProblem[];
}

const kindNames: Record<string, FrameKind> = {
  request: 'request',
  response: 'response',
  error: 'error',
  notification: 'notification',
  notify: 'notification',
  invalid: 'invalid',
  stderr: 'stderr',
  http: 'http',
};
const directionNames: Record<string, Direction> = { in: 'in', out: 'out', received: 'in', sent: 'out' };
const keys = ['method', 'dir', 'kind', 'rtt', 'id'];

interface Token {
  /** As typed, quotes included (for messages). */
  source: string;
  key: string | undefined;
  value: string;
  /** The value was quoted: taken literally. */
  quoted: boolean;
}

/** Splits on whitespace outside double quotes; `key:"a b"` and `"a b"` are one token each. */
function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < input.length) {
    while (at < input.length && /\s/.test(input[at])) at += 1;
    if (at >= input.length) break;
    const start = at;
    let key: string | undefined;
    const keyMatch = /^([A-Za-z]+):/.exec(input.slice(at));
    if (keyMatch) {
      key = keyMatch[1].toLowerCase();
      at += keyMatch[0].length;
    }
    let value = '';
    let quoted = false;
    if (input[at] === '"') {
      quoted = true;
      const close = input.indexOf('"', at + 1);
      const end = close < 0 ? input.length : close;
      value = input.slice(at + 1, end);
      at = close < 0 ? input.length : close + 1;
    } else {
      while (at < input.length && !/\s/.test(input[at])) at += 1;
      value = input.slice(start + (key === undefined ? 0 : key.length + 1), at);
    }
    tokens.push({ source: input.slice(start, at), key, value, quoted });
  }
  return tokens;
}

function parseToken(token: Token): TrafficTerm | QueryProblem {
  const { key, value, source } = token;
  if (key === undefined) return { field: 'text', value };
  if (!keys.includes(key)) {
    if (token.quoted)
      return { token: source, reason: `unknown filter "${key}:" (known: ${keys.join(', ')})` };
    return {
      token: source,
      reason: `unknown filter "${key}:" (known: ${keys.join(', ')}); to search for the text, quote it: "${source}"`,
    };
  }
  if (value === '') return { token: source, reason: `${key}: needs a value` };
  switch (key) {
    case 'method':
      return { field: 'method', value };
    case 'id':
      return { field: 'id', value };
    case 'dir': {
      const direction = directionNames[value.toLowerCase()];
      return direction
        ? { field: 'dir', value: direction }
        : { token: source, reason: 'dir: takes in or out' };
    }
    case 'kind': {
      const kind = kindNames[value.toLowerCase()];
      return kind
        ? { field: 'kind', value: kind }
        : {
            token: source,
            reason: 'kind: takes request, response, error, notification, invalid, stderr or http',
          };
    }
    default: {
      const match = /^(>=|<=|>|<|=)?(\d+(?:\.\d+)?)(ms)?$/.exec(value);
      if (!match)
        return {
          token: source,
          reason: 'rtt: takes milliseconds with an optional comparison, e.g. rtt:>500 or rtt:<10',
        };
      return { field: 'rtt', comparison: (match[1] ?? '=') as Comparison, ms: Number(match[2]) };
    }
  }
}

export function parseTrafficQuery(input: string): ParsedQuery {
  const terms: TrafficTerm[] = [];
  const problems: QueryProblem[] = [];
  for (const token of tokenize(input)) {
    const parsed = parseToken(token);
    if ('field' in parsed) {
      if (parsed.field !== 'text' || parsed.value !== '') terms.push(parsed);
    } else problems.push(parsed);
  }
  return { terms, problems };
}

/** The chip's text: the term written back in the syntax (quoted where it has spaces). */
export function termLabel(term: TrafficTerm): string {
  const quote = (value: string) => (/[\s"]/.test(value) || value.includes(':') ? `"${value}"` : value);
  switch (term.field) {
    case 'rtt':
      return `rtt:${term.comparison === '=' ? '' : term.comparison}${term.ms}`;
    case 'text':
      return quote(term.value);
    default:
      return `${term.field}:${quote(term.value)}`;
  }
}

function compare(actual: number, comparison: Comparison, expected: number): boolean {
  switch (comparison) {
    case '>':
      return actual > expected;
    case '<':
      return actual < expected;
    case '>=':
      return actual >= expected;
    case '<=':
      return actual <= expected;
    default:
      return actual === expected;
  }
}

/**
 * Does a frame pass one term? `method` is the frame's own method or its request's (for a response);
 * method, id and text match case-insensitively as substrings, except id, which must be equal.
 */
export function matchesTerm(frame: PushedFrame, method: string | undefined, term: TrafficTerm): boolean {
  switch (term.field) {
    case 'method':
      return (method ?? '').toLowerCase().includes(term.value.toLowerCase());
    case 'dir':
      return frame.direction === term.value;
    case 'kind':
      return frame.kind === term.value;
    case 'rtt':
      return frame.rttMs !== undefined && compare(frame.rttMs, term.comparison, term.ms);
    case 'id':
      return frame.id !== undefined && String(frame.id) === term.value;
    default:
      // A list page that crossed without its text matches once it is read (TrafficView reads them for a search).
      return frame.raw !== undefined && frame.raw.toLowerCase().includes(term.value.toLowerCase());
  }
}
