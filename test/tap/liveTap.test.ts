/**
 * A live tapped session: a browser host runs; `loupe tap` (the built CLI, a real process) launched by the official
 * SDK 1.x Client reaches it over the user-only socket, and the host shows the tap as a session named after the
 * client's clientInfo, with the tap's frames. A tap that finds no Loupe, a refusing one or one that never answers
 * still serves its host and records its journal.
 */

import { mkdir, mkdtemp, stat, writeFile } from 'node:fs/promises';
import { createServer, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoupeApi } from '../../src/shared/contract.js';
import type { SessionInfo } from '../../src/shared/sessions.js';
import type { Frame } from '../../src/shared/frames.js';
import { webSocketProtocols } from '../../src/shared/webSocketCredential.js';
import { startHost, type RunningHost } from '../../src/host/startHost.js';
import { livePaths, type LivePaths } from '../../src/core/tap/livePaths.js';
import { clientOver, tryWebSocket } from '../host/hostClient.js';
import { loupeBin, startEverything } from '../cli/loupe.js';
import { everythingStdio, journalFrames, tapFiles } from './tapHarness.js';

/** The SDK client through `loupe tap`, the tap looking for Loupe in `runtime`; its stderr kept. */
async function tappedClient(
  runtime: string,
  journal: string,
): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [loupeBin, 'tap', '--journal', journal, '--', ...everythingStdio],
    stderr: 'pipe',
    env: { ...process.env, LOUPE_RUNTIME_DIR: runtime },
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'live-test-host', version: '4.5.6' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('live tapped session in a running browser host', () => {
  let host: RunningHost;
  let paths: LivePaths;
  let api: LoupeApi;
  let socket: { close(): void };

  beforeAll(async () => {
    const rendererDir = await mkdtemp(join(tmpdir(), 'loupe-renderer-'));
    await mkdir(join(rendererDir, 'assets'));
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Loupe test page</title>');
    paths = livePaths({ LOUPE_RUNTIME_DIR: join(await mkdtemp(join(tmpdir(), 'loupe-live-')), 'run') });
    host = await startHost({ port: 0, rendererDir, settingsPath: null, taps: paths });
    const token = new URL(host.url).searchParams.get('token') ?? '';
    const opened = await tryWebSocket(`ws://127.0.0.1:${host.port}/ws`, webSocketProtocols(token), {
      Origin: `http://127.0.0.1:${host.port}`,
    });
    if (opened.outcome !== 'open') throw new Error(`refused with ${opened.outcome}`);
    socket = opened.socket;
    api = clientOver(opened.socket);
  }, 60_000);

  afterAll(async () => {
    socket?.close();
    await host?.close();
  });

  it('listens on a user-only socket with a user-only secret, not a port', async () => {
    expect(host.tapSocket).toBe(paths.socket);
    expect((await stat(paths.directory)).mode & 0o777).toBe(0o700);
    expect((await stat(paths.socket)).isSocket()).toBe(true);
    expect((await stat(paths.socket)).mode & 0o777).toBe(0o600);
    expect((await stat(paths.secret)).mode & 0o777).toBe(0o600);
  });

  it('shows a tap launched by the SDK client as a live session with its frames, read-only', async () => {
    const files = tapFiles();
    const before = new Set((await api.sessions()).map((info) => info.id));
    const { client, stderr } = await tappedClient(paths.directory, files.journal);
    const tools = await client.listTools();
    expect(tools.tools.length).toBeGreaterThanOrEqual(10);
    const echoed = await client.callTool({ name: 'echo', arguments: { message: 'through the live tap' } });
    expect(JSON.stringify(echoed.content)).toContain('through the live tap');

    const tapped = await until('the tapped session', async () =>
      (await api.sessions()).find(
        (info: SessionInfo) => !before.has(info.id) && info.status.state === 'connected',
      ),
    );
    const status = tapped.status;
    if (status.state !== 'connected' || !status.tapped) throw new Error('not a tapped session');
    expect(status.tapped.label).toBe('tapped: live-test-host 4.5.6 → mcp-servers/everything');
    expect(status.handshake.serverInfo?.name).toBe('mcp-servers/everything');
    expect(status.target).toMatchObject({ transport: 'stdio', command: process.execPath });
    expect(stderr()).toContain(`loupe tap: live in Loupe as session ${tapped.id}`);

    const session = api.forSession(tapped.id);
    const frames = await until('the call in the session', async () => {
      const held = await session.frames(0, 1000);
      return held.some((frame) => frame.direction === 'in' && frame.raw.includes('through the live tap'))
        ? held
        : undefined;
    });
    const methods = frames.filter((frame) => frame.direction === 'out').map((frame) => frame.method);
    expect(methods.slice(0, 4)).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/list',
      'tools/call',
    ]);
    // Paired and timed as Loupe's own frames are: the listing answers the tools/list request.
    const request = frames.find((frame) => frame.method === 'tools/list');
    const list = frames.find(
      (frame) => frame.direction === 'in' && frame.id === request?.id && frame.kind === 'response',
    );
    expect(list?.pairSeq).toBe(request?.seq);
    expect(typeof list?.rttMs).toBe('number');
    expect((JSON.parse(list?.raw ?? '{}') as { result: { tools: unknown[] } }).result.tools).toHaveLength(
      tools.tools.length,
    );

    // The same frames as the tap's own journal, in order, on the tap's clock (when the bytes passed the tap), so
    // Timings show the host's pipe as it ran.
    await client.close();
    await until('the session to close', async () =>
      (await session.status()).state === 'closed' ? true : undefined,
    );
    const journal = journalFrames(files.journal);
    const shown = await session.frames(0, 10_000);
    const facts = (frame: Frame) => [
      frame.direction,
      frame.raw,
      frame.t,
      frame.wall,
      frame.pairSeq,
      frame.rttMs,
    ];
    expect(shown.map(facts)).toEqual(journal.map(facts));

    // Loupe does not own the connection: it sends nothing on it, and says why.
    await expect(
      session.callTool({ callId: 'c1', tool: 'echo', arguments: { message: 'x' } }),
    ).rejects.toThrow(/tapped: Loupe watches the connection between live-test-host 4\.5\.6 and the server/);
    await expect(session.list('tools')).rejects.toThrow(/does not own it/);
    // A snapshot of it is a normal one: the handshake read from the host's, every frame.
    const snapshot = JSON.parse((await session.createSnapshot()).text) as {
      serverInfo: { name: string };
      frames: unknown[];
    };
    expect(snapshot.serverInfo.name).toBe('mcp-servers/everything');
    expect(snapshot.frames.length).toBe(journal.length);
  }, 90_000);

  it('applies fault rules set from Loupe to the live tap, marks each injected fault, and clears them', async () => {
    const files = tapFiles();
    const before = new Set((await api.sessions()).map((info) => info.id));
    const { client, stderr } = await tappedClient(paths.directory, files.journal);
    try {
      expect(
        (await client.callTool({ name: 'echo', arguments: { message: 'before faults' } })).isError,
      ).not.toBe(true);
      const tapped = await until('the tapped session', async () =>
        (await api.sessions()).find(
          (info: SessionInfo) => !before.has(info.id) && info.status.state === 'connected',
        ),
      );
      const session = api.forSession(tapped.id);
      // A malformed rule is refused with its reason, and nothing reaches the tap.
      await expect(session.setTapFaults(['in,tool=echo:explode'])).rejects.toThrow(
        /unknown action "explode"/,
      );
      await session.setTapFaults(['in,tool=echo:error=-32042']);
      const status = await session.status();
      expect(status.state === 'connected' && status.tapped?.faults).toEqual(['in,tool=echo:error=-32042']);
      await until('the tap to take the rules', () =>
        Promise.resolve(
          stderr().includes('loupe tap: fault rules from Loupe: in,tool=echo:error=-32042')
            ? true
            : undefined,
        ),
      );

      // The SDK client sees the injected error as the server's answer would be seen...
      await expect(
        client.callTool({ name: 'echo', arguments: { message: 'faulted' } }),
      ).rejects.toMatchObject({ code: -32042 });
      // ...and the recording says the tap made it, in Loupe and in the journal.
      const marked = await until('the marked frames', async () => {
        const held = (await session.frames(0, 1000)).filter((frame) => frame.fault !== undefined);
        return held.length >= 1 ? held : undefined;
      });
      expect(marked.map((frame) => frame.fault)).toEqual([
        'replaced by a JSON-RPC error -32042 (fault rule 1: in,tool=echo:error=-32042)',
      ]);
      expect(marked[0]).toMatchObject({ direction: 'in', kind: 'error' });
      expect(marked[0].raw).toContain('Injected by loupe tap');

      await session.setTapFaults([]);
      await until('the tap to clear the rules', () =>
        Promise.resolve(stderr().includes('loupe tap: Loupe cleared the fault rules') ? true : undefined),
      );
      const after = await client.callTool({ name: 'echo', arguments: { message: 'after faults' } });
      expect(JSON.stringify(after.content)).toContain('after faults');
    } finally {
      await client.close();
    }
    const journaled = journalFrames(files.journal).filter((frame) => frame.fault !== undefined);
    expect(journaled.map((frame) => frame.fault)).toContain(
      'replaced by a JSON-RPC error -32042 (fault rule 1: in,tool=echo:error=-32042)',
    );
  }, 90_000);

  it('shows an HTTP tap (loupe tap --url) as a live session too, its frames with their HTTP facts', async () => {
    const upstream = await startEverything('streamableHttp');
    const files = tapFiles();
    const child = spawn(
      process.execPath,
      [loupeBin, 'tap', '--url', upstream.url, '--journal', files.journal],
      {
        env: { ...process.env, LOUPE_RUNTIME_DIR: paths.directory },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString('utf8')));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`the tap exited with ${String(code)}: ${said}`)));
      });
      const before = new Set((await api.sessions()).map((info) => info.id));
      const client = new Client({ name: 'live-http-host', version: '0.9.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      expect((await client.listTools()).tools.length).toBeGreaterThanOrEqual(10);
      const tapped = await until('the tapped HTTP session', async () =>
        (await api.sessions()).find(
          (info: SessionInfo) => !before.has(info.id) && info.status.state === 'connected',
        ),
      );
      const status = tapped.status;
      if (status.state !== 'connected' || !status.tapped) throw new Error('not a tapped session');
      expect(status.tapped.label).toBe('tapped: live-http-host 0.9.0 → mcp-servers/everything');
      expect(status.handshake.transport).toBe('http');
      expect(status.target).toEqual({ transport: 'http', url: upstream.url });
      const session = api.forSession(tapped.id);
      const frames = await until('the listing in the session', async () => {
        const held = await session.frames(0, 1000);
        return held.some((frame) => frame.method === 'tools/list') ? held : undefined;
      });
      expect(frames.find((frame) => frame.method === 'tools/list')?.http?.method).toBe('POST');
      await expect(session.setTapFaults(['in:drop'])).rejects.toThrow(/on stdio taps only/);
      await client.close();
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
      await upstream.stop();
    }
    expect(said).toMatch(/loupe tap: live in Loupe as session s\d+/);
  }, 90_000);

  it('closes a connection with a wrong secret unread, and opens no session for it', async () => {
    const before = (await api.sessions()).length;
    const wrong: Socket = connect(paths.socket);
    const closed = new Promise<string>((resolve) => {
      let heard = '';
      wrong.on('data', (chunk: Buffer) => (heard += chunk.toString()));
      wrong.on('close', () => resolve(heard));
    });
    wrong.write(
      `${JSON.stringify({ type: 'hello', secret: 'f'.repeat(64), server: { transport: 'stdio', command: 'x', args: [] }, pid: 1 })}\n`,
    );
    expect(await closed).toBe('');
    expect((await api.sessions()).length).toBe(before);
  });
});

