/**
 * `loupe mcp` over stdio (the built command, started by the client as a host's config would) driven by the v2
 * Client pinned to 2026-07-28 (server/discover, the per-request _meta envelope, no initialize) and by the official
 * Inspector CLI (one process per request): each gets what a direct connection to the same server gets.
 */
import { execFile, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuild } from '../cli/loupe.js';
import {
  agentEnvironment,
  agentFolder,
  filesystemScript,
  mcpCommand,
  type AgentFolder,
  type Structured,
} from './agentHarness.js';
import { direct } from './directServer.js';

const execFileAsync = promisify(execFile);

let folder: AgentFolder;

beforeAll(() => {
  requireBuild();
  folder = agentFolder();
});

describe('loupe mcp over stdio, clients no one here wrote', () => {
  it('the v2 Client pinned to 2026-07-28: server-filesystem listed and read as directly', async () => {
    const client = new Client(
      { name: 'v2-stdio-host', version: '2.4.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      new StdioClientTransport({
        ...mcpCommand(folder, ['--allow-calls']),
        env: agentEnvironment(folder),
        cwd: join(folder.root, 'project'),
        stderr: 'pipe',
      }),
    );
    const plain = await direct(process.execPath, [filesystemScript, folder.files]);
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('call_tool');
      const call = async (name: string, args: Record<string, unknown>): Promise<Structured> => {
        const result = await client.callTool({ name, arguments: args });
        if (result.isError) throw new Error(`${name} refused: ${JSON.stringify(result.content)}`);
        return result.structuredContent as Structured;
      };
      const session = String((await call('open_session', { server: 'filesystem' })).session);
      const tools = await plain.tools();
      const listed = await call('list', { session, kind: 'tools', limit: 500 });
      expect(listed).toMatchObject({ count: tools.length, complete: true });
      const page = await client.readResource({ uri: String(listed.listing) });
      const content = page.contents[0];
      expect(
        content && 'text' in content ? (JSON.parse(content.text) as { items: unknown[] }).items : [],
      ).toEqual(tools);
      const read = { name: 'read_text_file', arguments: { path: join(folder.files, 'hello.txt') } };
      const through = await call('call_tool', { session, tool: read.name, arguments: read.arguments });
      expect(through.result).toEqual(await plain.client.callTool(read));
    } finally {
      await plain.close();
      await client.close();
    }
  }, 120_000);

  it('the official Inspector CLI: list_targets names the configured servers, their env values withheld', async () => {
    const found = spawnSync(
      process.execPath,
      [fileURLToPath(new URL('../../scripts/node22.mjs', import.meta.url))],
      {
        encoding: 'utf8',
        timeout: 300_000,
      },
    );
    if (found.status !== 0) throw new Error(`scripts/node22.mjs failed: ${found.stderr}`);
    const [node22 = '', , launcher = ''] = found.stdout.trim().split('\n');
    const { command, args } = mcpCommand(folder);
    const environment = Object.entries(agentEnvironment(folder)).flatMap(([name, value]) => [
      '-e',
      `${name}=${value}`,
    ]);
    const { stdout } = await execFileAsync(
      node22,
      [
        launcher,
        '--cli',
        command,
        ...args,
        ...environment,
        '--cwd',
        join(folder.root, 'project'),
        '--method',
        'tools/call',
        '--tool-name',
        'list_targets',
      ],
      { timeout: 120_000 },
    );
    const targets = ((JSON.parse(stdout) as { structuredContent: Structured }).structuredContent.targets ??
      []) as {
      name: string;
      target: { env?: Record<string, string> };
    }[];
    expect(targets.map((entry) => entry.name)).toEqual(['everything', 'memory', 'filesystem', 'paged']);
    expect(targets.find((entry) => entry.name === 'memory')?.target.env).toEqual({
      MEMORY_FILE_PATH: '[redacted]',
    });
    expect(stdout).not.toContain(folder.memoryFile);
  }, 320_000);
});
