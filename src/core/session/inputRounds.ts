/**
 * resultType on a modern request. `complete` (or absent: 2025-era servers) is the answer. `input_required`
 * (an InputRequiredResult, the multi round-trip pattern) is answered: each embedded input request goes to the
 * handler the session registered for that server→client method (elicitation/create, sampling/createMessage,
 * roots/list: the same ones the 2025 era calls), then the same method is sent again, as a new JSON-RPC request,
 * with `inputResponses` and the server's `requestState` exactly as received, until the server completes or
 * the round limit is reached. `task` (the tasks extension) is handed back as it is when Loupe declared the
 * extension (src/core/tasks follows it), and refused otherwise.
 */
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { InputRound } from '../../shared/session.js';
import type { RawResponse } from '../types.js';

/** Input-required rounds answered at most before a request fails with input-rounds-exceeded. */
export const defaultRoundLimit = 10;

export interface RoundTools {
  /** Sends the method once with these params (the envelope is the sender's business). */
  send(params: JsonObject): Promise<RawResponse>;
  /** Answers one embedded input request with the session's handler for its method. */
  answer(method: string, params: JsonObject, key: string): Promise<JsonObject>;
  roundLimit?: number;
  /** Whether a CreateTaskResult (resultType "task") is an answer: Loupe declared the tasks extension. */
  acceptsTasks?: boolean;
}

export async function requestWithRounds(
  method: string,
  params: JsonObject | undefined,
  tools: RoundTools,
): Promise<RawResponse> {
  const limit = tools.roundLimit ?? defaultRoundLimit;
  const original = params ?? {};
  const rounds: InputRound[] = [];
  let current = original;
  for (;;) {
    const response = await tools.send(current);
    const result = response.result;
    const resultType = result.resultType;
    if (resultType === undefined || resultType === 'complete') {
      if (rounds.length > 0) response.rounds = rounds;
      return response;
    }
    if (resultType === 'task') {
      if (tools.acceptsTasks) {
        if (rounds.length > 0) response.rounds = rounds;
        return response;
      }
      throw new LoupeError({
        kind: 'task-not-supported',
        message: `${method}: the server answered with a task although Loupe did not declare the tasks extension (turned off)`,
        data: { method, result },
      });
    }
    if (resultType !== 'input_required') {
      throw new LoupeError({
        kind: 'invalid-response',
        message: `${method}: the server answered with resultType ${JSON.stringify(resultType)}, which Loupe does not recognize`,
        data: { method, result },
      });
    }
    if (rounds.length >= limit) {
      throw new LoupeError({
        kind: 'input-rounds-exceeded',
        message: `${method}: the server still asked for input after ${limit} rounds; Loupe stopped retrying`,
        data: { method, rounds, result },
      });
    }
    const { inputRequests, requestState } = readInputRequired(method, result);
    const inputResponses: JsonObject = {};
    for (const [key, request] of Object.entries(inputRequests)) {
      inputResponses[key] = await tools.answer(request.method, request.params, key);
    }
    const round: InputRound = {
      round: rounds.length + 1,
      requestId: response.requestId ?? '',
      inputRequests: Object.fromEntries(
        Object.entries(inputRequests).map(([key, request]) => [key, request.raw]),
      ),
      inputResponses,
    };
    if (response.requestSeq !== undefined) round.requestSeq = response.requestSeq;
    if (response.responseSeq !== undefined) round.responseSeq = response.responseSeq;
    if (requestState !== undefined) round.requestState = requestState;
    rounds.push(round);
    current = { ...original, inputResponses, ...(requestState !== undefined ? { requestState } : {}) };
  }
}

interface EmbeddedRequest {
  method: string;
  params: JsonObject;
  raw: JsonObject;
}

function readInputRequired(
  method: string,
  result: JsonObject,
): { inputRequests: Record<string, EmbeddedRequest>; requestState?: string } {
  const invalid = (detail: string): LoupeError =>
    new LoupeError({
      kind: 'invalid-response',
      message: `${method}: the input_required result is invalid: ${detail}`,
      data: { method, result },
    });
  const state = result.requestState;
  if (state !== undefined && typeof state !== 'string') throw invalid('requestState is not a string');
  const requests = result.inputRequests ?? {};
  if (!isJsonObject(requests)) throw invalid('inputRequests is not an object');
  if (state === undefined && Object.keys(requests).length === 0)
    throw invalid('it has neither inputRequests nor requestState');
  const inputRequests: Record<string, EmbeddedRequest> = {};
  for (const [key, request] of Object.entries(requests)) {
    if (!isJsonObject(request) || typeof request.method !== 'string')
      throw invalid(`input request "${key}" has no method`);
    const params = request.params ?? {};
    if (!isJsonObject(params)) throw invalid(`the params of input request "${key}" are not an object`);
    inputRequests[key] = { method: request.method, params, raw: request };
  }
  return state === undefined ? { inputRequests } : { inputRequests, requestState: state };
}
