/**
 * `loupe tap --url <upstream>`: the SDK 1.x Client over Streamable HTTP and legacy SSE through the tap to
 * server-everything gets what it gets directly; the recording has every POSTed body exactly, Mcp-* headers and no
 * secret; --fault status answers the client an HTTP status, delay holds one exchange while the others pass, drop-stream
 * cuts an SSE stream and the client resumes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import {
  freePort,
  requireBuild,
  startEverything,
  startLoupe,
  type LoupeProcess,
  type RunningEverything,
} from '../cli/loupe.js';
import { failure, journalFrames, tapFiles } from './tapHarness.js';

let streamable: RunningEverything;
let sse: RunningEverything;
const running: LoupeProcess[] = [];

beforeAll(async () => {
  requireBuild();
  [streamable, sse] = await Promise.all([startEverything('streamableHttp'), startEverything('sse')]);
});
afterAll(async () => {
  await Promise.all(running.splice(0).map((tap) => tap.stop()));
  await Promise.all([streamable.stop(), sse.stop()]);
});

async function startTap(upstream: string, ...faults: string[]) {
  const files = tapFiles();
  const tap = startLoupe([
    'tap',
    '--url',
    upstream,
    '--journal',
    files.journal,
    ...faults.flatMap((rule) => ['--fault', rule]),
  ]);
  running.push(tap);
  const url = await tap.waitForLine((line) => line.startsWith('http://127.0.0.1:'));
  const frames = async () => {
    await tap.stop();
    return journalFrames(files.journal);
  };
  return { url, frames };
}

/** A client whose every POSTed body is kept, as sent. */
async function httpClient(url: string, kind: 'streamable' | 'sse', headers: Record<string, string> = {}) {
  const bodies: string[] = [];
  const fetchAndKeep: typeof fetch = (input, init) => {
    if (typeof init?.body === 'string') bodies.push(init.body);
    return fetch(input, init);
  };
  const options = { fetch: fetchAndKeep, requestInit: { headers } };
  const transport =
    kind === 'streamable'
      ? new StreamableHTTPClientTransport(new URL(url), options)
      : new SSEClientTransport(new URL(url), {
          ...options,
          eventSourceInit: {
            fetch: (input, init) =>
              fetch(input, {
                ...init,
                headers: { ...Object.fromEntries(new Headers(init?.headers).entries()), ...headers },
              }),
          },
        });
  const client = new Client({ name: 'tap-http-host', version: '1.0.0' });
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  return { client, bodies, errors };
}

const echo = { name: 'echo', arguments: { message: 'over http' } };

