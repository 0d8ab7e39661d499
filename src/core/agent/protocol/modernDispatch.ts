/**
 * The 2026-07-28 face of Loupe's MCP server: every request stands alone, carrying its protocol version, the client's
 * capabilities and its identity in `_meta`; `server/discover` says who the server is; every result carries
 * `resultType` (and the cacheable ones `ttlMs` and `cacheScope`); a question to the person is an input_required
 * result (MRTR) whose answer comes back on a retry of the same request, its state sealed (requestStates.ts).
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../../shared/json.js';
import {
  clientCapabilitiesKey,
  clientInfoKey,
  modernProtocolVersion,
  protocolVersionKey,
  serverInfoKey,
} from '../../session/modernEnvelope.js';
import { offersElicitation, type AgentMethods, type AgentRequest } from './agentRequest.js';
import type { RequestStates } from './requestStates.js';
import { RpcFailure, rpcCodes, type RpcRequest } from './rpc.js';

/** The versions this server speaks, newest first: 2026-07-28 per request, the 2025 ones through initialize. */
export const supportedVersions = [modernProtocolVersion, '2025-11-25', '2025-06-18', '2025-03-26'];

/** Results a client may cache (SEP-2549): they carry ttlMs and cacheScope. */
const cacheable = new Set([
  'tools/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'server/discover',
  'skills/list',
  'skills/get',
]);
/** The requests that may answer input_required (MRTR). */
const mayAskInput = new Set(['tools/call', 'resources/read', 'prompts/get']);

/** Whether a message is spoken in the 2026-07-28 era: it names a protocol version in its `_meta`, or is server/discover. */
export function isModern(method: string, params: JsonObject): boolean {
  if (method === 'server/discover') return true;
  return isJsonObject(params._meta) && params._meta[protocolVersionKey] !== undefined;
}

/** The protocol version a modern request names (undefined when it names none). */
export function requestedVersion(params: JsonObject): JsonValue | undefined {
  return isJsonObject(params._meta) ? params._meta[protocolVersionKey] : undefined;
}

class InputRequired extends Error {
  constructor(
    readonly requests: JsonObject,
    readonly answered: JsonObject,
  ) {
    super('input required: the question goes to the client as an input_required result');
    this.name = 'InputRequired';
  }
}

/** Whether an error is a question on its way to the client (a handler that turns errors into results passes it on). */
export function isInputRequired(error: unknown): boolean {
  return error instanceof InputRequired;
}

function unsupported(requested: JsonValue | undefined): RpcFailure {
  return new RpcFailure(
    rpcCodes.unsupportedProtocolVersion,
    `Unsupported protocol version: ${JSON.stringify(requested ?? null)}; this server speaks ${supportedVersions.join(', ')} (2026-07-28 per request, the others through initialize)`,
    { supported: supportedVersions, requested: requested ?? null },
    400,
  );
}

function clientOf(meta: JsonObject): AgentRequest['client'] {
  const info = meta[clientInfoKey];
  if (!isJsonObject(info)) return {};
  return {
    ...(typeof info.name === 'string' ? { name: info.name.slice(0, 200) } : {}),
    ...(typeof info.version === 'string' ? { version: info.version.slice(0, 100) } : {}),
  };
}

/**
 * The envelope a 2026-07-28 request must carry: `_meta` with the protocol version and the client's capabilities
 * (clientInfo is a SHOULD). A request without them is -32602 Invalid params (HTTP 400), before anything else is judged.
 */
export function envelopeProblem(params: JsonObject): RpcFailure | undefined {
  const meta = params._meta;
  const missing = !isJsonObject(meta)
    ? '_meta'
    : meta[protocolVersionKey] === undefined
      ? `_meta["${protocolVersionKey}"]`
      : !isJsonObject(meta[clientCapabilitiesKey])
        ? `_meta["${clientCapabilitiesKey}"] (an object)`
        : undefined;
  return missing === undefined
    ? undefined
    : new RpcFailure(
        rpcCodes.invalidParams,
        `Invalid params: a 2026-07-28 request carries ${missing}.`,
        undefined,
        400,
      );
}

/** The result of one modern request, or a thrown RpcFailure (its httpStatus for Streamable HTTP). */
export async function answerModern(
  request: RpcRequest,
  core: AgentMethods,
  states: RequestStates,
  signal: AbortSignal,
): Promise<JsonObject> {
  const { method, params } = request;
  const problem = envelopeProblem(params);
  if (problem) throw problem;
  const meta = isJsonObject(params._meta) ? params._meta : {};
  const version = meta[protocolVersionKey];
  if (version !== modernProtocolVersion) throw unsupported(version);
  const served = { name: core.serverInfo.name, version: core.serverInfo.version };
  const complete = (result: JsonObject): JsonObject => ({
    ...result,
    resultType: 'complete',
    ...(cacheable.has(method) ? { ttlMs: 0, cacheScope: 'private' } : {}),
    _meta: { ...(isJsonObject(result._meta) ? result._meta : {}), [serverInfoKey]: served },
  });
  if (method === 'server/discover')
    return complete({
      supportedVersions,
      capabilities: core.capabilities,
      instructions: core.instructions,
    });
  const handler = core.methods.get(method);
  if (!handler) throw new RpcFailure(rpcCodes.methodNotFound, `Method not found: ${method}`, undefined, 404);
  const capabilities = isJsonObject(meta[clientCapabilitiesKey]) ? meta[clientCapabilitiesKey] : {};
  const answered = answeredQuestions(request, states);
  const asked: JsonObject = {};
  const agentRequest: AgentRequest = {
    era: 'modern',
    client: clientOf(meta),
    clientCapabilities: capabilities,
    signal,
    ...(offersElicitation(capabilities) && mayAskInput.has(method)
      ? {
          elicit: (key: string, elicitation: JsonObject) => {
            const answer = answered[key];
            if (isJsonObject(answer)) return Promise.resolve(answer);
            asked[key] = { method: 'elicitation/create', params: { mode: 'form', ...elicitation } };
            return Promise.reject(new InputRequired(asked, answered));
          },
        }
      : {}),
  };
  try {
    return complete(await handler(params, agentRequest));
  } catch (error) {
    if (!(error instanceof InputRequired)) throw error;
    return {
      resultType: 'input_required',
      inputRequests: error.requests,
      requestState: states.seal(method, params, Object.keys(error.requests), error.answered),
      _meta: { [serverInfoKey]: served },
    };
  }
}

/**
 * The answers a retry carries for questions this server asked, with those of earlier rounds its state holds (a state
 * that fails verification is refused; a response to a question not asked is ignored).
 */
function answeredQuestions(request: RpcRequest, states: RequestStates): JsonObject {
  const state = request.params.requestState;
  if (state === undefined) return {};
  if (typeof state !== 'string')
    throw new RpcFailure(rpcCodes.invalidParams, 'requestState must be the string this server sent.');
  const opened = states.open(request.method, request.params, state);
  const answers: JsonObject = { ...opened.answered };
  const responses = isJsonObject(request.params.inputResponses) ? request.params.inputResponses : {};
  for (const key of opened.asked) {
    const response = responses[key];
    if (isJsonObject(response)) answers[key] = response;
  }
  return answers;
}
