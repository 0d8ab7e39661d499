/**
 * What every tool of `loupe mcp` is made of: its definition as a model reads it (name, description, input and output
 * JSON Schemas, annotations), how it runs, and the small readers and shapes the tools share. A tool answers with
 * structuredContent (valid against its outputSchema, and the same JSON as text for hosts that show only text), plus
 * resource links to what is too large to hand over at once.
 */
import { LoupeError } from '../../../shared/errors.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../../shared/json.js';
import type { AgentRequest } from '../protocol/agentRequest.js';
import type { AgentSession, AgentSessions } from '../agentSessions.js';
import type { AgentPolicy } from '../agentPolicy.js';
import type { ConfiguredTarget } from '../targets.js';

export interface ToolAnswer {
  structured: JsonObject;
  /** resource_link content blocks (uri, name, mimeType, description?, size?). */
  links?: JsonObject[];
}

export interface ToolContext {
  request: AgentRequest;
  sessions: AgentSessions;
  policy: AgentPolicy;
  /** The targets the person configured, read now (a config edited since the start counts). */
  targets(): Promise<{ targets: ConfiguredTarget[]; problems: string[] }>;
  /** The agent's host as the request names it ("claude-code 2.1.0", or "an agent"). */
  host: string;
}

export interface AgentTool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonObject;
  outputSchema: JsonObject;
  annotations: {
    readOnlyHint: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint: boolean;
  };
  run(args: JsonObject, context: ToolContext): Promise<ToolAnswer>;
}

function usage(message: string): LoupeError {
  return new LoupeError({ kind: 'usage', message });
}

export function text(args: JsonObject, name: string): string {
  const value = args[name];
  if (typeof value !== 'string' || value === '') throw usage(`"${name}" is required: a non-empty string.`);
  return value;
}

export function optionalText(args: JsonObject, name: string): string | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw usage(`"${name}" must be a string.`);
  return value;
}

export function optionalCount(args: JsonObject, name: string, max: number): number | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max)
    throw usage(`"${name}" must be a whole number from 0 to ${max}.`);
  return value;
}

export function optionalStrings(args: JsonObject, name: string): string[] | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
    throw usage(`"${name}" must be a list of strings.`);
  return value;
}

export function optionalObject(args: JsonObject, name: string): JsonObject | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (!isJsonObject(value)) throw usage(`"${name}" must be an object.`);
  return value;
}

/** The session named by args.session (or the refusal the agent can act on). */
export function sessionOf(args: JsonObject, context: ToolContext): AgentSession {
  return context.sessions.get(args.session);
}

/** JSON-able data (types from src/shared are plain data: this only tells TypeScript so). */
export function json(value: unknown): JsonValue {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as JsonValue);
}

/** A string cut to `max` characters (marked with …), for summaries; the full value stays reachable elsewhere. */
export function clip(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

export const sessionProperty: JsonObject = {
  type: 'string',
  description: 'The session id open_session returned (e.g. "s1").',
};

export function objectSchema(properties: JsonObject, required: string[] = []): JsonObject {
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

/** An output schema: an object with these properties (more may follow in later versions of Loupe). */
export function outputSchema(properties: JsonObject, required: string[]): JsonObject {
  return { type: 'object', properties, required };
}

export const errorDataSchema: JsonObject = {
  type: 'object',
  properties: { kind: { type: 'string' }, message: { type: 'string' }, code: { type: 'integer' }, data: {} },
  required: ['kind', 'message'],
};

export function resourceLink(
  uri: string,
  name: string,
  description: string,
  mimeType = 'application/json',
  size?: number,
): JsonObject {
  return { type: 'resource_link', uri, name, description, mimeType, ...(size === undefined ? {} : { size }) };
}
