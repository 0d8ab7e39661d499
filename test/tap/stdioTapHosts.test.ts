/**
 * More hosts no one here wrote, through `loupe tap`: the v2 `@modelcontextprotocol/client` (2026-07-28, pinned) to
 * the v2 test server, and the official Inspector's CLI to server-everything. With no fault each gets what a direct
 * run gets, and the journal holds the bytes that crossed the pipe.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { loupeBin, requireBuild } from '../cli/loupe.js';
import { serverCommand } from '../helpers/servers.js';
import {
  everythingStdio,
  journalFrames,
  processFiles,
  recordedBytes,
  tapFiles,
  tapFilesPerProcess,
  tappedCommand,
  type TapFiles,
} from './tapHarness.js';

const v2Stdio = serverCommand('v2', ['--transport', 'stdio', '--legacy', 'reject']);

async function v2Client(files?: TapFiles): Promise<Client> {
  const line = files ? tappedCommand(files, v2Stdio) : { command: v2Stdio[0] ?? '', args: v2Stdio.slice(1) };
  const client = new Client(
    { name: 'tap-v2-host', version: '2.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new StdioClientTransport({ ...line, stderr: 'pipe' }));
  return client;
}

/** Every page of tools/list, as the client walks it. */
async function allTools(client: Client): Promise<unknown[]> {
  const tools: unknown[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

describe('loupe tap with the v2 Client and the v2 test server (2026-07-28)', () => {
  beforeAll(() => requireBuild());

  it('lists every page and calls a tool as a direct run does; the journal has the exact bytes and the modern envelope', async () => {
    const direct = await v2Client();
    // The v2 SDK probes the era on a short-lived sibling process first: each process gets its own files.
    const files = tapFilesPerProcess();
    const tapped = await v2Client(files);
    try {
      const [directTools, tappedTools] = await Promise.all([allTools(direct), allTools(tapped)]);
      expect(tappedTools).toEqual(directTools);
      expect(tappedTools).toHaveLength(25);
      const call = { name: 'echo_request', arguments: { note: 'tapped' } };
      const [directCall, tappedCall] = await Promise.all([direct.callTool(call), tapped.callTool(call)]);
      expect(tappedCall).toEqual(directCall);
    } finally {
      await direct.close();
      await tapped.close();
    }
    const runs = processFiles(files);
    for (const run of runs) {
      const recorded = journalFrames(run.journal);
      expect(recordedBytes(recorded, 'out').equals(readFileSync(run.sent))).toBe(true);
      expect(recordedBytes(recorded, 'in').equals(readFileSync(run.received))).toBe(true);
    }
    const all = runs.map((run) => journalFrames(run.journal));
    expect(all.some((recorded) => recorded.some((frame) => frame.method === 'server/discover'))).toBe(true);
    const frames = all.find((recorded) => recorded.some((frame) => frame.method === 'tools/call')) ?? [];
    expect(frames.some((frame) => frame.method === 'initialize')).toBe(false);
    const listings = frames.filter((frame) => frame.method === 'tools/list');
    expect(listings).toHaveLength(3);
    expect(listings[0]?.raw).toContain('"tap-v2-host"');
  });
});

describe('loupe tap with the official Inspector CLI', () => {
  let node22 = '';
  let launcher = '';
  beforeAll(() => {
    requireBuild();
    const found = spawnSync(
      process.execPath,
      [fileURLToPath(new URL('../../scripts/node22.mjs', import.meta.url))],
      { encoding: 'utf8', timeout: 300_000 },
    );
    if (found.status !== 0) throw new Error(`scripts/node22.mjs failed: ${found.stderr}`);
    [node22 = '', , launcher = ''] = found.stdout.trim().split('\n');
  });

  const inspect = (server: readonly string[], method: string[]) => {
    const run = spawnSync(node22, [launcher, '--cli', ...server, ...method], {
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as unknown;
  };

  it(
    'tools/list and tools/call through the tap equal a direct run; the journal names the inspector as the host',
    { timeout: 180_000 },
    () => {
      const files = tapFiles();
      const tapped = [
        process.execPath,
        loupeBin,
        'tap',
        '--journal',
        files.journal,
        '--',
        ...everythingStdio,
      ];
      expect(inspect(tapped, ['--method', 'tools/list'])).toEqual(
        inspect(everythingStdio, ['--method', 'tools/list']),
      );
      const call = ['--method', 'tools/call', '--tool-name', 'echo', '--tool-arg', 'message=inspected'];
      const result = inspect(tapped, call);
      expect(result).toEqual(inspect(everythingStdio, call));
      expect(JSON.stringify(result)).toContain('Echo: inspected');
      const frames = journalFrames(files.journal);
      expect(frames.find((frame) => frame.method === 'initialize')?.raw).toContain('"inspector-cli"');
      expect(frames.find((frame) => frame.method === 'tools/call')?.raw).toContain('inspected');
    },
  );
});
