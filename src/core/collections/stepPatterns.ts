/**
 * The verdicts of a call step's patterns (`matches`), each run on the pattern thread within the step's deadline:
 * the assertions are judged once to learn which pattern meets which text, then judged for real with the verdicts.
 * The deadline names the pattern that was still running when it passed.
 */
import type { CallStep } from '../../shared/collections.js';
import type { JsonObject } from '../../shared/json.js';
import { judgeCall, latencyFigures, type PatternVerdicts } from './callAssertions.js';
import { matchOffThread } from './patternThread.js';
import type { StepDeadline } from './stepDeadline.js';

export async function patternVerdicts(
  step: CallStep,
  result: JsonObject,
  rtts: readonly number[],
  deadline: StepDeadline,
): Promise<PatternVerdicts> {
  const wanted = new Map<string, Map<string, boolean>>();
  const collect: PatternVerdicts = (pattern, text) => {
    const texts = wanted.get(pattern) ?? new Map<string, boolean>();
    texts.set(text, false);
    wanted.set(pattern, texts);
    return false;
  };
  judgeCall(step.expect ?? {}, {
    method: step.method,
    result,
    latency: latencyFigures(rtts),
    matches: collect,
  });
  for (const [pattern, texts] of wanted)
    for (const text of texts.keys()) {
      deadline.doing = `the pattern /${pattern}/ was still running on a text of ${text.length} characters`;
      texts.set(text, await matchOffThread(pattern, text, deadline.signal));
    }
  deadline.doing = undefined;
  return (pattern, text) => wanted.get(pattern)?.get(text) ?? false;
}
