/**
 * A stdio server whose lines end in "\r\n": through `loupe tap` the SDK 1.x Client gets what it gets directly, and the
 * journal holds exactly the bytes that crossed the pipe, each line's '\r' included (the journal is the bytes, as the
 * README promises) — on the fast path and through fault rules.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { requireBuild } from '../cli/loupe.js';
import { everythingStdio, journalFrames, recordedBytes, sdkClient, tapFiles } from './tapHarness.js';

const crlfEverything = [
  process.execPath,
  fileURLToPath(new URL('./crlfServer.mjs', import.meta.url)),
  ...everythingStdio,
];

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

beforeAll(() => requireBuild());

describe.each([
  { way: 'on the fast path', faults: [] as string[] },
  { way: 'through fault rules', faults: ['method=never/called:drop'] },
])('loupe tap of a server writing CRLF lines, $way', ({ faults }) => {
  it('records every line with its \\r: the journal is the bytes that crossed the pipe', async () => {
    const files = tapFiles();
    const { client, errors } = await sdkClient(crlfEverything, files, faults);
    open.push(client);
    const tools = await client.listTools();
    expect(tools.tools.some((tool) => tool.name === 'echo')).toBe(true);
    expect(await client.callTool({ name: 'echo', arguments: { message: 'crlf ✓' } })).toEqual({
      content: [{ type: 'text', text: 'Echo: crlf ✓' }],
    });
    expect(errors).toEqual([]);
    await client.close();

    const received = readFileSync(files.received);
    expect(received.includes('}\r\n')).toBe(true);
    const frames = journalFrames(files.journal);
    expect(recordedBytes(frames, 'in').equals(received)).toBe(true);
    expect(recordedBytes(frames, 'out').equals(readFileSync(files.sent))).toBe(true);
    // Each answer is still read as the message it is.
    const listed = frames.find((frame) => frame.direction === 'in' && frame.raw.includes('"tools":['));
    expect(listed?.kind).toBe('response');
    expect(listed?.raw.endsWith('}\r')).toBe(true);
  });
});
