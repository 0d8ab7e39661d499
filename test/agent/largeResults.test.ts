/**
 * Large results reach the agent as paged resources, never as one huge text block (the built `loupe mcp`, the SDK 1.x
 * Client over stdio, the paginating server with 3,000 tools):
 * - a listing of 3,002 tools is a count and a window of summaries; every item as sent is in the listing resource,
 *   100 a page;
 * - a session's frames are a resource template, 100 frames a page, every seq once and in order;
 * - a call result of 3 MB is not inlined: the tool result names its response frame, whose raw text is read in parts
 *   of 512 KiB that join to exactly what the server sent;
 * - every structuredContent is valid against the outputSchema the tool listed (checked by the SDK Client, and here
 *   with Ajv as well).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { requireBuild } from '../cli/loupe.js';
import { serverPaths } from '../helpers/servers.js';
import {
  agentFolder,
  sdkAgent,
  type AgentClient,
  type AgentFolder,
  type Structured,
} from './agentHarness.js';
import { direct } from './directServer.js';

let folder: AgentFolder;
let agent: AgentClient;
const validators = new Map<string, (value: unknown) => boolean>();
/** The longest text of any one tool result or resource read the agent was handed. */
let longest = 0;

beforeAll(async () => {
  requireBuild();
  folder = agentFolder();
  agent = await sdkAgent(folder, { flags: ['--allow-calls'] });
  const ajv = new Ajv2020({ strict: false });
  for (const tool of (await agent.client.listTools()).tools) {
    const validate = ajv.compile(tool.outputSchema ?? {});
    validators.set(tool.name, (value) => validate(value));
  }
}, 60_000);

afterAll(async () => {
  await agent?.close();
});

async function call(
  name: string,
  args: Record<string, unknown>,
): Promise<{ structured: Structured; result: CallToolResult }> {
  const result = (await agent.client.callTool({ name, arguments: args }, undefined, {
    timeout: 600_000,
  })) as CallToolResult;
  const text = JSON.stringify(result);
  longest = Math.max(longest, text.length);
  if (result.isError) throw new Error(`${name} refused: ${text.slice(0, 2000)}`);
  expect(
    validators.get(name)?.(result.structuredContent),
    `${name}'s structuredContent against its outputSchema`,
  ).toBe(true);
  return { structured: result.structuredContent as Structured, result };
}

async function read<T>(uri: string): Promise<T> {
  const content = (await agent.client.readResource({ uri })).contents[0];
  if (!content || !('text' in content)) throw new Error(`${uri} has no text`);
  longest = Math.max(longest, content.text.length);
  return JSON.parse(content.text) as T;
}

describe('large results as paged resources', () => {
  it('3,002 tools, the frames of their walk, and a 3 MB call result, each read page by page', async () => {
    const templates = (await agent.client.listResourceTemplates()).resourceTemplates.map(
      (template) => template.uriTemplate,
    );
    expect(templates).toEqual(
      expect.arrayContaining([
        'loupe://sessions/{session}/lists/{kind}/pages/{page}',
        'loupe://sessions/{session}/frames/pages/{page}',
        'loupe://sessions/{session}/frames/{seq}',
        'loupe://sessions/{session}/frames/{seq}/parts/{part}',
      ]),
    );
    const session = String((await call('open_session', { server: 'paged' })).structured.session);
    const listed = await call('list', { session, kind: 'tools', morePages: 'all' });
    expect(listed.structured).toMatchObject({ count: 3002, complete: true, pages: 121, nextOffset: 100 });
    expect(listed.structured.items).toHaveLength(100);
    // The listing is linked, not inlined: the tool result stays small.
    expect(JSON.stringify(listed.result).length).toBeLessThan(64 * 1024);
    expect(listed.result.content).toContainEqual(
      expect.objectContaining({ type: 'resource_link', uri: listed.structured.listing }),
    );
    let pages = 0;
    let items = 0;
    let next: string | undefined = String(listed.structured.listing);
    while (next) {
      const page: { items: unknown[]; next?: string; pages: number } = await read(next);
      expect(page.items.length).toBeLessThanOrEqual(100);
      items += page.items.length;
      pages += 1;
      expect(page.pages).toBe(31);
      next = page.next;
    }
    expect({ pages, items }).toEqual({ pages: 31, items: 3002 });

    // The frames of that walk: a request and a response per page, 100 frames a resource page, every seq in order.
    const seqs: number[] = [];
    let framePages = 0;
    let nextFrames: string | undefined = `loupe://sessions/${session}/frames/pages/1`;
    while (nextFrames) {
      const page: { frames: { seq: number; method?: string }[]; next?: string } = await read(nextFrames);
      expect(page.frames.length).toBeLessThanOrEqual(100);
      seqs.push(...page.frames.map((frame) => frame.seq));
      framePages += 1;
      nextFrames = page.next;
    }
    expect(seqs).toEqual(seqs.map((_, index) => index + 1));
    expect(seqs.length).toBeGreaterThanOrEqual(2 * 121);
    expect(framePages).toBe(Math.ceil(seqs.length / 100));

    // 3 MB back from echo: linked, and read in parts.
    const text = `${'0123456789abcdef'.repeat(3 * 65536)}end`;
    const echoed = await call('call_tool', { session, tool: 'echo', arguments: { text } });
    expect(echoed.structured).not.toHaveProperty('result');
    expect(echoed.structured.resultChars).toBeGreaterThan(3 * 1024 * 1024);
    const frameUri = String(echoed.structured.resultFrame);
    expect(JSON.stringify(echoed.result).length).toBeLessThan(4096);
    expect(echoed.result.content).toContainEqual(
      expect.objectContaining({ type: 'resource_link', uri: frameUri }),
    );
    const first: { raw: string; rawParts: number; nextPart?: string } = await read(frameUri);
    expect(first.rawParts).toBe(Math.ceil((text.length + 100) / (512 * 1024)));
    let raw = first.raw;
    let part = first.nextPart;
    while (part) {
      const piece: { text: string; next?: string } = await read(part);
      raw += piece.text;
      part = piece.next;
    }
    const plain = await direct(process.execPath, [
      serverPaths.paginating,
      '--tools',
      '3000',
      '--page-size',
      '25',
    ]);
    try {
      expect((JSON.parse(raw) as { result: unknown }).result).toEqual(
        await plain.client.callTool({ name: 'echo', arguments: { text } }),
      );
    } finally {
      await plain.close();
    }
    // Nothing handed over at once was near the size of the result (the 3 MB request the agent sent aside).
    expect(longest).toBeLessThan(1024 * 1024);
  }, 300_000);
});
