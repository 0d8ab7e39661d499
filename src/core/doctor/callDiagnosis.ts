/**
 * The doctor on a failed tools/call: a stale tool list (the server does not know a tool it listed, or the tool is
 * not in the listing), arguments refused (-32602, and why when the tool's inputSchema is unusable), tools/call not
 * handled (-32601), the server gone mid-call, a call that timed out; HTTP statuses and an expired session get the
 * connection doctor's advice. Also a tool error (isError) in which the server says it does not know the tool, and a
 * call a replay has no recorded answer for (replayMiss.ts), which is neither a refusal nor a stale list.
 */
import type { Diagnosis } from '../../shared/doctor.js';
import { LoupeError, toErrorData, type LoupeErrorData } from '../../shared/errors.js';
import type { Frame } from '../../shared/frames.js';
import type { JsonObject } from '../../shared/json.js';
import { isJsonObject } from '../../shared/json.js';
import { diagnose, withEvidence, type Advice } from './diagnose.js';
import { gatherEvidence } from './evidence.js';
import { replayMissAdvice } from './replayMiss.js';
import { staleListAdvice } from './staleList.js';
import { cutLine, listedTool, resultText, saysUnknownTool, unusableSchema } from './toolFacts.js';

export interface CallContext {
  tool: string;
  arguments: JsonObject;
  /** The tool listing the call was made from (every page fetched). */
  tools: readonly JsonObject[];
  /** Whether that listing reached its last page. */
  listingComplete: boolean;
  /** Whether the server declared tools.listChanged. */
  declaresListChanged: boolean;
  frames: readonly Frame[];
}

function serverMessageOf(error: LoupeErrorData): string {
  const data = isJsonObject(error.data) ? error.data : {};
  return typeof data.serverMessage === 'string' ? data.serverMessage : error.message;
}

function quotedTool(name: string): string {
  return `“${cutLine(name)}”`;
}

function argumentsAdvice(error: LoupeErrorData, context: CallContext): Advice | undefined {
  if (error.code !== -32602) return undefined;
  const sent = `arguments sent: ${cutLine(JSON.stringify(context.arguments))}`;
  const tool = listedTool(context.tools, context.tool);
  const unusable = tool ? unusableSchema(tool) : undefined;
  if (unusable) {
    return {
      likelyCause: `The tool ${quotedTool(context.tool)} has an unusable inputSchema — ${unusable.message} Neither a form nor a client can build arguments the server accepts from it, and the server refused the ones sent (-32602 Invalid params).`,
      nextStep:
        'Report the schema to the server’s authors (an inputSchema must be a JSON Schema object with type "object"); meanwhile send the arguments as raw JSON (the Arguments JSON pane, or loupe call --args) in the shape the server’s message or documentation asks for.',
      evidence: [`inputSchema: ${cutLine(JSON.stringify(tool?.inputSchema ?? null))}`, sent],
    };
  }
  return {
    likelyCause: `The server refused the arguments (-32602 Invalid params): they do not match what ${quotedTool(context.tool)} expects. It said: “${cutLine(serverMessageOf(error))}”.`,
    nextStep:
      'Compare the arguments with the tool’s inputSchema (required fields, types, enum values); the server’s message usually names the field. A server may check more than its schema states; then only its message tells.',
    evidence: [sent],
  };
}

function methodAdvice(error: LoupeErrorData): Advice | undefined {
  if (error.kind !== 'method-not-found') return undefined;
  return {
    likelyCause:
      'The server answered tools/call with -32601 Method not found: it does not handle tool calls at this endpoint (or, for some servers, not for a tool that must run as a task).',
    nextStep:
      'Check the tools capability the server declared (the handshake) and that the URL is the server’s MCP endpoint, not a proxy that forwards only some methods; a tool with execution.taskSupport "required" is called as a task (--task, or “Run as task”).',
    evidence: [`server said: ${cutLine(serverMessageOf(error))}`],
  };
}

