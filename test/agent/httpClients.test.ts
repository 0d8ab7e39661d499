/**
 * `loupe mcp --http` (the built command, a real process on 127.0.0.1) driven by clients no one here wrote: the SDK
 * 1.x Client (2025-11-25, a session, the credential as `Authorization: Bearer`), the v2 Client pinned to 2026-07-28
 * (stateless, the credential in the printed URL) and the official Inspector CLI (one process per request, so the
 * session one run opened is used by the next). Each gets what a direct connection to the same server gets. And the
 * door: no credential, a wrong one, a foreign Host or a foreign Origin is refused before anything is read.
 */
import { execFile, spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as SdkHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild } from '../cli/loupe.js';
import { serverPaths } from '../helpers/servers.js';
import {
  agentFolder,
  callAgent,
  everythingScript,
  httpAgent,
  listedItems,
  memoryScript,
  type AgentFolder,
  type HttpAgent,
  type Structured,
} from './agentHarness.js';
import { direct } from './directServer.js';

const execFileAsync = promisify(execFile);

let folder: AgentFolder;
let agent: HttpAgent;

beforeAll(async () => {
  requireBuild();
  folder = agentFolder();
  agent = await httpAgent(folder, ['--allow-calls']);
}, 60_000);

afterAll(async () => {
  await agent?.stop();
});

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'door-test', version: '1' },
  },
});

/** A raw POST of initialize with exactly these headers (node:http: the Host header is ours to set). */
function post(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port: agent.port,
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    sent.on('error', reject);
    sent.end(initialize);
  });
}

