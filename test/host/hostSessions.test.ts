/**
 * The browser host keeps its sessions across pages: a page that goes away (reload, closed tab) leaves its
 * sessions running, and the next page finds them with their traffic and lists as they were.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoupeApi } from '../../src/shared/contract.js';
import { webSocketProtocols } from '../../src/shared/webSocketCredential.js';
import { startHost, type RunningHost } from '../../src/host/startHost.js';
import { paginatingServer } from '../helpers/servers.js';
import { clientOver, tryWebSocket } from './hostClient.js';

describe('browser host sessions', () => {
  let host: RunningHost;
  let token: string;

  beforeAll(async () => {
    const rendererDir = await mkdtemp(join(tmpdir(), 'loupe-renderer-'));
    await mkdir(join(rendererDir, 'assets'));
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Loupe test page</title>');
    host = await startHost({ target: paginatingServer('--tools', '8', '--page-size', '3', '--no-control'), port: 0, rendererDir, settingsPath: null });
    token = new URL(host.url).searchParams.get('token') ?? '';
  });

  afterAll(async () => {
    await host.close();
  });

  const page = async (): Promise<{ api: LoupeApi; close: () => Promise<void> }> => {
    const opened = await tryWebSocket(`ws://127.0.0.1:${host.port}/ws`, webSocketProtocols(token), { Origin: `http://127.0.0.1:${host.port}` });
    if (opened.outcome !== 'open') throw new Error(`refused with ${opened.outcome}`);
    const { socket } = opened;
    return {
      api: clientOver(socket),
      close: async () => {
        const closed = new Promise((resolve) => socket.once('close', resolve));
        socket.close();
        await closed;
      },
    };
  };

  it('a second page after the first closed finds both sessions connected, frames and lists intact', async () => {
    const first = await page();
    const initial = await first.api.initialTarget();
    if (!initial) throw new Error('no initial target');
    const one = first.api.forSession((await first.api.openSession()).id);
    const two = first.api.forSession((await first.api.openSession()).id);
    await one.connect(initial);
    await two.connect(paginatingServer('--tools', '4'));
    expect((await one.list('tools')).items).toHaveLength(8);
    expect((await two.list('tools')).items).toHaveLength(6);
    const framesOne = await one.frames(0, 1000);
    const framesTwo = await two.frames(0, 1000);
    await first.close();

    const second = await page();
    const sessions = await second.api.sessions();
    expect(sessions.map((info) => info.status.state)).toEqual(['connected', 'connected']);
    const [againOne, againTwo] = sessions.map((info) => second.api.forSession(info.id));
    expect((await againOne.frames(0, 1000)).map((frame) => frame.raw)).toEqual(framesOne.map((frame) => frame.raw));
    expect((await againTwo.frames(0, 1000)).map((frame) => frame.raw)).toEqual(framesTwo.map((frame) => frame.raw));
    expect((await againOne.keptLists()).map((result) => result.items.length)).toEqual([8]);
    expect((await againTwo.keptLists()).map((result) => result.items.length)).toEqual([6]);
    // The connections themselves are alive: a new call goes through on each.
    const echoed = await againTwo.callTool({ tool: 'echo', arguments: { text: 'still here' }, callId: 'c1' });
    expect(echoed.isError).toBe(false);
    expect(echoed.result.content).toEqual([{ type: 'text', text: 'still here' }]);
    expect((await againOne.frames(0, 1000)).length).toBe(framesOne.length);
    expect((await againTwo.frames(0, 1000)).length).toBeGreaterThan(framesTwo.length);
    await againOne.closeSession();
    expect((await second.api.sessions()).map((info) => info.id)).toEqual([sessions[1].id]);
    await second.close();
  });
});
