/**
 * The official SDK 1.x Client (a client no one here wrote) drives `loupe mcp` over stdio against real servers —
 * server-everything, server-memory, server-filesystem and a server of 3,000 tools in pages of 25 — and gets what a
 * direct connection gets: the same counts, every tool with every field as the server sent it, the same call
 * results. The 3,000-tool listing stops loudly at the page limit first and is whole only after "morePages".
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild } from '../cli/loupe.js';
import { serverPaths } from '../helpers/servers.js';
import {
  agentFolder,
  callAgent,
  everythingScript,
  filesystemScript,
  listedItems,
  memoryScript,
  sdkAgent,
  type AgentClient,
  type AgentFolder,
} from './agentHarness.js';
import { direct } from './directServer.js';

let folder: AgentFolder;
let agent: AgentClient;

beforeAll(async () => {
  requireBuild();
  folder = agentFolder();
  // Calls are not asked about here (consent.test.ts is about that): the person allowed them.
  agent = await sdkAgent(folder, { flags: ['--allow-calls'] });
  // The SDK Client validates every structuredContent against the outputSchema of the tools it listed (and refuses a
  // tool with an outputSchema that answers without one): list them first, so every call below is checked by it.
  const own = (await agent.client.listTools()).tools;
  expect(own.map((tool) => tool.name)).toContain('call_tool');
  for (const tool of own) expect(tool.outputSchema, tool.name).toMatchObject({ type: 'object' });
}, 60_000);

afterAll(async () => {
  await agent?.close();
});

async function sameTools(server: string, command: string, args: string[], env: Record<string, string> = {}) {
  const opened = await callAgent(agent.client, 'open_session', { server });
  expect(opened.source).toBe('config');
  const session = String(opened.session);
  const listed = await callAgent(agent.client, 'list', { session, kind: 'tools' });
  const plain = await direct(command, args, env);
  try {
    const tools = await plain.tools();
    expect(listed.count).toBe(tools.length);
    expect(listed.complete).toBe(true);
    // Every tool, every field, as sent.
    expect(await listedItems(agent.client, String(listed.listing))).toEqual(tools);
    const first = tools[0] as { name: string };
    const described = await callAgent(agent.client, 'describe', { session, kind: 'tools', name: first.name });
    expect(described.item).toEqual(first);
    return { session, tools, plain };
  } catch (error) {
    await plain.close();
    throw error;
  }
}

describe('loupe mcp, driven by the SDK 1.x Client over stdio', () => {
  it(
    'server-everything: the 13 tools as sent, and echo and get-sum answer as directly',
    { timeout: 180_000 },
    async () => {
      const { session, tools, plain } = await sameTools('everything', process.execPath, [
        everythingScript,
        'stdio',
      ]);
      try {
        expect(tools).toHaveLength(13);
        for (const call of [
          { name: 'echo', arguments: { message: 'through loupe' } },
          { name: 'get-sum', arguments: { a: 2, b: 40 } },
        ]) {
          const through = await callAgent(agent.client, 'call_tool', {
            session,
            tool: call.name,
            arguments: call.arguments,
          });
          expect(through.isError).toBe(false);
          expect(through.result).toEqual(await plain.client.callTool(call));
          const frames = through.frames as { request: number; response: number };
          expect(frames.response).toBeGreaterThan(frames.request);
        }
      } finally {
        await plain.close();
        await callAgent(agent.client, 'close_session', { session });
      }
    },
  );

  it(
    'server-memory: its 9 tools, and create_entities then read_graph answer as directly',
    { timeout: 180_000 },
    async () => {
      const ownFile = join(folder.root, 'direct-memory.jsonl');
      const { session, tools, plain } = await sameTools('memory', process.execPath, [memoryScript], {
        MEMORY_FILE_PATH: ownFile,
      });
      try {
        expect(tools).toHaveLength(9);
        const entities = {
          entities: [{ name: 'Loupe', entityType: 'tool', observations: ['inspects MCP servers'] }],
        };
        const created = await callAgent(agent.client, 'call_tool', {
          session,
          tool: 'create_entities',
          arguments: entities,
        });
        expect(created.result).toEqual(
          await plain.client.callTool({ name: 'create_entities', arguments: entities }),
        );
        const graph = await callAgent(agent.client, 'call_tool', {
          session,
          tool: 'read_graph',
          arguments: {},
        });
        expect(graph.result).toEqual(await plain.client.callTool({ name: 'read_graph', arguments: {} }));
        expect(JSON.stringify(graph.result)).toContain('inspects MCP servers');
      } finally {
        await plain.close();
        await callAgent(agent.client, 'close_session', { session });
      }
    },
  );

  it(
    'server-filesystem: its 14 tools, and read_text_file answers as directly',
    { timeout: 180_000 },
    async () => {
      const { session, tools, plain } = await sameTools('filesystem', process.execPath, [
        filesystemScript,
        folder.files,
      ]);
      try {
        expect(tools).toHaveLength(14);
        const read = { name: 'read_text_file', arguments: { path: join(folder.files, 'hello.txt') } };
        const through = await callAgent(agent.client, 'call_tool', {
          session,
          tool: read.name,
          arguments: read.arguments,
        });
        expect(through.result).toEqual(await plain.client.callTool(read));
        expect(JSON.stringify(through.result)).toContain('hello from the filesystem server');
      } finally {
        await plain.close();
        await callAgent(agent.client, 'close_session', { session });
      }
    },
  );

  it(
    '3,000 tools in pages of 25: stops loudly at the page limit, then lists all 3,002 as sent',
    { timeout: 300_000 },
    async () => {
      const opened = await callAgent(agent.client, 'open_session', { server: 'paged' });
      const session = String(opened.session);
      try {
        const stopped = await callAgent(agent.client, 'list', { session, kind: 'tools', limit: 5 });
        expect(stopped.complete).toBe(false);
        expect(stopped.count).toBe(64 * 25);
        expect(stopped.pages).toBe(64);
        expect(stopped.error).toMatchObject({ kind: 'page-limit' });
        const whole = await callAgent(agent.client, 'list', {
          session,
          kind: 'tools',
          morePages: 'all',
          limit: 500,
          offset: 2500,
        });
        expect(whole).toMatchObject({ complete: true, count: 3002, pages: 121, offset: 2500 });
        expect(whole.items).toHaveLength(500);
        expect(whole).not.toHaveProperty('error');
        const plain = await direct(process.execPath, [
          serverPaths.paginating,
          '--tools',
          '3000',
          '--page-size',
          '25',
        ]);
        try {
          const tools = await plain.tools();
          expect(tools).toHaveLength(3002);
          expect(await listedItems(agent.client, String(whole.listing))).toEqual(tools);
          // Every fifth numbered tool carries an unknown field: it reaches the agent as sent.
          const odd = tools.find((tool) => 'x-unknown-field' in tool) as { name: string };
          const described = await callAgent(agent.client, 'describe', {
            session,
            kind: 'tools',
            name: odd.name,
          });
          expect(described.item).toHaveProperty('x-unknown-field');
        } finally {
          await plain.close();
        }
      } finally {
        await callAgent(agent.client, 'close_session', { session });
      }
    },
  );
});
