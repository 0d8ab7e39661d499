/**
 * What a method of Loupe's MCP server sees of the request it answers, the same in both eras: who the client says it
 * is, what it offers, its cancellation, and — when the client's host can ask its person — a way to ask (an
 * elicitation: a server→client request in 2025-11-25, an input_required round in 2026-07-28).
 */
import type { JsonObject } from '../../../shared/json.js';

export type Era = 'legacy' | 'modern';

export interface AgentRequest {
  era: Era;
  /** The client as it named itself (initialize's clientInfo, or the request's _meta clientInfo). */
  client: { name?: string; version?: string };
  clientCapabilities: JsonObject;
  signal: AbortSignal;
  /**
   * Asks the client's host (and so its person) with elicitation/create (form mode). Resolves with the client's
   * ElicitResult. Undefined when the client declared no elicitation capability.
   */
  elicit?: (key: string, params: JsonObject) => Promise<JsonObject>;
}

export type MethodHandler = (params: JsonObject, request: AgentRequest) => Promise<JsonObject>;

/** The era-independent face of the server: its identity, capabilities and method table. */
export interface AgentMethods {
  serverInfo: { name: string; version: string };
  /** The capabilities declared in initialize and server/discover (extensions included). */
  capabilities: JsonObject;
  instructions: string;
  methods: ReadonlyMap<string, MethodHandler>;
}

/** Whether the client declared the elicitation capability (form mode: an empty object, or one with `form`). */
export function offersElicitation(capabilities: JsonObject): boolean {
  const elicitation = capabilities.elicitation;
  if (typeof elicitation !== 'object' || elicitation === null || Array.isArray(elicitation)) return false;
  const modes = Object.keys(elicitation);
  return modes.length === 0 || modes.includes('form');
}
