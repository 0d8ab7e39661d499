/**
 * Hosts no one here wrote, through `loupe tap` (the built CLI, a real process) into a running browser host: the
 * tapped session shows what the host negotiated and listed as soon as the frames pass, in both eras, and a snapshot
 * of it says connected with the tools the host listed. Loupe does not own the connection: connecting on the session
 * again is refused by name, and the session stays the host's.
 *
 * - the official SDK 1.x Client (initialize, 2025);
 * - the v2 `@modelcontextprotocol/client` pinned to 2026-07-28 against the v2 test server (it probes
 *   server/discover on a short-lived sibling process, then speaks on a new one with the per-request _meta envelope
 *   and no initialize), and in its auto mode against server-everything (the probe refused, then initialize);
 * - Loupe's own `loupe list --protocol auto` (server/discover refused, then initialize on the same connection);
 * - the official Inspector CLI (scripts/node22.mjs finds a Node 22 and the Inspector).
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as SdkStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorData } from '../../src/shared/errors.js';
import type { ListResult } from '../../src/shared/lists.js';
import type { SessionInfo } from '../../src/shared/sessions.js';
import type { Snapshot } from '../../src/shared/snapshot.js';
import type { LoupeApi } from '../../src/shared/contract.js';
import { loupeBin, requireBuild } from '../cli/loupe.js';
import { serverCommand } from '../helpers/servers.js';
import { startLiveHost, until, type LiveHost } from './liveHost.js';
import { everythingStdio, tapFiles } from './tapHarness.js';

const v2Strict = serverCommand('v2', ['--transport', 'stdio', '--legacy', 'reject']);

let live: LiveHost;
let runtime = '';

beforeAll(async () => {
  requireBuild();
  live = await startLiveHost();
  runtime = live.paths.directory;
}, 60_000);

afterAll(async () => {
  await live?.close();
});

/** `loupe tap --journal … -- <server>`, as a host's config would run it. */
function tapped(server: readonly string[]): { command: string; args: string[] } {
  return {
    command: process.execPath,
    args: [loupeBin, 'tap', '--journal', tapFiles().journal, '--', ...server],
  };
}

async function sessionIds(api: LoupeApi): Promise<Set<string>> {
  return new Set((await api.sessions()).map((info) => info.id));
}

/**
 * The tapped session of `client` (clientInfo "name version") opened since `before` that holds the tools the host
 * listed, whole, and its status now. (A host that probes the era on a sibling process has a second session, with only
 * its server/discover.)
 */
function listedSession(
  api: LoupeApi,
  before: ReadonlySet<string>,
  client: string | RegExp,
): Promise<{ info: SessionInfo; list: ListResult }> {
  return until(`the tools ${String(client)} listed, in its tapped session`, async () => {
    for (const info of await api.sessions()) {
      const host = info.status.state === 'idle' ? undefined : info.status.tapped?.client;
      if (
        before.has(info.id) ||
        host === undefined ||
        !(typeof client === 'string' ? host === client : client.test(host))
      )
        continue;
      const list = (await api.forSession(info.id).keptLists()).find((result) => result.kind === 'tools');
      if (list?.complete) return { info: { ...info, status: await api.forSession(info.id).status() }, list };
    }
    return undefined;
  });
}

function handshakeOf(info: SessionInfo) {
  if (info.status.state !== 'connected') throw new Error(`session ${info.id} is ${info.status.state}`);
  return info.status.handshake;
}