describe('the door of loupe mcp --http', () => {
  it('refuses a missing or wrong credential (401) and a foreign Host or Origin (403); lets its own in', async () => {
    const own = { host: `127.0.0.1:${agent.port}` };
    const bearer = { authorization: `Bearer ${agent.token}` };
    const missing = await post('/mcp', own);
    expect(missing.status).toBe(401);
    expect(missing.body).toMatch(/Unauthorized/);
    expect((await post('/mcp', { ...own, authorization: `Bearer ${agent.token.slice(1)}x` })).status).toBe(
      401,
    );
    expect((await post('/mcp', { ...own, authorization: 'Bearer ' })).status).toBe(401);
    expect((await post(`/mcp/${agent.token.slice(0, -1)}`, own)).status).toBe(401);
    // The credential does not open the door to another name for this port (DNS rebinding) or another page's script.
    const foreignHost = await post('/mcp', { ...bearer, host: `evil.example:${agent.port}` });
    expect(foreignHost.status).toBe(403);
    expect(foreignHost.body).toMatch(/not to Host \\"evil\.example:/);
    const foreignOrigin = await post(`/mcp/${agent.token}`, { ...own, origin: 'http://evil.example' });
    expect(foreignOrigin.status).toBe(403);
    expect(foreignOrigin.body).toMatch(/not from \\"http:\/\/evil\.example\\"/);
    const opened = await post('/mcp', { ...own, ...bearer });
    expect(opened.status).toBe(200);
    expect(opened.body).toContain('"name":"loupe"');
    const byPath = await post(`/mcp/${agent.token}`, { ...own, origin: `http://127.0.0.1:${agent.port}` });
    expect(byPath.status).toBe(200);
  });
});

describe('loupe mcp --http, driven by clients no one here wrote', () => {
  it('the SDK 1.x Client with a bearer credential: server-everything as directly, tools and calls', async () => {
    const client = new SdkClient({ name: 'sdk-http-host', version: '1.0.0' });
    await client.connect(
      new SdkHttp(new URL(agent.endpoint), {
        requestInit: { headers: { authorization: `Bearer ${agent.token}` } },
      }),
    );
    const plain = await direct(process.execPath, [everythingScript, 'stdio']);
    try {
      // Listed first: the client validates every structuredContent below against the tools' outputSchemas.
      expect((await client.listTools()).tools).toHaveLength(14);
      const opened = await callAgent(client, 'open_session', { server: 'everything' });
      expect(opened).toMatchObject({
        source: 'config',
        era: 'legacy',
        serverInfo: { name: 'mcp-servers/everything' },
      });
      const session = String(opened.session);
      const listed = await callAgent(client, 'list', { session, kind: 'tools' });
      const tools = await plain.tools();
      expect(tools).toHaveLength(13);
      expect(listed).toMatchObject({ count: 13, complete: true });
      expect(await listedItems(client, String(listed.listing))).toEqual(tools);
      const sum = { name: 'get-sum', arguments: { a: 19, b: 23 } };
      const through = await callAgent(client, 'call_tool', {
        session,
        tool: sum.name,
        arguments: sum.arguments,
      });
      expect(through.result).toEqual(await plain.client.callTool(sum));
      expect(JSON.stringify(through.result)).toContain('42');
      await callAgent(client, 'close_session', { session });
    } finally {
      await plain.close();
      await client.close();
    }
  }, 120_000);

  it('the v2 Client pinned to 2026-07-28, credential in the URL: 3,002 paged tools and a call as directly', async () => {
    const client = new Client(
      { name: 'v2-agent-host', version: '2.4.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(agent.url)));
    const plain = await direct(process.execPath, [
      serverPaths.paginating,
      '--tools',
      '3000',
      '--page-size',
      '25',
    ]);
    try {
      expect(client.getServerVersion()?.name).toBe('loupe');
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('open_session');
      const call = async (name: string, args: Record<string, unknown>): Promise<Structured> => {
        const result = await client.callTool({ name, arguments: args });
        if (result.isError) throw new Error(`${name} refused: ${JSON.stringify(result.content)}`);
        return result.structuredContent as Structured;
      };
      const session = String((await call('open_session', { server: 'paged' })).session);
      const whole = await call('list', { session, kind: 'tools', morePages: 'all' });
      expect(whole).toMatchObject({ complete: true, count: 3002, pages: 121 });
      const tools = await plain.tools();
      const items: unknown[] = [];
      let next: string | undefined = String(whole.listing);
      while (next) {
        const read = await client.readResource({ uri: next });
        const content = read.contents[0];
        if (!content || !('text' in content)) throw new Error(`${next} has no text`);
        const page = JSON.parse(content.text) as { items: unknown[]; next?: string };
        items.push(...page.items);
        next = page.next;
      }
      expect(items).toEqual(tools);
      const echo = { name: 'echo', arguments: { text: 'modern, through loupe' } };
      const through = await call('call_tool', { session, tool: echo.name, arguments: echo.arguments });
      expect(through.result).toEqual(await plain.client.callTool(echo));
      expect(JSON.stringify(through.result)).toContain('modern, through loupe');
      await call('close_session', { session });
    } finally {
      await plain.close();
      await client.close();
    }
  }, 180_000);

  it('the v2 Client at 2026-07-28: a call that may change things waits for the yes, asked as input_required', async () => {
    const asking = await httpAgent(folder);
    const client = new Client(
      { name: 'v2-asking-host', version: '2.4.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: {} } },
    );
    const answers: { allow: boolean }[] = [{ allow: true }, { allow: false }];
    const asked: string[] = [];
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(request.params.message);
      // The person reads the question.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return { action: 'accept', content: answers.shift() ?? { allow: false } };
    });
    // What goes over the wire for tools/call: the first answer is input_required, the retry carries the answer.
    const rounds: { inputResponses: boolean; resultType?: string }[] = [];
    const tap = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const body =
        typeof init?.body === 'string'
          ? (JSON.parse(init.body) as { method?: string; params?: { inputResponses?: unknown } })
          : {};
      const response = await fetch(input, init);
      if (body.method === 'tools/call') {
        const copy = (await response.clone().json()) as { result?: { resultType?: string } };
        rounds.push({
          inputResponses: body.params?.inputResponses !== undefined,
          resultType: copy.result?.resultType,
        });
      }
      return response;
    };
    await client.connect(new StreamableHTTPClientTransport(new URL(asking.url), { fetch: tap }));
    try {
      const call = async (args: Record<string, unknown>) =>
        client.callTool({ name: 'call_tool', arguments: args });
      const opened = await client.callTool({ name: 'open_session', arguments: { server: 'everything' } });
      const session = String((opened.structuredContent as Structured).session);
      rounds.length = 0;
      const started = Date.now();
      const allowed = await call({ session, tool: 'toggle-simulated-logging' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
      expect(allowed.structuredContent).toMatchObject({ isError: false, asked: { via: 'host' } });
      expect(rounds).toEqual([
        { inputResponses: false, resultType: 'input_required' },
        { inputResponses: true, resultType: 'complete' },
      ]);
      expect(asked[0]).toMatch(/v2-asking-host 2\.4\.0.*"toggle-simulated-logging"/s);
      const declined = await call({ session, tool: 'toggle-subscriber-updates' });
      expect(declined.isError).toBe(true);
      expect(JSON.stringify(declined.content)).toContain('call-declined');
      expect(asked).toHaveLength(2);
    } finally {
      await client.close();
      await asking.stop();
    }
  }, 120_000);

  describe('the official Inspector CLI', () => {
    let node22 = '';
    let launcher = '';
    beforeAll(() => {
      const found = spawnSync(
        process.execPath,
        [fileURLToPath(new URL('../../scripts/node22.mjs', import.meta.url))],
        {
          encoding: 'utf8',
          timeout: 300_000,
        },
      );
      if (found.status !== 0) throw new Error(`scripts/node22.mjs failed: ${found.stderr}`);
      [node22 = '', , launcher = ''] = found.stdout.trim().split('\n');
    }, 320_000);

    async function inspect(args: string[]): Promise<Record<string, unknown>> {
      const { stdout } = await execFileAsync(
        node22,
        [
          launcher,
          '--cli',
          agent.endpoint,
          '--transport',
          'http',
          '--header',
          `Authorization: Bearer ${agent.token}`,
          ...args,
        ],
        { timeout: 120_000 },
      );
      return JSON.parse(stdout) as Record<string, unknown>;
    }

    it('one process a request: open_session, list, a listing page and a call on server-memory as directly', async () => {
      const listedTools = (await inspect(['--method', 'tools/list'])).tools as { name: string }[];
      expect(listedTools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(['open_session', 'call_tool', 'snapshot']),
      );
      const opened = (
        await inspect([
          '--method',
          'tools/call',
          '--tool-name',
          'open_session',
          '--tool-args-json',
          '{"server":"memory"}',
        ])
      ).structuredContent as Structured;
      const session = String(opened.session);
      expect(opened).toMatchObject({ source: 'config', serverInfo: { name: 'memory-server' } });
      const listed = (
        await inspect([
          '--method',
          'tools/call',
          '--tool-name',
          'list',
          '--tool-args-json',
          JSON.stringify({ session, kind: 'tools' }),
        ])
      ).structuredContent as Structured;
      const plain = await direct(process.execPath, [memoryScript], {
        MEMORY_FILE_PATH: `${folder.root}/inspector-direct.jsonl`,
      });
      try {
        const tools = await plain.tools();
        expect(listed).toMatchObject({ count: tools.length, complete: true });
        const page = (await inspect(['--method', 'resources/read', '--uri', String(listed.listing)]))
          .contents as { text: string }[];
        expect((JSON.parse(page[0]?.text ?? '{}') as { items: unknown[] }).items).toEqual(tools);
        const graph = (
          await inspect([
            '--method',
            'tools/call',
            '--tool-name',
            'call_tool',
            '--tool-args-json',
            JSON.stringify({ session, tool: 'read_graph', arguments: {} }),
          ])
        ).structuredContent as Structured;
        expect(graph.result).toEqual(await plain.client.callTool({ name: 'read_graph', arguments: {} }));
      } finally {
        await plain.close();
      }
      await inspect([
        '--method',
        'tools/call',
        '--tool-name',
        'close_session',
        '--tool-args-json',
        JSON.stringify({ session }),
      ]);
    }, 300_000);
  });
});
