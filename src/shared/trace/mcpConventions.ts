/**
 * The OpenTelemetry semantic conventions for MCP, as Loupe names its spans and their attributes.
 *
 * Source, read on 2026-12-06: "Semantic conventions for Model Context Protocol (MCP)", status Development,
 * https://opentelemetry.io/docs/specs/semconv/gen-ai/mcp/ (its source: open-telemetry/semantic-conventions-genai,
 * docs/gen-ai/mcp.md at 0393513c). The attribute names are also those of @opentelemetry/semantic-conventions 1.45.0's
 * incubating entry (ATTR_MCP_METHOD_NAME, ATTR_MCP_PROTOCOL_VERSION, ATTR_MCP_RESOURCE_URI, ATTR_MCP_SESSION_ID,
 * ATTR_GEN_AI_TOOL_NAME, ATTR_GEN_AI_PROMPT_NAME, ATTR_GEN_AI_OPERATION_NAME, ATTR_JSONRPC_REQUEST_ID,
 * ATTR_RPC_RESPONSE_STATUS_CODE), which marks the mcp.* ones as moved to the GenAI conventions repository.
 *
 * What it says, and Loupe does:
 * - A request the client sends is a CLIENT span; a request the server sends and the client answers (elicitation,
 *   sampling, roots) is a SERVER span reported by the client.
 * - Span name `{mcp.method.name} {target}`, the target being the tool (gen_ai.tool.name) or prompt
 *   (gen_ai.prompt.name) name; else `{mcp.method.name}`. Resource URIs are not in names (high cardinality).
 * - Status ERROR when error.type is set, described by the JSON-RPC error's message; error.type is the JSON-RPC
 *   error code as a string, or `tool_error` for a CallToolResult with isError true.
 * - network.transport `pipe` for stdio, `tcp` for HTTP; trace context in params._meta (SEP-414), unprefixed.
 */
import type { SpanAttributes } from './spans.js';

export const attribute = {
  methodName: 'mcp.method.name',
  protocolVersion: 'mcp.protocol.version',
  resourceUri: 'mcp.resource.uri',
  sessionId: 'mcp.session.id',
  toolName: 'gen_ai.tool.name',
  promptName: 'gen_ai.prompt.name',
  operationName: 'gen_ai.operation.name',
  requestId: 'jsonrpc.request.id',
  statusCode: 'rpc.response.status_code',
  errorType: 'error.type',
  networkTransport: 'network.transport',
  networkProtocol: 'network.protocol.name',
  serverAddress: 'server.address',
  serverPort: 'server.port',
} as const;

/** Loupe's own attributes (not in the conventions): what the timeline and a reader of the export need besides. */
export const loupeAttribute = {
  /** The person's action a trace is (its root span's name, in words). */
  action: 'loupe.action',
  /** A task's id and its last status (the tasks extension, 2025-11-25 tasks). */
  taskId: 'loupe.task.id',
  taskStatus: 'loupe.task.status',
  /** The frame numbers a span was read from (Traffic shows them). */
  requestSeq: 'loupe.frame.request',
  responseSeq: 'loupe.frame.response',
} as const;

/** Methods whose params name a resource by `uri`. */
const resourceMethods = new Set(['resources/read', 'resources/subscribe', 'resources/unsubscribe']);

/** A request's span name and the attributes its params give, by the conventions. */
export function requestNaming(
  method: string,
  params: Record<string, unknown> | undefined,
): { name: string; attributes: SpanAttributes } {
  const attributes: SpanAttributes = { [attribute.methodName]: method };
  const name = typeof params?.name === 'string' ? params.name : undefined;
  if (method === 'tools/call' && name !== undefined) {
    attributes[attribute.toolName] = name;
    attributes[attribute.operationName] = 'execute_tool';
    return { name: `${method} ${name}`, attributes };
  }
  if (method === 'prompts/get' && name !== undefined) {
    attributes[attribute.promptName] = name;
    return { name: `${method} ${name}`, attributes };
  }
  if (resourceMethods.has(method) && typeof params?.uri === 'string')
    attributes[attribute.resourceUri] = params.uri;
  return { name: method, attributes };
}

const listNames: Record<string, string> = {
  'tools/list': 'list tools',
  'resources/list': 'list resources',
  'resources/templates/list': 'list resource templates',
  'prompts/list': 'list prompts',
  'skills/list': 'list skills',
};

/** The person's action, in words, from the first request it sent: the root span's name. */
export function actionName(method: string, params: Record<string, unknown> | undefined): string {
  if (method === 'initialize' || method === 'server/discover') return 'connect';
  const listed = listNames[method];
  if (listed) return listed;
  const name = typeof params?.name === 'string' ? params.name : undefined;
  if (method === 'tools/call') return name === undefined ? 'call a tool' : `call ${name}`;
  if (method === 'prompts/get') return name === undefined ? 'get a prompt' : `get prompt ${name}`;
  if (method === 'resources/read') return 'read a resource';
  return method;
}
