/**
 * A request the recording has no answer for: the nearest recorded request of the same method (the same tool, prompt
 * or uri first, then the most arguments alike) and what differs, in words for the JSON-RPC error a miss gets.
 */
import type { JsonObject } from '../../shared/json.js';
import type { Exchange } from './recordingIndex.js';
import { canonicalJson, matchedParams, requestSubject } from './requestKey.js';

export interface Nearest {
  exchange: Exchange;
  /** Argument names (top-level params members) whose values differ, or that one side lacks. */
  differs: string[];
}

function differences(asked: JsonObject, recorded: JsonObject): string[] {
  const names = new Set([...Object.keys(asked), ...Object.keys(recorded)]);
  const out: string[] = [];
  for (const name of names) {
    const [left, right] = [asked[name], recorded[name]];
    if (
      name === 'arguments' &&
      left !== null &&
      right !== null &&
      typeof left === 'object' &&
      typeof right === 'object' &&
      !Array.isArray(left) &&
      !Array.isArray(right)
    ) {
      out.push(...differences(left, right).map((inner) => `arguments.${inner}`));
    } else if (canonicalJson(left) !== canonicalJson(right)) out.push(name);
  }
  return out.sort();
}

export function nearestRecorded(
  candidates: readonly Exchange[],
  params: JsonObject | undefined,
): Nearest | undefined {
  const asked = matchedParams(params);
  const subject = requestSubject(params);
  let best: Nearest | undefined;
  let bestScore = -Infinity;
  for (const exchange of candidates) {
    if (!exchange.answer) continue;
    const differs = differences(asked, matchedParams(exchange.params));
    const score = (exchange.subject === subject ? 1000 : 0) - differs.length;
    if (score > bestScore) {
      best = { exchange, differs };
      bestScore = score;
    }
  }
  return best;
}

function describeRequest(method: string, params: JsonObject | undefined): string {
  const subject = requestSubject(params);
  const { name: _name, uri: _uri, ...rest } = matchedParams(params);
  const args = Object.keys(rest).length === 0 ? '' : ` ${canonicalJson(rest.arguments ?? rest)}`;
  return `${method}${subject === undefined ? '' : ` "${subject}"`}${args}`;
}

export function missMessage(
  method: string,
  params: JsonObject | undefined,
  nearest: Nearest | undefined,
): string {
  const asked = describeRequest(method, params);
  if (!nearest)
    return `Loupe replay: no recorded answer for ${asked}; the recording has no ${method} request.`;
  const recorded = describeRequest(nearest.exchange.method, nearest.exchange.params);
  return `Loupe replay: no recorded answer for ${asked}; nearest recorded: ${recorded} (differs in ${nearest.differs.join(', ') || 'nothing but _meta'}).`;
}
