/**
 * Asks a 2026-07-28 server over HTTP what became of a task: one raw `tasks/get` (fetch, the envelope in `_meta`,
 * the standard headers), so a test reads the server's own status rather than what Loupe printed about it.
 */
import { isJsonObject } from '../../src/shared/json.js';

const envelope = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } },
  'io.modelcontextprotocol/clientInfo': { name: 'loupe-test-probe', version: '1.0.0' },
};

export interface ServerTaskStatus {
  status: string;
  statusMessage: string | undefined;
}

/** The task's status and message as the server's tasks/get answers them; throws on a JSON-RPC error. */
export async function modernTaskGet(url: string, taskId: string): Promise<ServerTaskStatus> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tasks/get',
      // The SDK checks Mcp-Name against params.taskId for tasks/* (-32020 without it).
      'mcp-name': taskId,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { taskId, _meta: envelope } }),
  });
  const text = await response.text();
  // A JSON body, or an event stream whose last data line is the response.
  const json = text.startsWith('{')
    ? text
    : (text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .at(-1)
        ?.slice(6) ?? '');
  const message: unknown = JSON.parse(json);
  if (!isJsonObject(message) || !isJsonObject(message.result))
    throw new Error(`tasks/get ${taskId} answered HTTP ${response.status}: ${text.slice(0, 500)}`);
  const { status, statusMessage } = message.result;
  if (typeof status !== 'string') throw new Error(`tasks/get ${taskId} has no status: ${text.slice(0, 500)}`);
  return { status, statusMessage: typeof statusMessage === 'string' ? statusMessage : undefined };
}
