/**
 * The doctor on a call a replay could not answer. `loupe replay` serves only what was recorded: a request it has no
 * recorded answer for is a JSON-RPC error (-32602, or -32601 for a method never recorded) whose data says so
 * (`loupeReplay`) and names the nearest recorded request. That is not a server refusing the arguments, and advice
 * about the tool's inputSchema would send the person the wrong way: they need the recorded request, or a new
 * recording.
 */
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { LoupeErrorData } from '../../shared/errors.js';
import type { Advice } from './diagnose.js';
import { cutLine } from './toolFacts.js';

/** The `data` member of the JSON-RPC error the server sent (rpcFailure keeps it under data.data). */
function serverData(error: LoupeErrorData): JsonObject | undefined {
  const data = isJsonObject(error.data) ? error.data.data : undefined;
  return isJsonObject(data) ? data : undefined;
}

/** "tools/call “echo” {"message":"hi"}": the nearest recorded request, as the replay named it. */
function describeNearest(nearest: JsonObject): string | undefined {
  const method = typeof nearest.method === 'string' ? nearest.method : undefined;
  if (method === undefined) return undefined;
  const params = isJsonObject(nearest.params) ? nearest.params : {};
  const subject =
    typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
  const args = params.arguments === undefined ? '' : ` ${JSON.stringify(params.arguments)}`;
  return cutLine(`${method}${subject === undefined ? '' : ` “${subject}”`}${args}`);
}

/** Advice for a request a replay has no recorded answer for; undefined for any other error. */
export function replayMissAdvice(error: LoupeErrorData, what: string, sent: JsonObject): Advice | undefined {
  const data = serverData(error);
  const miss = data?.loupeReplay;
  if (miss !== 'no-recorded-answer' && miss !== 'not-recorded') return undefined;
  const sentLine = `arguments sent: ${cutLine(JSON.stringify(sent))}`;
  if (miss === 'not-recorded')
    return {
      likelyCause: `This server is a replay of a recording (loupe replay), and the recording holds no ${what} request at all: it can only answer what was recorded.`,
      nextStep:
        'Record a session that makes this request (loupe snapshot --calls <file>, or Save snapshot after calling it in the app) and replay that recording.',
      evidence: [sentLine],
    };
  const nearest = isJsonObject(data?.nearest) ? data.nearest : undefined;
  const described = nearest ? describeNearest(nearest) : undefined;
  const differs =
    nearest && Array.isArray(nearest.differs) && nearest.differs.every((item) => typeof item === 'string')
      ? nearest.differs.join(', ')
      : '';
  return {
    likelyCause: `This server is a replay of a recording (loupe replay), and it has no recorded answer for ${what} with these arguments: it answers only the requests that were recorded (the server itself was never asked).`,
    nextStep: described
      ? `Send the recorded request instead — nearest recorded: ${described}${differs ? ` (differs in ${differs})` : ''} — or record this call (loupe snapshot --calls <file>) and replay the new recording; loupe replay --on-miss nearest answers a miss with the nearest recorded answer.`
      : 'Record this call (loupe snapshot --calls <file>) and replay the new recording.',
    evidence: [sentLine, ...(described ? [`nearest recorded: ${described}`] : [])],
  };
}
