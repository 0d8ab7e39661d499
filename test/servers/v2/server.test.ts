/**
 * The v2 SDK test server behaves as test/servers/README.md says: strict and dual postures over HTTP and stdio,
 * tools/list paginated, the header echo, an input_required flow with requestState, list changes on
 * subscriptions/listen. Raw JSON-RPC over fetch and a child's stdio, so the assertions are about the wire.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startV2HttpServer, v2StdioServer, type RunningHttpServer } from '../../helpers/servers.js';

const envelope = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
  'io.modelcontextprotocol/clientInfo': { name: 'v2-server-test', version: '1.0.0' },
};
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
};

type Json = Record<string, unknown>;
let nextId = 10;

function post(
  url: string,
  method: string,
  params: Json = {},
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Response> {
  const body = { jsonrpc: '2.0', id: nextId++, method, params: { ...params, _meta: envelope } };
  // The SDK refuses (-32020) a tools/call whose Mcp-Name header is missing or differs from params.name.
  const name: Record<string, string> = typeof params.name === 'string' ? { 'mcp-name': params.name } : {};
  return fetch(url, {
    method: 'POST',
    signal,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...name,
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

/** The JSON-RPC response in a JSON body or the last SSE data line. */
async function answer(response: Response): Promise<Json> {
  const text = await response.text();
  const json = text.startsWith('{')
    ? text
    : (text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .at(-1)
        ?.slice(6) ?? '');
  return JSON.parse(json) as Json;
}

async function rpc(
  url: string,
  method: string,
  params: Json = {},
  headers: Record<string, string> = {},
): Promise<Json> {
  return answer(await post(url, method, params, headers));
}

describe('v2 server over HTTP, strict (--legacy reject)', () => {
  let server: RunningHttpServer;
  beforeAll(async () => (server = await startV2HttpServer('reject')));
  afterAll(() => server.stop());

  it('answers server/discover without initialize and refuses a 2025 initialize with HTTP 400 / -32022', async () => {
    const discovered = await rpc(server.url, 'server/discover');
    expect((discovered.result as Json).supportedVersions).toEqual(['2026-07-28']);
    const refused = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(initialize),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Json).error).toMatchObject({
      code: -32022,
      data: { supported: ['2026-07-28'], requested: '2025-11-25' },
    });
  });

  it('lists 25 tools over 3 pages, and rejects an unknown cursor with -32602', async () => {
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const result = (await rpc(server.url, 'tools/list', cursor ? { cursor } : {})).result as {
        tools: { name: string }[];
        nextCursor?: string;
      };
      names.push(...result.tools.map((tool) => tool.name));
      cursor = result.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(names).toHaveLength(25);
    expect(names.slice(0, 3)).toEqual(['echo_request', 'regional_lookup', 'invalid_header_tool']);
    expect(((await rpc(server.url, 'tools/list', { cursor: 'nope' })).error as Json).code).toBe(-32602);
  });

  it('echoes the Mcp-Param headers and the _meta envelope it received', async () => {
    const called = await rpc(
      server.url,
      'tools/call',
      { name: 'regional_lookup', arguments: { region: 'eu-west', query: 'q' } },
      { 'mcp-name': 'regional_lookup', 'mcp-param-region': 'eu-west' },
    );
    const echoed = (called.result as Json).structuredContent as Json;
    expect(echoed.headers).toMatchObject({
      'mcp-param-region': 'eu-west',
      'mcp-method': 'tools/call',
      'mcp-name': 'regional_lookup',
    });
    expect(echoed.envelope).toEqual(envelope);
  });

  it('runs two input_required rounds and refuses a requestState that was altered', async () => {
    const first = (await rpc(server.url, 'tools/call', { name: 'two_rounds', arguments: {} })).result as Json;
    expect(first.resultType).toBe('input_required');
    const state = first.requestState as string;
    const tampered = await rpc(server.url, 'tools/call', {
      name: 'two_rounds',
      arguments: {},
      inputResponses: { first: { action: 'accept', content: { answer: 'a' } } },
      requestState: `${state}x`,
    });
    expect((tampered.error as Json).code).toBe(-32602);
    const second = (
      await rpc(server.url, 'tools/call', {
        name: 'two_rounds',
        arguments: {},
        inputResponses: { first: { action: 'accept', content: { answer: 'a' } } },
        requestState: state,
      })
    ).result as Json;
    expect(Object.keys(second.inputRequests as Json)).toEqual(['second']);
    const done = (
      await rpc(server.url, 'tools/call', {
        name: 'two_rounds',
        arguments: {},
        inputResponses: { second: { action: 'decline' } },
        requestState: second.requestState as string,
      })
    ).result as Json;
    expect(done.structuredContent).toMatchObject({
      rounds: 2,
      first: { kind: 'elicit', action: 'accept', content: { answer: 'a' } },
      second: { kind: 'elicit', action: 'decline' },
      requestStateEchoed: true,
    });
  });

  it('delivers tools/list_changed on a subscriptions/listen stream after change_tools', async () => {
    const aborter = new AbortController();
    const stream = await post(
      server.url,
      'subscriptions/listen',
      { notifications: { toolsListChanged: true } },
      {},
      aborter.signal,
    );
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let seen = '';
    const readUntil = async (text: string): Promise<void> => {
      while (!seen.includes(text)) {
        const chunk = await reader.read();
        if (chunk.done) return;
        seen += chunk.value;
      }
    };
    await readUntil('notifications/subscriptions/acknowledged');
    const changed = await rpc(server.url, 'tools/call', { name: 'change_tools', arguments: {} });
    expect((changed.result as Json).structuredContent).toMatchObject({ generation: 1, added: 'added_1' });
    await readUntil('notifications/tools/list_changed');
    aborter.abort();
    expect(seen).toContain('notifications/tools/list_changed');
    expect(seen).toContain('"io.modelcontextprotocol/subscriptionId"');
  });
});

describe('v2 server over stdio', () => {
  async function exchange(legacy: 'reject' | 'allow', messages: Json[]): Promise<Json[]> {
    const target = v2StdioServer(legacy);
    const child = spawn(target.command, target.args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const lines = createInterface({ input: child.stdout });
    const replies: Json[] = [];
    const all = new Promise<void>((resolve) =>
      lines.on('line', (line) => {
        replies.push(JSON.parse(line) as Json);
        if (replies.length === messages.length) resolve();
      }),
    );
    for (const message of messages) child.stdin.write(`${JSON.stringify(message)}\n`);
    await all;
    child.kill();
    return replies.sort((a, b) => Number(a.id) - Number(b.id));
  }
  const discover = { jsonrpc: '2.0', id: 2, method: 'server/discover', params: { _meta: envelope } };

  it('strict: initialize gets -32022, server/discover is answered', async () => {
    const [initialized, discovered] = await exchange('reject', [initialize, discover]);
    expect((initialized.error as Json).code).toBe(-32022);
    expect((discovered.result as Json).supportedVersions).toEqual(['2026-07-28']);
  });

  it('dual: a 2025 initialize is answered with 2025-11-25', async () => {
    const [initialized] = await exchange('allow', [initialize]);
    expect((initialized.result as Json).protocolVersion).toBe('2025-11-25');
  });
});
