/** A connection that fails keeps what it recorded: frames(), the status reason and a connected:false snapshot. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LoupeError } from '../../src/shared/errors.js';
import { faultServer } from '../helpers/servers.js';
import { ensureDemoBuilt, startHarness, type Harness } from './backendHarness.js';

describe('backend when a connection fails', () => {
  let harness: Harness | undefined;
  beforeAll(() => {
    ensureDemoBuilt();
  }, 180_000);
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('a server that exits at once: the error says so and the frames stay visible', async () => {
    harness = startHarness();
    const target = {
      transport: 'stdio' as const,
      command: process.execPath,
      args: ['-e', "process.stderr.write('broken server: missing config file\\n'); process.exit(3)"],
    };
    const error = await harness.api.connect(target).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LoupeError);
    expect((error as LoupeError).kind).toBe('server-exited');
    const status = await harness.api.status();
    if (status.state !== 'closed') throw new Error(`status is ${status.state}`);
    expect(status.reason?.kind).toBe('server-exited');
    const frames = await harness.api.frames(0, 1000);
    // auto opens with the server/discover probe: the frame of that first request stays visible.
    expect(frames.some((frame) => frame.direction === 'out' && frame.method === 'server/discover')).toBe(true);
    expect(frames.some((frame) => frame.kind === 'stderr' && frame.raw.includes('missing config file'))).toBe(true);
    const snapshot = await harness.api.loadSnapshot((await harness.api.createSnapshot()).text);
    expect(snapshot.connected).toBe(false);
    expect(snapshot.error?.kind).toBe('server-exited');
    expect(snapshot.frames.length).toBe(frames.length);
  });

  it('a command that does not exist: command-not-found, and the backend still connects afterwards', async () => {
    harness = startHarness();
    const error = await harness.api
      .connect({ transport: 'stdio', command: 'loupe-no-such-command-xyz', args: [] })
      .catch((caught: unknown) => caught);
    expect((error as LoupeError).kind).toBe('command-not-found');
    const status = await harness.api.connect({ transport: 'demo' });
    expect(status.state).toBe('connected');
    expect((await harness.api.list('tools')).complete).toBe(true);
  });

  it('a server that dies mid-walk: the list says incomplete, the status says why, the frames stay', async () => {
    harness = startHarness();
    await harness.api.connect(faultServer('--tools', '20', '--page-size', '5', '--crash-after-page', '2'));
    const result = await harness.api.list('tools');
    expect(result.complete).toBe(false);
    expect(result.pages.length).toBe(2);
    expect(result.items.length).toBe(10);
    expect(['server-exited', 'disconnected']).toContain(result.error?.kind);
    const status = await harness.waitFor('onStatus', (event) => event.state === 'closed');
    if (status.state !== 'closed') throw new Error('unreachable');
    expect(status.reason?.kind).toBe('server-exited');
    const frames = await harness.api.frames(0, 1000);
    expect(frames.some((frame) => frame.kind === 'stderr' && frame.raw.includes('crashing while serving page 3'))).toBe(true);
    const snapshot = await harness.api.loadSnapshot((await harness.api.createSnapshot()).text);
    expect(snapshot.toolsComplete).toBe(false);
    expect(snapshot.toolCount).toBe(10);
  });

  it('a malformed target is refused as invalid-target; methods needing a session say not-connected', async () => {
    harness = startHarness();
    const bad = await harness.api.connect({ transport: 'telepathy' } as never).catch((caught: unknown) => caught);
    expect((bad as LoupeError).kind).toBe('invalid-target');
    const list = await harness.api.list('tools').catch((caught: unknown) => caught);
    expect((list as LoupeError).kind).toBe('not-connected');
    expect(await harness.api.frames(0, 10)).toEqual([]);
    expect((await harness.api.recorderStats()).total).toBe(0);
  });
});