/** A snapshot of the session, and that the session refuses to connect (a Reconnect) by name and stays as it was. */
async function snapshotAndRefusal(api: LoupeApi, info: SessionInfo): Promise<Snapshot> {
  const session = api.forSession(info.id);
  const snapshot = JSON.parse((await session.createSnapshot()).text) as Snapshot;
  const count = (await api.sessions()).length;
  const refused = await session
    .connect(info.status.state === 'idle' ? { transport: 'demo' } : info.status.target)
    .then(
      () => undefined,
      (error: unknown) => toErrorData(error),
    );
  expect(refused?.kind).toBe('tapped-session');
  expect(refused?.message).toMatch(/does not own it/);
  expect((await api.sessions()).length).toBe(count);
  const after = await session.status();
  expect(after.state !== 'idle' && after.tapped?.pid).toBe(
    info.status.state !== 'idle' && info.status.tapped?.pid,
  );
  expect((await session.frames(0, 10_000)).some((frame) => frame.raw.includes('"name":"loupe"'))).toBe(false);
  return snapshot;
}

describe('hosts no one here wrote, through a live tap', () => {
  it('the SDK 1.x Client (2025, initialize): connected with its handshake and every tool it listed, while it runs', async () => {
    const before = await sessionIds(live.api);
    const client = new SdkClient({ name: 'sdk-one-host', version: '1.4.2' });
    await client.connect(
      new SdkStdio({
        ...tapped(everythingStdio),
        stderr: 'pipe',
        env: { ...process.env, LOUPE_RUNTIME_DIR: runtime },
      }),
    );
    try {
      const tools = (await client.listTools()).tools;
      const { info, list } = await listedSession(live.api, before, 'sdk-one-host 1.4.2');
      const handshake = handshakeOf(info);
      expect(handshake).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25', transport: 'stdio' });
      expect(handshake.serverInfo?.name).toBe('mcp-servers/everything');
      expect(handshake.clientCapabilities).toEqual({});
      expect(list.items.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
      const snapshot = await snapshotAndRefusal(live.api, info);
      expect(snapshot).toMatchObject({ connected: true, toolCount: tools.length, era: 'legacy' });
      expect(snapshot.toolNames).toEqual(tools.map((tool) => tool.name));
    } finally {
      await client.close();
    }
  }, 90_000);

  it('the v2 Client pinned to 2026-07-28: probe on one process, the per-request envelope on the next, every page', async () => {
    const before = await sessionIds(live.api);
    const client = new Client(
      { name: 'v2-pinned-host', version: '2.4.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      new StdioClientTransport({
        ...tapped(v2Strict),
        stderr: 'pipe',
        env: { ...process.env, LOUPE_RUNTIME_DIR: runtime },
      }),
    );
    try {
      const names: unknown[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor === undefined ? {} : { cursor });
        names.push(...page.tools.map((tool) => tool.name));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      expect(names).toHaveLength(25);
      const { info: current, list } = await listedSession(live.api, before, 'v2-pinned-host 2.4.0');
      const handshake = handshakeOf(current);
      expect(handshake).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28', transport: 'stdio' });
      expect(handshake.serverInfo?.name).toBe('loupe-v2-test-server');
      expect(handshake.eraReason).toMatch(
        /server\/discover on another connection \(tapped session s\d+\), then the per-request _meta envelope \(2026-07-28\) on this one/,
      );
      expect(list.items.map((tool) => tool.name)).toEqual(names);
      expect(list.pages).toHaveLength(3);
      // The probe's own session: closed, its frames there, and the handshake it made kept in its closed status
      // (the strip tells the two sessions apart by it; a probe closes as soon as it is answered).
      const probe = await until('the probe session, closed', async () =>
        (await live.api.sessions()).find(
          (info) => !before.has(info.id) && info.id !== current.id && info.status.state === 'closed',
        ),
      );
      expect(probe.status).toMatchObject({
        state: 'closed',
        handshake: { era: 'modern', serverInfo: { name: 'loupe-v2-test-server' } },
      });
      const probeFrames = await live.api.forSession(probe.id).frames(0, 100);
      expect(
        probeFrames.filter((frame) => frame.kind !== 'stderr').map((frame) => frame.method ?? frame.kind),
      ).toEqual(['server/discover', 'response']);
      const frames = await live.api.forSession(current.id).frames(0, 1000);
      expect(
        frames.some((frame) => frame.method === 'initialize' || frame.method === 'server/discover'),
      ).toBe(false);
      const snapshot = await snapshotAndRefusal(live.api, current);
      expect(snapshot).toMatchObject({
        connected: true,
        toolCount: 25,
        era: 'modern',
        protocolVersion: '2026-07-28',
      });
    } finally {
      await client.close();
    }
  }, 90_000);

  it('the v2 Client in auto mode against a 2025 server: its refused server/discover probe, then initialize', async () => {
    const before = await sessionIds(live.api);
    const client = new Client(
      { name: 'v2-auto-host', version: '2.4.0' },
      { versionNegotiation: { mode: 'auto' } },
    );
    await client.connect(
      new StdioClientTransport({
        ...tapped(everythingStdio),
        stderr: 'pipe',
        env: { ...process.env, LOUPE_RUNTIME_DIR: runtime },
      }),
    );
    try {
      const tools = (await client.listTools()).tools;
      const { info: current, list } = await listedSession(live.api, before, 'v2-auto-host 2.4.0');
      expect(list.items).toHaveLength(tools.length);
      expect(handshakeOf(current)).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
      expect(handshakeOf(current).eraReason).toMatch(
        /the host probed server\/discover on another connection \(tapped session s\d+: server\/discover was answered with JSON-RPC error -32601/,
      );
      const snapshot = await snapshotAndRefusal(live.api, current);
      expect(snapshot).toMatchObject({ connected: true, toolCount: tools.length });
    } finally {
      await client.close();
    }
  }, 90_000);

  it("Loupe's own --protocol auto: server/discover refused, initialize on the same connection; connected in the 2025 era", async () => {
    const before = await sessionIds(live.api);
    const child = spawn(
      process.execPath,
      [
        loupeBin,
        'list',
        '--json',
        '--protocol',
        'auto',
        '--env',
        `LOUPE_RUNTIME_DIR=${runtime}`,
        '--',
        ...Object.values(tapped(everythingStdio)).flat(),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    const tools = (JSON.parse(out) as { items: unknown[] }).items;
    const { info: mine, list } = await listedSession(live.api, before, /^loupe /);
    expect(list.items).toHaveLength(tools.length);
    const snapshot = JSON.parse((await live.api.forSession(mine.id).createSnapshot()).text) as Snapshot;
    expect(snapshot).toMatchObject({ connected: true, toolCount: tools.length, era: 'legacy' });
    expect(snapshot.eraReason).toMatch(
      /the host probed server\/discover first \(server\/discover was answered with JSON-RPC error -32601/,
    );
  }, 90_000);
});

describe('the official Inspector CLI through a live tap', () => {
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

  it('tools/list: the session is connected with the inspector as the host and the tools it printed', async () => {
    const before = await sessionIds(live.api);
    const line = tapped(everythingStdio);
    // The inspector starts servers with a pared-down environment: the tap is told where this Loupe listens with -e.
    // Run without blocking: this process is the Loupe it reaches.
    const child = spawn(
      node22,
      [
        launcher,
        '--cli',
        line.command,
        ...line.args,
        '--method',
        'tools/list',
        '-e',
        `LOUPE_RUNTIME_DIR=${runtime}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let said = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, said).toBe(0);
    expect(said).toMatch(/loupe tap: live in Loupe as session s\d+/);
    const printed = (JSON.parse(out) as { tools: { name: string }[] }).tools;
    const { info, list } = await listedSession(live.api, before, 'inspector-cli 2.12.0');
    expect(list.items.map((tool) => tool.name)).toEqual(printed.map((tool) => tool.name));
    const snapshot = JSON.parse((await live.api.forSession(info.id).createSnapshot()).text) as Snapshot;
    expect(snapshot).toMatchObject({ connected: true, toolCount: printed.length, era: 'legacy' });
    expect(snapshot.serverInfo?.name).toBe('mcp-servers/everything');
  }, 180_000);
});
