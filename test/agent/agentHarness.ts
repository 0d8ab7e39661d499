/**
 * `loupe mcp` as the tests drive it: the real command (node bin/loupe.js mcp, the built bundle) started by a client no
 * one here wrote, in a folder of its own — its own HOME (no client config of this machine counts), settings,
 * snapshots folder and runtime folder (no Loupe of the machine is linked) — with a client config file naming the
 * real servers it may open. Results are read as the agent reads them: structuredContent, or the named error.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { loupeBin, repositoryRoot } from '../cli/loupe.js';
import { serverPaths } from '../helpers/servers.js';

const modules = join(repositoryRoot, 'node_modules', '@modelcontextprotocol');
export const everythingScript = join(modules, 'server-everything', 'dist', 'index.js');
export const memoryScript = join(modules, 'server-memory', 'dist', 'index.js');
export const filesystemScript = join(modules, 'server-filesystem', 'dist', 'index.js');

export interface AgentFolder {
  root: string;
  home: string;
  config: string;
  settings: string;
  snapshots: string;
  runtime: string;
  /** A folder server-filesystem serves. */
  files: string;
  memoryFile: string;
}

/** A fresh folder with a client config (.mcp.json shape) naming everything, memory, filesystem and a 3,000-tool server. */
export function agentFolder(extraServers: Record<string, unknown> = {}): AgentFolder {
  const root = mkdtempSync(join(tmpdir(), 'loupe-agent-'));
  const folder: AgentFolder = {
    root,
    home: join(root, 'home'),
    config: join(root, 'project', '.mcp.json'),
    settings: join(root, 'settings.json'),
    snapshots: join(root, 'snapshots'),
    runtime: join(root, 'run'),
    files: join(root, 'files'),
    memoryFile: join(root, 'memory.jsonl'),
  };
  for (const dir of [folder.home, join(root, 'project'), folder.files]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(folder.files, 'hello.txt'), 'hello from the filesystem server\n');
  writeFileSync(
    folder.config,
    JSON.stringify(
      {
        mcpServers: {
          everything: { command: process.execPath, args: [everythingScript, 'stdio'] },
          memory: {
            command: process.execPath,
            args: [memoryScript],
            env: { MEMORY_FILE_PATH: folder.memoryFile },
          },
          filesystem: { command: process.execPath, args: [filesystemScript, folder.files] },
          paged: {
            command: process.execPath,
            args: [serverPaths.paginating, '--tools', '3000', '--page-size', '25'],
          },
          ...extraServers,
        },
      },
      null,
      2,
    ),
  );
  return folder;
}

/** The environment `loupe mcp` runs in: the folder's HOME and runtime folder, this PATH. */
export function agentEnvironment(
  folder: AgentFolder,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    HOME: folder.home,
    PATH: process.env.PATH ?? '',
    LOUPE_RUNTIME_DIR: folder.runtime,
    LOUPE_DATA_DIR: join(folder.root, 'data'),
    ...extra,
  };
}

/** `node bin/loupe.js mcp` with the folder's targets, settings and snapshots, and the flags given. */
export function mcpCommand(folder: AgentFolder, flags: string[] = []): { command: string; args: string[] } {
  return {
    command: process.execPath,
    args: [
      loupeBin,
      'mcp',
      '--targets',
      folder.config,
      '--settings',
      folder.settings,
      '--snapshots',
      folder.snapshots,
      ...flags,
    ],
  };
}

export interface AgentClient {
  client: Client;
  stderr: () => string;
  close(): Promise<void>;
}

/** The official SDK 1.x Client connected to `loupe mcp` over stdio. */
export async function sdkAgent(
  folder: AgentFolder,
  options: { flags?: string[]; capabilities?: Record<string, unknown>; env?: Record<string, string> } = {},
): Promise<AgentClient> {
  const transport = new StdioClientTransport({
    ...mcpCommand(folder, options.flags),
    env: agentEnvironment(folder, options.env),
    cwd: join(folder.root, 'project'),
    stderr: 'pipe',
  });
  let said = '';
  transport.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString('utf8')));
  const client = new Client(
    { name: 'agent-test-host', version: '1.0.0' },
    { capabilities: options.capabilities ?? {} },
  );
  await client.connect(transport);
  return { client, stderr: () => said, close: () => client.close() };
}

export type Structured = Record<string, unknown>;

/** A tool's structuredContent; fails naming the error when the tool refused. */
export async function callAgent(
  client: Pick<Client, 'callTool'>,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Structured> {
  const result = (await client.callTool({ name, arguments: args }, undefined, {
    timeout: 600_000,
  })) as CallToolResult;
  if (result.isError) throw new Error(`${name} refused: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Structured;
}

/** The named error a tool answered with ({kind, message, data?}); fails when it did not refuse. */
export async function refusal(
  client: Pick<Client, 'callTool'>,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ kind: string; message: string; data?: Record<string, unknown> }> {
  const result = (await client.callTool({ name, arguments: args }, undefined, {
    timeout: 600_000,
  })) as CallToolResult;
  if (!result.isError)
    throw new Error(
      `${name} was expected to refuse and answered ${JSON.stringify(result.structuredContent)}`,
    );
  const first = result.content[0];
  if (!first || first.type !== 'text') throw new Error(`${name} refused without a text block`);
  return (
    JSON.parse(first.text) as { error: { kind: string; message: string; data?: Record<string, unknown> } }
  ).error;
}

/** Every page of a list through `loupe mcp`'s listing resource: the items exactly as the server sent them. */
export async function listedItems(client: Client, uri: string): Promise<unknown[]> {
  const items: unknown[] = [];
  let next: string | undefined = uri;
  while (next) {
    const read = await client.readResource({ uri: next });
    const content = read.contents[0];
    if (!content || !('text' in content)) throw new Error(`${next} has no text`);
    const page = JSON.parse(content.text) as { items: unknown[]; next?: string };
    items.push(...page.items);
    next = page.next;
  }
  return items;
}

export interface HttpAgent {
  /** The URL it printed: the endpoint with this run's credential as its last segment. */
  url: string;
  /** The endpoint without the credential (send Authorization: Bearer <token>). */
  endpoint: string;
  token: string;
  port: number;
  stderr: () => string;
  stop(): Promise<void>;
}

/** `loupe mcp --http` as a real process in the folder: the URL it prints first on stdout. */
export async function httpAgent(
  folder: AgentFolder,
  flags: string[] = [],
  env: Record<string, string> = {},
): Promise<HttpAgent> {
  const { command, args } = mcpCommand(folder, ['--http', ...flags]);
  const child = spawn(command, args, {
    cwd: join(folder.root, 'project'),
    env: agentEnvironment(folder, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (said += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', resolve);
    child.once('exit', (code) =>
      reject(new Error(`loupe mcp --http exited (${String(code)}) before printing its URL: ${said}`)),
    );
  });
  const match = /^(http:\/\/127\.0\.0\.1:(\d+)\/mcp)\/([A-Za-z0-9_-]+)$/.exec(url);
  if (!match) throw new Error(`loupe mcp --http printed ${url}`);
  return {
    url,
    endpoint: match[1] ?? '',
    port: Number(match[2]),
    token: match[3] ?? '',
    stderr: () => said,
    async stop() {
      if (child.exitCode !== null) return;
      const closed = once(child, 'close');
      child.kill('SIGTERM');
      await closed;
    },
  };
}
