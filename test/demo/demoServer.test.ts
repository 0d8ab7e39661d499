/**
 * The embedded demo server, driven by the SDK's own Client over real stdio (the compiled demo in
 * out/node/demo/server.js): pagination, every capability it declares, progress, logging, list_changed.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  LoggingMessageNotificationSchema,
  ProgressNotificationSchema,
  ToolListChangedNotificationSchema,
  type LoggingMessageNotification,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoTarget } from '../../src/core/demoTarget.js';
import { requireBuild } from '../cli/loupe.js';

beforeAll(requireBuild);

const script = new URL('../../out/node/demo/server.js', import.meta.url).pathname;
let client: Client;

beforeEach(async () => {
  const target = demoTarget(script);
  client = new Client({ name: 'demo-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: target.command, args: target.args, stderr: 'pipe' }));
});
afterEach(() => client.close());

async function allTools(): Promise<{ tools: Tool[]; pages: number }> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    tools.push(...page.tools);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor);
  return { tools, pages };
}

describe('the embedded demo server', { timeout: 60_000 }, () => {
  it('declares its capabilities and paginates ≥150 tools with opaque cursors', async () => {
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: true }, resources: {}, prompts: {}, logging: {} });
    expect(client.getServerVersion()).toMatchObject({ name: 'loupe-demo', version: '1.0.0' });
    const first = await client.listTools();
    expect(first.tools).toHaveLength(40);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const { tools, pages } = await allTools();
    expect(tools.length).toBe(163);
    expect(pages).toBe(5);
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(163);
    expect(tools.every((tool) => typeof tool.description === 'string' && tool.description.length > 10)).toBe(true);
    await expect(client.listTools({ cursor: 'not-a-cursor' })).rejects.toThrow(/Invalid cursor/);
  });

  it('echoes arguments exactly', async () => {
    const args = { message: 'x', deep: { list: [1, { two: 2 }], nothing: null } };
    const result = await client.callTool({ name: 'submit_order', arguments: args });
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(args) }]);
  });

  it('reports progress for the slow tool when asked, and logs', async () => {
    const logs: LoggingMessageNotification['params'][] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logs.push(notification.params);
    });
    // Every progress notification as it arrives. The SDK's onprogress callback would miss the last one when it
    // comes in the same read as the answer (a busy machine): the answer drops the callback before the
    // notification's handler runs. onprogress is still passed: it is what puts a progressToken in the request.
    const progress: number[] = [];
    const tokens = new Set<unknown>();
    client.setNotificationHandler(ProgressNotificationSchema, (notification) => {
      progress.push(notification.params.progress);
      tokens.add(notification.params.progressToken);
    });
    const result = await client.callTool({ name: 'long_running_export', arguments: { steps: 4, step_ms: 20 } }, undefined, {
      onprogress: () => undefined,
    });
    expect(progress).toEqual([1, 2, 3, 4]);
    expect(tokens.size).toBe(1);
    expect(result.content).toEqual([{ type: 'text', text: 'Export finished after 4 steps.' }]);
    expect(logs.map((entry) => entry.data)).toEqual([{ event: 'export-started', steps: 4 }, { event: 'export-finished', steps: 4 }]);
  });

  it('returns a real PNG and structured content', async () => {
    const image = await client.callTool({ name: 'render_chart', arguments: {} });
    const block = (image.content as { type: string; data?: string; mimeType?: string }[])[0];
    expect(block?.mimeType).toBe('image/png');
    expect(Buffer.from(block?.data ?? '', 'base64').subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    await allTools(); // the SDK validates structuredContent only for tools it has listed
    const weather = await client.callTool({ name: 'get_weather_report', arguments: { city: 'Delft' } });
    expect(weather.structuredContent).toEqual({ city: 'Delft', temperatureCelsius: 11.5, conditions: 'cloudy', observedAt: '2026-11-29T12:00:00Z' });
    const failed = await client.callTool({ name: 'fail_with_error', arguments: {} });
    expect(failed.isError).toBe(true);
  });

  it('adds and removes a tool and says so with notifications/tools/list_changed', async () => {
    let notified = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      notified += 1;
    });
    await client.callTool({ name: 'toggle_experimental_tools', arguments: {} });
    expect((await allTools()).tools.map((tool) => tool.name)).toContain('experimental_forecast');
    await client.callTool({ name: 'toggle_experimental_tools', arguments: {} });
    expect((await allTools()).tools.map((tool) => tool.name)).not.toContain('experimental_forecast');
    expect(notified).toBe(2);
  });

  it('paginates and reads resources, lists the template, and gets prompts', async () => {
    const first = await client.listResources();
    expect(first.resources).toHaveLength(25);
    const second = await client.listResources({ cursor: first.nextCursor });
    const third = await client.listResources({ cursor: second.nextCursor });
    expect(third.nextCursor).toBeUndefined();
    expect(first.resources.length + second.resources.length + third.resources.length).toBe(60);
    const note = await client.readResource({ uri: 'demo://notes/007' });
    expect(note.contents[0]).toMatchObject({ uri: 'demo://notes/007', mimeType: 'text/markdown' });
    const item = await client.readResource({ uri: 'demo://inventory/SKU-9' });
    expect(JSON.parse((item.contents[0] as { text: string }).text)).toEqual({ sku: 'SKU-9', onHand: 35, warehouse: 'north' });
    expect((await client.listResourceTemplates()).resourceTemplates[0]?.uriTemplate).toBe('demo://inventory/{sku}');
    const prompt = await client.getPrompt({ name: 'summarize_ticket', arguments: { ticket_id: 'T-1' } });
    expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'Summarise a support ticket (ticket_id=T-1): please help.' });
    await expect(client.getPrompt({ name: 'summarize_ticket', arguments: {} })).rejects.toThrow(/Missing required argument: ticket_id/);
  });
});
