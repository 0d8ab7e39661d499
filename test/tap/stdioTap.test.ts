/**
 * `loupe tap -- <server>` with hosts no one here wrote: the official SDK 1.x Client through the tap to
 * server-everything gets what it gets directly, and the journal holds exactly the bytes that crossed the pipe.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { requireBuild } from '../cli/loupe.js';
import { everythingStdio, journalFrames, recordedBytes, sdkClient, tapFiles } from './tapHarness.js';

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

async function connected(files?: ReturnType<typeof tapFiles>) {
  const { client, errors } = await sdkClient(everythingStdio, files);
  open.push(client);
  return { client, errors };
}

describe('loupe tap (stdio) with the SDK 1.x Client and server-everything', () => {
  beforeAll(() => requireBuild());

  it('gives the client what a direct run gives, and records exactly the bytes that crossed the pipe', async () => {
    const direct = await connected();
    const files = tapFiles();
    const tapped = await connected(files);

    expect(tapped.client.getServerVersion()).toEqual(direct.client.getServerVersion());
    expect(tapped.client.getServerCapabilities()).toEqual(direct.client.getServerCapabilities());
    const [directTools, tappedTools] = await Promise.all([
      direct.client.listTools(),
      tapped.client.listTools(),
    ]);
    expect(tappedTools).toEqual(directTools);
    expect(tappedTools.tools.length).toBeGreaterThan(5);
    const echo = { name: 'echo', arguments: { message: 'through the tap ✓ ünïcode' } };
    expect(await tapped.client.callTool(echo)).toEqual(await direct.client.callTool(echo));
    expect(tapped.errors).toEqual([]);

    await tapped.client.close();
    const frames = journalFrames(files.journal);
    expect(recordedBytes(frames, 'out').equals(readFileSync(files.sent))).toBe(true);
    expect(recordedBytes(frames, 'in').equals(readFileSync(files.received))).toBe(true);
    const initialize = frames.find((frame) => frame.method === 'initialize');
    expect(initialize?.raw).toContain('"tap-test-host"');
    const call = frames.find((frame) => frame.method === 'tools/call');
    const answer = frames.find((frame) => frame.pairSeq === call?.seq);
    expect(answer?.kind).toBe('response');
    expect(answer?.raw).toContain('through the tap');
    expect(typeof answer?.rttMs).toBe('number');
    expect(frames.some((frame) => frame.kind === 'stderr')).toBe(true);
    expect(frames.some((frame) => frame.fault !== undefined)).toBe(false);
  });
});
