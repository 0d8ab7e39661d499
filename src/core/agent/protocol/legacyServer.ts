/**
 * The 2025-11-25 face of Loupe's MCP server: the official SDK 1.x `Server` (a production dependency) answers
 * `initialize`, `ping` and the version negotiation, and hands every other request to the same method table the
 * 2026-07-28 face uses (its fallback handler). A question to the person is an elicitation/create request sent back
 * on the request that needs it (on its own SSE stream over Streamable HTTP), waited for at a person's pace.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { isJsonObject, type JsonObject } from '../../../shared/json.js';
import { offersElicitation, type AgentMethods, type AgentRequest } from './agentRequest.js';
import { RpcFailure, rpcCodes } from './rpc.js';

/** How long a question may wait for the person's answer before it is given up (the call then fails, named). */
export const questionTimeoutMs = 30 * 60_000;

function plain(value: unknown): JsonObject {
  return isJsonObject(value) ? (JSON.parse(JSON.stringify(value)) as JsonObject) : {};
}

/** One SDK server for one connection (a stdio process, or one Streamable HTTP session). */
export function legacyServer(core: AgentMethods): Server {
  const server = new Server(core.serverInfo, {
    capabilities: core.capabilities,
    instructions: core.instructions,
  });
  server.fallbackRequestHandler = async (request, extra) => {
    const handler = core.methods.get(request.method);
    if (!handler) throw new RpcFailure(rpcCodes.methodNotFound, `Method not found: ${request.method}`);
    const capabilities = plain(server.getClientCapabilities());
    const client = server.getClientVersion();
    const agentRequest: AgentRequest = {
      era: 'legacy',
      client: client ? { name: client.name, version: client.version } : {},
      clientCapabilities: capabilities,
      signal: extra.signal,
      ...(offersElicitation(capabilities)
        ? {
            elicit: async (_key: string, params: JsonObject) =>
              plain(
                await extra.sendRequest(
                  { method: 'elicitation/create', params: { mode: 'form', ...params } },
                  ElicitResultSchema,
                  { timeout: questionTimeoutMs, signal: extra.signal },
                ),
              ),
          }
        : {}),
    };
    return handler(plain(request.params), agentRequest);
  };
  return server;
}
