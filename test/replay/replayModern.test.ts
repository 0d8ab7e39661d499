/**
 * The v2 SDK test server in the 2026-07-28 era (server/discover, three tools/list pages, an input_required tool,
 * a prompt, a resource) recorded by Loupe, replayed over HTTP and driven by the official v2
 * `@modelcontextprotocol/client` pinned to 2026-07-28, and by Loupe again.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/shared/snapshot.js';
import { requireBuild, type LoupeProcess } from '../cli/loupe.js';
import { startV2HttpServer, type RunningHttpServer } from '../helpers/servers.js';
import {
  messages,
  record,
  recordedAnswer,
  replayOverHttp,
  scratch,
  type PlannedRequest,
} from './recordings.js';

const confirm = { method: 'tools/call', params: { name: 'confirm_action', arguments: { action: 'deploy' } } };
const greet = { method: 'prompts/get', params: { name: 'greet', arguments: { name: 'Ada' } } };
const readme = { method: 'resources/read', params: { uri: 'v2://readme' } };
const calls: PlannedRequest[] = [confirm, greet, readme];
/** What `--input defaults` answered the elicitation with (its schema's defaults), and what the v2 client answers. */
const accepted = { action: 'accept', content: { confirmed: true, name: 'Ada' } } as const;
const flags = ['--protocol', 'modern', '--input', 'defaults'];

let server: RunningHttpServer;
let replay: { url: string; process: LoupeProcess };
let recorded: Snapshot;
const directory = scratch();

beforeAll(async () => {
  requireBuild();
  server = await startV2HttpServer('reject');
  let file: string;
  ({ file, snapshot: recorded } = await record(directory, 'v2-modern', calls, [
    '--url',
    server.url,
    ...flags,
  ]));
  await server.stop();
  replay = await replayOverHttp(file);
}, 90_000);
afterAll(async () => {
  await replay.process.stop();
  await server.stop();
});

/** The recorded answer to the last request of that method with that cursor. */
function recordedPage(cursor: string | undefined): { tools: { name: string }[]; nextCursor?: string } {
  return recordedAnswer(recorded, {
    method: 'tools/list',
    params: cursor === undefined ? {} : { cursor },
  }) as { tools: { name: string }[]; nextCursor?: string };
}

describe('loupe replay of a 2026-07-28 session with the v2 SDK test server', () => {
  it('the recording is of the modern era: server/discover, three pages, two rounds of confirm_action', () => {
    expect(recorded.era).toBe('modern');
    const methods = recorded.frames
      .filter((frame) => frame.direction === 'out' && frame.kind === 'request')
      .map((frame) => frame.method);
    expect(methods.filter((method) => method === 'tools/list')).toHaveLength(3);
    expect(methods).not.toContain('initialize');
    expect(methods.filter((method) => method === 'tools/call')).toHaveLength(2);
  });

  it('the v2 Client walks the recorded pages with the recorded cursors and gets the recorded results', async () => {
    const client = new Client(
      { name: 'replay-v2-test', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: {} } },
    );
    const asked: unknown[] = [];
    client.setRequestHandler('elicitation/create', (request) => {
      asked.push(request.params);
      return Promise.resolve(accepted);
    });
    // The cursors the client sends, read off the wire.
    const cursors: (string | undefined)[] = [];
    const tap = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const body =
        typeof init?.body === 'string'
          ? (JSON.parse(init.body) as { method?: string; params?: { cursor?: string } })
          : {};
      if (body.method === 'tools/list') cursors.push(body.params?.cursor);
      return fetch(input, init);
    };
    await client.connect(new StreamableHTTPClientTransport(new URL(replay.url), { fetch: tap }));
    try {
      const listed = await client.listTools();
      const pages = [recordedPage(undefined)];
      for (let next = pages[0]?.nextCursor; next !== undefined; next = pages.at(-1)?.nextCursor)
        pages.push(recordedPage(next));
      expect(pages).toHaveLength(3);
      expect(cursors).toEqual([undefined, pages[0]?.nextCursor, pages[1]?.nextCursor]);
      // The v2 client leaves out a tool whose x-mcp-header is invalid, as it does against the server itself.
      const names = pages
        .flatMap((page) => page.tools.map((tool) => tool.name))
        .filter((name) => name !== 'invalid_header_tool');
      expect(listed.tools.map((tool) => tool.name)).toEqual(names);

      const result = await client.callTool(confirm.params);
      // The final answer is the one recorded after the input round (the first answer asked the question).
      const { resultType: _type, ...final } = recordedAnswer(recorded, {
        method: 'tools/call',
        params: { ...confirm.params, inputResponses: { input: accepted } },
      });
      expect(result).toEqual(final);
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatchObject({ message: 'Confirm deploy?' });

      const { resultType: _prompt, ...prompt } = recordedAnswer(recorded, greet);
      expect(await client.getPrompt(greet.params)).toEqual(prompt);
      const { resultType: _resource, ...resource } = recordedAnswer(recorded, readme);
      expect(await client.readResource(readme.params)).toEqual(resource);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('Loupe recording the replay gets the recorded frames byte for byte, ids aside', async () => {
    const again = await record(directory, 'v2-again', calls, ['--url', replay.url, ...flags]);
    expect(again.snapshot.era).toBe('modern');
    expect(messages(again.snapshot, 'in')).toEqual(messages(recorded, 'in'));
    expect(messages(again.snapshot, 'out')).toEqual(messages(recorded, 'out'));
  }, 60_000);
});
