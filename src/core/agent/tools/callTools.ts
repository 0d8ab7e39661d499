/**
 * Calling a tool of the inspected server: a call of a tool the server does not annotate read-only (or annotates
 * destructive, or did not list) first waits for the person's yes (consent.ts), unless the person started `loupe mcp`
 * with --allow-calls or said "allow every such call" for this session. What the server asks back during the call is
 * answered by the person's policy; the result is the server's, exactly as sent, its secrets scrubbed.
 */
import { randomUUID } from 'node:crypto';
import { LoupeError } from '../../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../../shared/json.js';
import { askPerson, quoted } from '../consent.js';
import { listingOf } from './listTools.js';
import {
  json,
  objectSchema,
  optionalObject,
  outputSchema,
  resourceLink,
  sessionOf,
  sessionProperty,
  text,
  type AgentTool,
  type ToolContext,
} from './toolKit.js';
import type { AgentSession } from '../agentSessions.js';

/** A result larger than this is not inlined: its response frame is read as a resource instead (in parts if large). */
const maxInlineResultChars = 64 * 1024;

/** Why a call needs the person's yes, or undefined when the tool says it only reads. */
function whyAsk(tool: JsonObject | undefined): string | undefined {
  if (!tool) return 'did not list this tool';
  const annotations = isJsonObject(tool.annotations) ? tool.annotations : {};
  if (annotations.destructiveHint === true) return 'annotates it destructive';
  if (annotations.readOnlyHint !== true) return 'does not annotate it read-only';
  return undefined;
}

/**
 * The person's yes before calls of these tools, when one of them is not annotated read-only and the person did not
 * allow such calls (--allow-calls, or "allow every such call" on this session). Resolves with how it was asked
 * (undefined: no question was needed); throws 'call-declined' or 'consent-unavailable'.
 */
export async function consentToCalls(
  context: ToolContext,
  session: AgentSession,
  tools: readonly string[],
  what: string,
): Promise<JsonObject | undefined> {
  if (context.policy.calls === 'allow' || session.callsAllowed || tools.length === 0) return undefined;
  const listing = await listingOf(context, session, 'tools');
  const reasons = tools.flatMap((tool) => {
    const because = whyAsk(listing.items.find((item) => item.name === tool));
    return because ? [{ tool, because }] : [];
  });
  const first = reasons[0];
  if (!first) return undefined;
  const named = reasons
    .slice(0, 10)
    .map(({ tool, because }) => `${quoted(tool, 120)} (the server ${because})`)
    .join(', ');
  const answer = await askPerson(
    {
      key: 'call',
      message: `An agent (${context.host}) wants to ${what} on ${quoted(session.name, 120)} (session ${session.id}), calling ${named}${reasons.length > 10 ? ` and ${reasons.length - 10} more` : ''}: such calls may change things. Allow?`,
      offerRemember: true,
    },
    context.request,
    context.policy.routes,
    session.ask,
    `Calling ${named} needs the person's yes.`,
  );
  if (!answer.allowed)
    throw new LoupeError({
      kind: 'call-declined',
      message: `The person declined: ${what} (asked ${answer.via === 'host' ? 'through your host' : 'in Loupe'}). Do not try it again unless the person asks you to.`,
      data: { tools: reasons.map((reason) => reason.tool.slice(0, 200)), because: first.because },
    });
  if (answer.remember) session.callsAllowed = true;
  return { via: answer.via, because: first.because };
}

export const callToolTool: AgentTool = {
  name: 'call_tool',
  title: 'Call a tool of the server',
  description:
    "Calls one tool of the session's server with the arguments you give and returns its result exactly as the server sent it (content, structuredContent, isError), whether structuredContent is valid against the tool's outputSchema, the round trip, and the frames of the call. A tool the server does not annotate read-only (or annotates destructive) may change things: the person is asked first (through your host, or in the Loupe app) and the call waits for their answer — minutes, if they take them; a no is final for that call (call-declined). If the server asks something back during the call (elicitation, sampling, roots), the person's policy answers it, not you. Read the tool with describe first. Costs one request to the server; what the tool does is the server's.",
  inputSchema: objectSchema(
    {
      session: sessionProperty,
      tool: { type: 'string', description: "The tool's name exactly as listed." },
      arguments: {
        type: 'object',
        description: "The tool's arguments (its inputSchema).",
        additionalProperties: true,
      },
    },
    ['session', 'tool'],
  ),
  outputSchema: outputSchema(
    {
      session: { type: 'string' },
      tool: { type: 'string' },
      isError: { type: 'boolean' },
      result: {
        type: 'object',
        description: 'The result as sent (absent when larger than 64 KiB: read resultFrame).',
      },
      resultChars: { type: 'integer' },
      resultFrame: { type: 'string' },
      structuredValidation: { type: 'object' },
      rttMs: { type: 'number' },
      frames: { type: 'object', properties: { request: { type: 'integer' }, response: { type: 'integer' } } },
      asked: {
        type: 'object',
        properties: { via: { enum: ['host', 'loupe'] }, because: { type: 'string' } },
      },
      serverRequests: { type: 'array', items: { type: 'object' } },
    },
    ['session', 'tool', 'isError', 'rttMs'],
  ),
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  async run(args, context) {
    const session = sessionOf(args, context);
    const tool = text(args, 'tool');
    const toolArguments = optionalObject(args, 'arguments') ?? {};
    const asked = await consentToCalls(
      context,
      session,
      [tool],
      `call ${quoted(tool, 120)} with the arguments ${quoted(JSON.stringify(context.sessions.scrub(session, toolArguments)), 600)}`,
    );
    const since = session.answered.at(-1)?.seq ?? 0;
    const outcome = await context.sessions
      .methods(session.id, 'callTool')
      .callTool({ tool, arguments: toolArguments, callId: `agent-${randomUUID()}` });
    const answered = session.answered
      .filter((entry) => entry.seq > since)
      .map(({ method, outcome: said }) => ({ method, answered: said }));
    const resultText = JSON.stringify(outcome.result);
    const inline = resultText.length <= maxInlineResultChars;
    const resultFrame =
      outcome.responseSeq === undefined
        ? undefined
        : `loupe://sessions/${session.id}/frames/${outcome.responseSeq}`;
    const structured: JsonObject = {
      session: session.id,
      tool,
      isError: outcome.isError,
      ...(inline ? { result: outcome.result } : { resultChars: resultText.length }),
      ...(resultFrame ? { resultFrame } : {}),
      ...(outcome.structuredValidation ? { structuredValidation: json(outcome.structuredValidation) } : {}),
      rttMs: outcome.rttMs,
      frames: {
        ...(outcome.requestSeq === undefined ? {} : { request: outcome.requestSeq }),
        ...(outcome.responseSeq === undefined ? {} : { response: outcome.responseSeq }),
      },
      ...(asked ? { asked } : {}),
      ...(answered.length > 0 ? { serverRequests: answered } : {}),
      ...(outcome.task ? { task: json(outcome.task) } : {}),
    };
    return {
      structured: context.sessions.scrub(session, structured),
      ...(!inline && resultFrame
        ? {
            links: [
              resourceLink(
                resultFrame,
                `result of ${tool}`,
                `The response frame (${resultText.length} characters of result; past 512 KiB its raw text comes in parts: rawParts, nextPart).`,
              ),
            ],
          }
        : {}),
    };
  },
};
