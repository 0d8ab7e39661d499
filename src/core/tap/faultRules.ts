/**
 * `--fault` rules of a tap: which messages (direction, method, tool name, nth match) get which fault.
 *
 *   --fault '<selectors>:<action>'      selectors comma-separated, any of:
 *     out | in                          host → server (out) or server → host (in); both when absent
 *     method=<name>                     a request or notification of that method, or (in) the answer to one
 *     tool=<name>                       a tools/call of that tool, or (in) the answer to one
 *     nth=<N>                           only the Nth message the other selectors match (1-based)
 *   actions: delay=<ms> | drop | error[=<code>] | truncate[=<bytes>] | corrupt | close | duplicate
 *            HTTP only: status=<code> | drop-stream[=<events>]
 *
 * `*` alone as selectors matches every message. A rule with no nth fires on every match.
 */
import { LoupeError } from '../../shared/errors.js';
import type { Direction } from '../../shared/frames.js';

export type FaultAction =
  | { kind: 'delay'; ms: number }
  | { kind: 'drop' }
  | { kind: 'error'; code: number }
  | { kind: 'truncate'; bytes?: number }
  | { kind: 'corrupt' }
  | { kind: 'close' }
  | { kind: 'duplicate' }
  | { kind: 'status'; status: number }
  | { kind: 'drop-stream'; events: number };

export interface FaultRule {
  /** 1-based, in the order given: named in every mark. */
  index: number;
  /** The rule as written. */
  text: string;
  direction?: Direction;
  method?: string;
  tool?: string;
  nth?: number;
  action: FaultAction;
}

/** What a rule is matched against: one message and, for an answer, the request it answers. */
export interface FaultSubject {
  direction: Direction;
  method?: string;
  tool?: string;
}

function invalid(text: string, why: string): LoupeError {
  return new LoupeError({
    kind: 'usage',
    message: `--fault "${text}": ${why}. Form: '[out|in][,method=M][,tool=T][,nth=N]:<action>', actions delay=<ms>, drop, error[=<code>], truncate[=<bytes>], corrupt, close, duplicate, status=<code>, drop-stream[=<events>].`,
  });
}

function wholeNumber(text: string, value: string | undefined, what: string, allowNegative = false): number {
  const pattern = allowNegative ? /^-?\d+$/ : /^\d+$/;
  if (value === undefined || !pattern.test(value) || !Number.isSafeInteger(Number(value))) {
    throw invalid(text, `${what} wants a whole number, got "${value ?? ''}"`);
  }
  return Number(value);
}

function parseAction(text: string, action: string): FaultAction {
  const equals = action.indexOf('=');
  const name = equals === -1 ? action : action.slice(0, equals);
  const value = equals === -1 ? undefined : action.slice(equals + 1);
  switch (name) {
    case 'delay':
      return { kind: 'delay', ms: wholeNumber(text, value, 'delay') };
    case 'drop':
    case 'corrupt':
    case 'close':
    case 'duplicate':
      if (value !== undefined) throw invalid(text, `${name} takes no value`);
      return { kind: name };
    case 'error':
      return { kind: 'error', code: value === undefined ? -32603 : wholeNumber(text, value, 'error', true) };
    case 'truncate':
      return value === undefined
        ? { kind: 'truncate' }
        : { kind: 'truncate', bytes: wholeNumber(text, value, 'truncate') };
    case 'status': {
      const status = wholeNumber(text, value, 'status');
      if (status < 200 || status > 599)
        throw invalid(text, `status wants an HTTP status 200–599, got ${status}`);
      return { kind: 'status', status };
    }
    case 'drop-stream':
      return {
        kind: 'drop-stream',
        events: value === undefined ? 0 : wholeNumber(text, value, 'drop-stream'),
      };
    default:
      throw invalid(text, `unknown action "${name}"`);
  }
}

/** Parses one --fault value; `index` is its place among the rules (1-based). */
export function parseFaultRule(text: string, index: number): FaultRule {
  const colon = text.lastIndexOf(':');
  if (colon === -1) throw invalid(text, 'no action (the part after ":")');
  const rule: FaultRule = { index, text, action: parseAction(text, text.slice(colon + 1).trim()) };
  const selectors = text
    .slice(0, colon)
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && part !== '*');
  for (const selector of selectors) {
    const equals = selector.indexOf('=');
    const key = equals === -1 ? selector : selector.slice(0, equals);
    const value = equals === -1 ? '' : selector.slice(equals + 1);
    if (key === 'out' || key === 'in') {
      if (equals !== -1) throw invalid(text, `${key} takes no value`);
      rule.direction = key;
    } else if (key === 'method' && value !== '') rule.method = value;
    else if (key === 'tool' && value !== '') rule.tool = value;
    else if (key === 'nth') {
      rule.nth = wholeNumber(text, value, 'nth');
      if (rule.nth === 0) throw invalid(text, 'nth counts from 1');
    } else throw invalid(text, `unknown selector "${selector}"`);
  }
  return rule;
}

export function parseFaultRules(texts: readonly string[]): FaultRule[] {
  return texts.map((text, position) => parseFaultRule(text, position + 1));
}

/** The rule in words for a mark: "delay 500 ms (rule 1: in,method=tools/list:delay=500)". */
export function faultMark(rule: FaultRule, what: string): string {
  return `${what} (fault rule ${rule.index}: ${rule.text})`;
}

/** Whether a rule may ever fire on this direction (a direction with none passes bytes straight through). */
export function ruleApplies(rule: FaultRule, direction: Direction): boolean {
  return rule.direction === undefined || rule.direction === direction;
}

/** Keeps the count of matches per rule, for nth. */
export class FaultMatcher {
  private readonly counts = new Map<number, number>();

  constructor(private current: readonly FaultRule[]) {}

  get rules(): readonly FaultRule[] {
    return this.current;
  }

  /** New rules from now on (set from Loupe for a live tap): nth counts start again. */
  replace(rules: readonly FaultRule[]): void {
    this.current = rules;
    this.counts.clear();
  }

  /** The first rule that fires on this message, counting it for every rule whose selectors match. */
  match(subject: FaultSubject, allowed: (rule: FaultRule) => boolean = () => true): FaultRule | undefined {
    let fired: FaultRule | undefined;
    for (const rule of this.rules) {
      if (!allowed(rule) || !selects(rule, subject)) continue;
      const count = (this.counts.get(rule.index) ?? 0) + 1;
      this.counts.set(rule.index, count);
      if (fired === undefined && (rule.nth === undefined || rule.nth === count)) fired = rule;
    }
    return fired;
  }
}

function selects(rule: FaultRule, subject: FaultSubject): boolean {
  if (rule.direction !== undefined && rule.direction !== subject.direction) return false;
  if (rule.method !== undefined && rule.method !== subject.method) return false;
  if (rule.tool !== undefined && rule.tool !== subject.tool) return false;
  return true;
}