describe('a tap with no Loupe to reach', () => {
  it('serves its host and records its journal when no Loupe ever ran (silently)', async () => {
    const files = tapFiles();
    const { client, stderr } = await tappedClient(join(files.folder, 'none'), files.journal);
    expect((await client.listTools()).tools.length).toBeGreaterThanOrEqual(10);
    await client.close();
    expect(journalFrames(files.journal).filter((frame) => frame.method === 'tools/list')).toHaveLength(1);
    expect(stderr()).not.toContain('live');
  }, 60_000);

  it('says once that a Loupe which left its secret behind is not running, and goes on', async () => {
    const files = tapFiles();
    const runtime = join(files.folder, 'stale');
    await mkdir(runtime, { mode: 0o700 });
    await writeFile(join(runtime, 'live.secret'), 'a'.repeat(64), { mode: 0o600 });
    const { client, stderr } = await tappedClient(runtime, files.journal);
    expect((await client.listTools()).tools.length).toBeGreaterThanOrEqual(10);
    await client.close();
    expect(
      stderr().match(/no live session in Loupe \(Loupe is not running\); recording to the journal only/g),
    ).toHaveLength(1);
    expect(journalFrames(files.journal).some((frame) => frame.method === 'tools/list')).toBe(true);
  }, 60_000);

  it("lets the host's traffic flow at once: a Loupe that welcomes the tap and reads nothing holds up no answer, and gets every frame later", async () => {
    const files = tapFiles();
    const runtime = join(files.folder, 'unread');
    await mkdir(runtime, { mode: 0o700 });
    await writeFile(join(runtime, 'live.secret'), 'c'.repeat(64), { mode: 0o600 });
    const held: Socket[] = [];
    // Welcomes each tap at once and reads nothing: what the tap sends waits in the socket, unread.
    const unread = createServer((socket) => {
      socket.pause();
      held.push(socket);
      socket.write(`${JSON.stringify({ type: 'welcome', session: 's-unread' })}\n`);
    });
    await new Promise<void>((resolve) => unread.listen(join(runtime, 'live.sock'), resolve));
    try {
      const { client, stderr } = await tappedClient(runtime, files.journal);
      await until('the tap to be welcomed', () =>
        Promise.resolve(stderr().includes('loupe tap: live in Loupe as session s-unread') ? true : undefined),
      );
      // More than a socket holds unread, both ways: a tap that waited for Loupe to take its frames would stall here.
      const message = 'unread '.repeat(300_000);
      const echoed = await client.callTool({ name: 'echo', arguments: { message } });
      expect(JSON.stringify(echoed.content)).toContain(`Echo: ${message}`);
      const tools = await client.listTools();
      expect(tools.tools.length).toBeGreaterThanOrEqual(10);
      expect(held).toHaveLength(1);
      const [loupe] = held;
      if (!loupe) throw new Error('no tap reached the unread Loupe');

      // Now Loupe reads: everything arrives, later, from the tap's first line on, as the journal has it.
      let text = '';
      loupe.setEncoding('utf8');
      loupe.on('data', (chunk: string) => (text += chunk));
      const ended = new Promise((resolve) => loupe.once('end', resolve));
      loupe.resume();
      const received = () =>
        text
          .split('\n')
          .slice(0, -1)
          .map((line) => JSON.parse(line) as { type: string; direction?: string; raw?: string });
      await until('the listing to reach Loupe', () =>
        Promise.resolve(
          received().some((line) => line.direction === 'in' && line.raw?.startsWith('{"result":{"tools":['))
            ? true
            : undefined,
        ),
      );
      await client.close();
      await ended;
      expect(stderr()).not.toMatch(/journal only/);
      const lines = received();
      expect(lines[0]).toMatchObject({ type: 'hello', server: { transport: 'stdio' } });
      const journal = journalFrames(files.journal);
      expect(lines.slice(1).map((line) => [line.direction, line.raw])).toEqual(
        journal.map((frame) => [frame.direction, frame.raw]),
      );
      expect(
        journal.some((frame) => frame.direction === 'in' && frame.raw.includes(`Echo: ${message}`)),
      ).toBe(true);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => unread.close(resolve));
    }
  }, 90_000);

  it("sends a short run's frames to a Loupe that has not welcomed it yet: a host's probe, ended a second after", async () => {
    const files = tapFiles();
    const runtime = join(files.folder, 'slow');
    await mkdir(runtime, { mode: 0o700 });
    await writeFile(join(runtime, 'live.secret'), 'd'.repeat(64), { mode: 0o600 });
    // A busy Loupe: it reads everything at once but welcomes the tap only 3 s after its hello.
    const received: { type: string; direction?: string; raw?: string; kind?: string }[] = [];
    const sockets: Socket[] = [];
    const slow = createServer((socket) => {
      sockets.push(socket);
      socket.setEncoding('utf8');
      createInterface({ input: socket }).on('line', (line) => {
        const message = JSON.parse(line) as { type: string; direction?: string; raw?: string; kind?: string };
        // The server's stderr lines are frames too; what is checked here is the exchange.
        if (message.kind !== 'stderr') received.push(message);
        if (message.type === 'hello')
          setTimeout(() => socket.write(`${JSON.stringify({ type: 'welcome', session: 's-slow' })}\n`), 3000);
      });
    });
    await new Promise<void>((resolve) => slow.listen(join(runtime, 'live.sock'), resolve));
    try {
      // What the v2 client does with its era probe: one request on a process of its own, then stdin ended and
      // SIGTERM at once, SIGKILL a second later.
      const tap = spawn(
        process.execPath,
        [loupeBin, 'tap', '--journal', files.journal, '--', ...everythingStdio],
        {
          env: { ...process.env, LOUPE_RUNTIME_DIR: runtime },
          stdio: ['pipe', 'pipe', 'pipe'],
        },
      );
      const exited = new Promise<void>((resolve) => tap.once('exit', () => resolve()));
      const request = { jsonrpc: '2.0', id: 'probe-1', method: 'ping' };
      tap.stdin.write(`${JSON.stringify(request)}\n`);
      const answer = await new Promise<string>((resolve) =>
        createInterface({ input: tap.stdout }).once('line', resolve),
      );
      expect(JSON.parse(answer)).toMatchObject({ id: 'probe-1', result: {} });
      tap.stdin.end();
      tap.kill('SIGTERM');
      const kill = setTimeout(() => tap.kill('SIGKILL'), 1000);
      await exited;
      clearTimeout(kill);
      await until('the tap to close its socket', () =>
        Promise.resolve(sockets.length === 1 && sockets[0]?.readableEnded ? true : undefined),
      );
      expect(received.map((line) => [line.type, line.direction, line.raw])).toEqual([
        ['hello', undefined, undefined],
        ['frame', 'out', JSON.stringify(request)],
        ['frame', 'in', answer],
      ]);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => slow.close(resolve));
    }
  }, 60_000);

  it('does not wait on a Loupe that accepts the socket and never answers', async () => {
    const files = tapFiles();
    const runtime = join(files.folder, 'mute');
    await mkdir(runtime, { mode: 0o700 });
    await writeFile(join(runtime, 'live.secret'), 'b'.repeat(64), { mode: 0o600 });
    const held: Socket[] = [];
    const mute = createServer((socket) => held.push(socket)); // reads nothing, answers nothing
    await new Promise<void>((resolve) => mute.listen(join(runtime, 'live.sock'), resolve));
    try {
      const { client, stderr } = await tappedClient(runtime, files.journal);
      // The host's traffic flows at once, while the tap still waits on Loupe's welcome.
      expect((await client.listTools()).tools.length).toBeGreaterThanOrEqual(10);
      await until(
        'the tap to give up on Loupe',
        () => Promise.resolve(stderr().includes('Loupe did not accept the tap in time') ? true : undefined),
        20_000,
      );
      expect(
        (await client.callTool({ name: 'echo', arguments: { message: 'still here' } })).isError,
      ).not.toBe(true);
      await client.close();
      expect(stderr().match(/no live session in Loupe/g)).toHaveLength(1);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => mute.close(resolve));
    }
  }, 60_000);
});