describe('loupe tap --url with the SDK 1.x Client and server-everything', () => {
  for (const kind of ['streamable', 'sse'] as const) {
    it(`${kind}: results equal a direct run; every POSTed body recorded exactly, the token redacted`, async () => {
      const upstream = kind === 'streamable' ? streamable.url : sse.url;
      const tap = await startTap(upstream);
      const secret = 'Bearer tap-test-secret-4f9a1c';
      const direct = await httpClient(upstream, kind);
      const tapped = await httpClient(tap.url, kind, { Authorization: secret });
      try {
        const [directTools, tappedTools] = await Promise.all([
          direct.client.listTools(),
          tapped.client.listTools(),
        ]);
        expect(tappedTools).toEqual(directTools);
        expect(await tapped.client.callTool(echo)).toEqual(await direct.client.callTool(echo));
      } finally {
        await direct.client.close();
        await tapped.client.close();
      }
      const frames = await tap.frames();
      const posted = frames
        .filter((frame) => frame.direction === 'out' && frame.http?.method === 'POST')
        .map((frame) => frame.raw);
      expect(posted).toEqual(tapped.bodies);
      const answers = frames.filter((frame) => frame.direction === 'in' && frame.kind === 'response');
      expect(answers.some((frame) => frame.raw.includes('Echo: over http'))).toBe(true);
      expect(answers.every((frame) => frame.pairSeq !== undefined)).toBe(true);
      if (kind === 'streamable')
        expect(
          frames.find((frame) => frame.method === 'tools/list')?.http?.requestHeaders?.['mcp-session-id'],
        ).toBeTruthy();
      expect(JSON.stringify(frames)).not.toContain('tap-test-secret-4f9a1c');
      expect(frames.filter((frame) => frame.kind === 'invalid')).toEqual([]);
    });
  }

  it('status fault: the client gets the HTTP status the rule names; marked', async () => {
    const tap = await startTap(streamable.url, 'method=tools/list:status=503');
    const { client } = await httpClient(tap.url, 'streamable');
    try {
      const error = await failure(client.listTools());
      expect(error).toBeInstanceOf(StreamableHTTPError);
      expect((error as StreamableHTTPError).code).toBe(503);
      expect((await client.callTool(echo)).content).toEqual([{ type: 'text', text: 'Echo: over http' }]);
    } finally {
      await client.close();
    }
    const frames = await tap.frames();
    expect(frames.find((frame) => frame.fault !== undefined)?.fault).toContain(
      'answered HTTP 503 by the tap, not sent upstream',
    );
  });

  it('delay fault: the answer comes no sooner than the delay while other requests pass; the held request is marked', async () => {
    const tap = await startTap(streamable.url, 'in,method=tools/list:delay=1500');
    const { client } = await httpClient(tap.url, 'streamable');
    const asked = performance.now();
    let listedAfter: number | undefined;
    try {
      const listing = client.listTools().then((listed) => {
        listedAfter = performance.now() - asked;
        return listed;
      });
      // Asked after the listing, answered before it: the held request holds no other.
      expect((await client.callTool(echo)).content).toEqual([{ type: 'text', text: 'Echo: over http' }]);
      expect(listedAfter).toBeUndefined();
      expect((await listing).tools.some((tool) => tool.name === 'echo')).toBe(true);
      expect(listedAfter).toBeGreaterThanOrEqual(1500);
    } finally {
      await client.close();
    }
    const frames = await tap.frames();
    const marked = frames.filter((frame) => frame.fault !== undefined);
    expect(marked.map((frame) => [frame.direction, frame.method, frame.fault])).toEqual([
      [
        'out',
        'tools/list',
        'delayed 1500 ms: held before it went upstream (fault rule 1: in,method=tools/list:delay=1500)',
      ],
    ]);
    const listedAnswer = frames.find((frame) => frame.direction === 'in' && frame.raw.includes('"tools":['));
    const echoed = frames.find((frame) => frame.direction === 'in' && frame.raw.includes('Echo: over http'));
    expect(echoed && listedAnswer && echoed.seq < listedAnswer.seq).toBe(true);
  });

  it('drop-stream fault: the SSE stream of a long call is cut after one event and the client resumes with Last-Event-ID', async () => {
    const tap = await startTap(streamable.url, 'tool=trigger-long-running-operation:drop-stream=1');
    const { client } = await httpClient(tap.url, 'streamable');
    const progress: number[] = [];
    try {
      const result = await client.callTool(
        { name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 3 } },
        undefined,
        { onprogress: (step) => progress.push(step.progress), timeout: 20_000 },
      );
      expect(JSON.stringify(result.content)).toContain('Long running operation completed');
    } finally {
      await client.close();
    }
    expect(progress).toEqual([1, 2, 3]);
    const frames = await tap.frames();
    expect(frames.find((frame) => frame.fault !== undefined)?.fault).toContain(
      'dropped the SSE stream after 1 event',
    );
    const resumed = frames.find(
      (frame) => frame.http?.method === 'GET' && frame.http.requestHeaders?.['last-event-id'] !== undefined,
    );
    expect(resumed).toBeDefined();
    // server-everything primes each stream with an event of empty data: no message, so no frame (none 'invalid').
    expect(frames.filter((frame) => frame.kind === 'invalid')).toEqual([]);
    expect(
      frames.filter((frame) => frame.kind === 'notification' && frame.method === 'notifications/progress'),
    ).toHaveLength(3);
  });

  it('a dead upstream: the client is answered 502 with the cause named, not left hanging', async () => {
    const tap = await startTap(`http://127.0.0.1:${await freePort()}/mcp`);
    const error = await failure(httpClient(tap.url, 'streamable'));
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect((error as StreamableHTTPError).code).toBe(502);
    expect(error.message).toMatch(
      /loupe tap: the upstream http:\/\/127\.0\.0\.1:\d+ did not answer: .*ECONNREFUSED/,
    );
    await tap.frames();
  });
});
