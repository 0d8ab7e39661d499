/**
 * Which frames belong to the input-required rounds of one logical call: derived from the rounds' recorder
 * seqs (CallOutcome.rounds) and the final request/response pair, so the traffic view can mark them as a chain.
 */
import { rpcErrorName } from '../../shared/errors';
import { isJsonObject } from '../../shared/json';
import type { PushedFrame } from '../../shared/frames';
import type { CallOutcome } from '../../shared/session';

export interface RoundMark {
  /** 1-based round of the chain; the last one is the final answer. */
  round: number;
  total: number;
  /** The call (and tool) the chain belongs to. */
  callId: string;
  tool: string;
}

/** seq → mark, for every call whose outcome has input-required rounds. */
export function roundMarks(outcomes: Iterable<CallOutcome>): Map<number, RoundMark> {
  const marks = new Map<number, RoundMark>();
  for (const outcome of outcomes) {
    const rounds = outcome.rounds ?? [];
    if (rounds.length === 0) continue;
    const total = rounds.length + 1;
    const mark = (seq: number | undefined, round: number) => {
      if (seq !== undefined) marks.set(seq, { round, total, callId: outcome.callId, tool: outcome.tool });
    };
    for (const round of rounds) {
      mark(round.requestSeq, round.round);
      mark(round.responseSeq, round.round);
    }
    mark(outcome.requestSeq, total);
    mark(outcome.responseSeq, total);
  }
  return marks;
}

/**
 * "-32020 HeaderMismatch" for an error frame (or an HTTP frame whose body is a JSON-RPC error, e.g. a 400
 * refusing initialize) whose code has a name, "-32000" without one; undefined otherwise.
 */
export function frameErrorCode(frame: PushedFrame): string | undefined {
  if ((frame.kind !== 'error' && frame.kind !== 'http') || frame.raw === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(frame.raw);
  } catch {
    return undefined;
  }
  if (!isJsonObject(parsed) || !isJsonObject(parsed.error)) return undefined;
  const code = parsed.error.code;
  if (typeof code !== 'number') return undefined;
  const name = rpcErrorName(code);
  return name ? `${code} ${name}` : String(code);
}
