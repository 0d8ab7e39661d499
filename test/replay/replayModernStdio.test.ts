/**
 * A 2026-07-28 session recorded over stdio (the v2 SDK test server, strict modern: server/discover, three
 * tools/list pages, an input_required tool, a prompt, a resource), replayed over stdio (`loupe replay <file>`, the
 * command a host's config runs) and driven by the official v2 `@modelcontextprotocol/client` pinned to
 * 2026-07-28 over its own StdioClientTransport. Its discover result and its results equal the recorded ones; what
 * it sent is read off its transport: the recorded cursors, the 2026-07-28 _meta on every request, no initialize.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/shared/snapshot.js';
import { loupeBin, requireBuild } from '../cli/loupe.js';
import { serverCommand } from '../helpers/servers.js';
import { record, recordedAnswer, scratch, type PlannedRequest } from './recordings.js';

const confirm = { method: 'tools/call', params: { name: 'confirm_action', arguments: { action: 'deploy' } } };
const greet = { method: 'prompts/get', params: { name: 'greet', arguments: { name: 'Ada' } } };
const readme = { method: 'resources/read', params: { uri: 'v2://readme' } };
const calls: PlannedRequest[] = [confirm, greet, readme];
/** What `--input defaults` answered the elicitation with (its schema's defaults), and what the v2 client answers. */
const accepted = { action: 'accept', content: { confirmed: true, name: 'Ada' } } as const;

let file: string;
let recorded: Snapshot;

beforeAll(async () => {
  requireBuild();
  ({ file, snapshot: recorded } = await record(scratch(), 'v2-modern-stdio', calls, [
    '--protocol',
    'modern',
    '--input',
    'defaults',
    '--',
    ...serverCommand('v2', ['--transport', 'stdio', '--legacy', 'reject']),
  ]));
}, 90_000);

function recordedPage(cursor: string | undefined): { tools: { name: string }[]; nextCursor?: string } {
  return recordedAnswer(recorded, {
    method: 'tools/list',
    params: cursor === undefined ? {} : { cursor },
  }) as { tools: { name: string }[]; nextCursor?: string };
}

describe('loupe replay over stdio of a 2026-07-28 stdio session, driven by the v2 client', () => {
  it('the recording is of the modern era over stdio: server/discover, three pages, no initialize', () => {
    expect(recorded.era).toBe('modern');
    expect(recorded.target.transport).toBe('stdio');
    const methods = recorded.frames
      .filter((frame) => frame.direction === 'out' && frame.kind === 'request')
      .map((frame) => frame.method);
    expect(methods[0]).toBe('server/discover');
    expect(methods).not.toContain('initialize');
    expect(methods.filter((method) => method === 'tools/list')).toHaveLength(3);
  });

  it('the v2 Client pinned to 2026-07-28 gets the recorded pages, the input round, the prompt and the resource', async () => {
    const client = new Client(
      { name: 'replay-v2-stdio-test', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: {} } },
    );
    const asked: unknown[] = [];
    client.setRequestHandler('elicitation/create', (request) => {
      asked.push(request.params);
      return Promise.resolve(accepted);
    });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [loupeBin, 'replay', file],
      stderr: 'pipe',
    });
    // What the client sent, read off its transport.
    const sent: { method?: string; params?: { cursor?: string } }[] = [];
    const send = transport.send.bind(transport);
    transport.send = (message) => {
      sent.push(message as { method?: string; params?: { cursor?: string } });
      return send(message);
    };
    await client.connect(transport);
    try {
      // The recorded server/discover answer, as the client's connect-time discover got it (the SDK probes a stdio
      // server on a short-lived sibling process: a second `loupe replay` of the same file).
      expect(client.getProtocolEra()).toBe('modern');
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const discovered = recordedAnswer(recorded, { method: 'server/discover', params: {} }) as {
        capabilities?: unknown;
        _meta?: Record<string, unknown>;
      };
      expect(client.getServerVersion()).toEqual(discovered._meta?.['io.modelcontextprotocol/serverInfo']);
      expect(client.getServerVersion()).toEqual({ name: 'loupe-v2-test-server', version: '1.0.0' });
      expect(client.getServerCapabilities()).toEqual(discovered.capabilities);
      const listed = await client.listTools();
      const pages = [recordedPage(undefined)];
      for (let next = pages[0]?.nextCursor; next !== undefined; next = pages.at(-1)?.nextCursor)
        pages.push(recordedPage(next));
      expect(pages).toHaveLength(3);
      // The recorded cursors, sent by the client in order.
      expect(
        sent.filter((message) => message.method === 'tools/list').map((message) => message.params?.cursor),
      ).toEqual([undefined, pages[0]?.nextCursor, pages[1]?.nextCursor]);
      // Every recorded tool, in order. (Over HTTP the v2 client drops invalid_header_tool, whose x-mcp-header is
      // invalid; headers mean nothing on stdio, and it keeps the tool here.)
      const names = pages.flatMap((page) => page.tools.map((tool) => tool.name));
      expect(names).toContain('invalid_header_tool');
      expect(listed.tools.map((tool) => tool.name)).toEqual(names);

      const result = await client.callTool(confirm.params);
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

      // Stateless 2026-07-28 all the way: no initialize, and every request carries the revision in its _meta.
      const requests = sent.filter((message) => message.method !== undefined);
      expect(requests.map((message) => message.method)).not.toContain('initialize');
      expect(requests.length).toBeGreaterThanOrEqual(6);
      for (const message of requests)
        expect(message.params).toMatchObject({
          _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' },
        });
    } finally {
      await client.close();
    }
  }, 60_000);
});
