/**
 * Replays over HTTP: server-everything recorded over Streamable HTTP (behind a bearer token that the snapshot
 * redacts) and over legacy SSE, served by `loupe replay --http` and driven by the SDK 1.x Client and by Loupe. A web
 * page under a rebound name or from another site is refused, as the recorded server would refuse it.
 */
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/shared/snapshot.js';
import { requireBuild, startEverything, type LoupeProcess, type RunningEverything } from '../cli/loupe.js';
import {
  messages,
  record,
  recordedAnswer,
  replayOverHttp,
  scratch,
  type PlannedRequest,
} from './recordings.js';

const echo = { method: 'tools/call', params: { name: 'echo', arguments: { message: 'over http' } } };
const sum = { method: 'tools/call', params: { name: 'get-sum', arguments: { a: 20, b: 22 } } };
const read = { method: 'resources/read', params: { uri: 'demo://resource/static/document/architecture.md' } };
const prompt = { method: 'prompts/get', params: { name: 'simple-prompt' } };
const calls: PlannedRequest[] = [echo, sum, read, prompt];
const secret = 's3cret-replay-token';

beforeAll(requireBuild);

/** A GET of the path with these header lines, on its own connection; what came back until it closed. */
function rawGet(url: URL, lines: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
    socket.write(
      [
        `GET ${url.pathname} HTTP/1.1`,
        ...lines,
        'Accept: text/event-stream',
        'Connection: close',
        '',
        '',
      ].join('\r\n'),
    );
  });
}

async function expectRecordedResults(transport: Transport, recorded: Snapshot): Promise<void> {
  const client = new Client({ name: 'replay-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    const tools = await client.listTools();
    const listed = recordedAnswer(recorded, { method: 'tools/list', params: {} }).tools as { name: string }[];
    expect(tools.tools.map((tool) => tool.name)).toEqual(listed.map((tool) => tool.name));
    expect(await client.callTool(echo.params)).toEqual(recordedAnswer(recorded, echo));
    expect(await client.callTool(sum.params)).toEqual(recordedAnswer(recorded, sum));
    expect(await client.readResource(read.params)).toEqual(recordedAnswer(recorded, read));
    expect(await client.getPrompt(prompt.params)).toEqual(recordedAnswer(recorded, prompt));
  } finally {
    await client.close();
  }
}

describe.each([
  { mode: 'streamableHttp' as const, flags: ['--header', `Authorization: Bearer ${secret}`] },
  { mode: 'sse' as const, flags: ['--transport', 'sse'] },
])('loupe replay --http of server-everything recorded over $mode', ({ mode, flags }) => {
  let server: RunningEverything;
  let replay: { url: string; process: LoupeProcess };
  let file: string;
  let recorded: Snapshot;
  const directory = scratch();

  beforeAll(async () => {
    server = await startEverything(mode);
    ({ file, snapshot: recorded } = await record(directory, mode, calls, ['--url', server.url, ...flags]));
    await server.stop();
    replay = await replayOverHttp(file);
  }, 90_000);
  afterAll(async () => {
    await replay.process.stop();
    await server.stop();
  });

  it('serves where the recording came from: legacy SSE at /sse, else Streamable HTTP at the recorded path', () => {
    expect(recorded.transport).toBe(mode === 'sse' ? 'sse' : 'http');
    expect(new URL(replay.url).pathname).toBe(new URL(server.url).pathname);
  });

  it('the SDK 1.x Client gets the recorded results, with no credentials', async () => {
    const url = new URL(replay.url);
    await expectRecordedResults(
      mode === 'sse' ? new SSEClientTransport(url) : new StreamableHTTPClientTransport(url),
      recorded,
    );
  }, 60_000);

  it('refuses a Host that is not its own address and an Origin that is not its own', async () => {
    const url = new URL(replay.url);
    const rebound = await rawGet(url, [`Host: rebound.example:${url.port}`]);
    expect(rebound).toMatch(/^HTTP\/1\.1 403 /);
    expect(rebound).toContain('loupe replay answers only to its own address');
    const crossSite = await rawGet(url, [`Host: ${url.host}`, 'Origin: http://evil.example']);
    expect(crossSite).toMatch(/^HTTP\/1\.1 403 /);
    expect(crossSite).toContain('loupe replay accepts requests from its own origin');
  });

  it('Loupe recording the replay gets the recorded frames byte for byte, ids aside', async () => {
    const again = await record(directory, `${mode}-again`, calls, [
      '--url',
      replay.url,
      ...(mode === 'sse' ? ['--transport', 'sse'] : []),
    ]);
    expect(messages(again.snapshot, 'in')).toEqual(messages(recorded, 'in'));
    expect(messages(again.snapshot, 'out')).toEqual(messages(recorded, 'out'));
  }, 60_000);

  if (mode === 'streamableHttp') {
    it('a redacted secret stays redacted: the recording never held it', () => {
      expect(readFileSync(file, 'utf8')).not.toContain(secret);
      expect(recorded.target).toMatchObject({ headers: [{ name: 'Authorization', value: '[redacted]' }] });
    });
  }
});