function endedAdvice(error: LoupeErrorData, context: CallContext): Advice | undefined {
  const tool = quotedTool(context.tool);
  if (error.kind === 'server-exited') {
    const exitCode = isJsonObject(error.data) ? error.data.exitCode : undefined;
    return {
      likelyCause: `The server process exited${typeof exitCode === 'number' ? ` with code ${exitCode}` : ''} while ${tool} was running: the call crashed it.`,
      nextStep:
        'Read what it wrote on stderr (the evidence, or Traffic); connect again to go on. Run the command in a terminal and call the tool there to see the crash.',
    };
  }
  if (error.kind === 'transport-error') {
    return {
      likelyCause: `The connection broke while ${tool} was running: the server (or a proxy in front of it) closed it without answering — it crashed, restarted, or dropped the request.`,
      nextStep:
        'Check that the server is still up (its logs say why it dropped the request); connect again and call once more.',
      evidence: [`transport: ${cutLine(error.message)}`],
    };
  }
  if (error.kind === 'disconnected' && error.code !== 404) {
    return {
      likelyCause: `The connection closed while ${tool} was running: the server (or a proxy in front of it) ended the stream or the session before it answered.`,
      nextStep:
        'Connect again and call once more; when it happens every time, the tool breaks the server: check its logs or stderr.',
    };
  }
  if (error.kind === 'timeout') {
    const timeoutMs = isJsonObject(error.data) ? error.data.timeoutMs : undefined;
    const within = typeof timeoutMs === 'number' ? `within ${timeoutMs} ms` : 'in time';
    return {
      likelyCause: `${tool} did not answer ${within}, and sent no progress meanwhile; Loupe stopped waiting and sent notifications/cancelled.`,
      nextStep:
        'For a slow tool raise the timeout: --timeout <ms> in the CLI, “Request timeout (ms)” in the app’s connection form; a tool that reports progress keeps the call alive. Check the server is not waiting on something of its own (a lock, a network service, a prompt on its own console); time spent in Loupe’s own forms and prompts does not count.',
    };
  }
  return undefined;
}

/** An HTTP status the connection doctor has no rule for, in answer to a call. */
function httpAdvice(error: LoupeErrorData): Advice | undefined {
  if (error.kind !== 'http-error' || typeof error.code !== 'number') return undefined;
  const failed = error.code >= 500;
  return {
    likelyCause: `The server answered the call with HTTP ${error.code} instead of a JSON-RPC response: ${failed ? 'it failed while handling it' : 'something in front of it refused the request'}.`,
    nextStep: failed
      ? 'Open the frame in Traffic for the body it sent; the server’s own logs say why. Retry once the server is healthy.'
      : 'Open the frame in Traffic for the body it sent; check the URL, the headers you added, and any proxy or gateway in front of the server.',
  };
}

/** The diagnosis of a failed call, or undefined (a cancelled call, or nothing better to say than the error). */
export function diagnoseCall(error: LoupeErrorData, context: CallContext): Diagnosis | undefined {
  if (error.kind === 'cancelled') return undefined;
  const evidence = gatherEvidence(context.frames);
  const serverMessage = serverMessageOf(error);
  const refused = error.code === -32602 || error.kind === 'method-not-found';
  const listed = listedTool(context.tools, context.tool) !== undefined;
  const stale =
    refused &&
    (saysUnknownTool(serverMessage) || (!listed && context.listingComplete && error.code === -32602))
      ? staleListAdvice(context, `server said: ${cutLine(serverMessage)}`)
      : undefined;
  // A replay without the answer first: it is no refusal of the arguments, nor a stale list.
  const replay = replayMissAdvice(error, `tools/call ${quotedTool(context.tool)}`, context.arguments);
  const own =
    replay ?? stale ?? argumentsAdvice(error, context) ?? methodAdvice(error) ?? endedAdvice(error, context);
  if (own) return withEvidence(own, error, evidence);
  const general = diagnose(error, evidence);
  if (general) return general;
  const http = httpAdvice(error);
  return http ? withEvidence(http, error, evidence) : undefined;
}

/** The thrown call error as a LoupeError carrying the call's diagnosis (the original stays its cause). */
export function withCallDiagnosis(error: unknown, context: CallContext): unknown {
  const detail = toErrorData(error);
  if (detail.doctor || detail.kind === 'cancelled') return error;
  const doctor = diagnoseCall(detail, context);
  return doctor ? new LoupeError({ ...detail, doctor }, { cause: error }) : error;
}

/** A tool error (isError: true) in which the server says it does not know the tool: the list is stale. */
export function diagnoseToolError(result: JsonObject, context: CallContext): Diagnosis | undefined {
  const text = resultText(result);
  // A tool's own error may mention "unknown tool" about something else: the server must name this tool.
  if (!saysUnknownTool(text) || !text.includes(context.tool)) return undefined;
  const advice = staleListAdvice(context, `the tool error said: ${cutLine(text)}`);
  return { likelyCause: advice.likelyCause, nextStep: advice.nextStep, evidence: advice.evidence ?? [] };
}
