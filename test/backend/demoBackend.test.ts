/** The backend over an in-memory carrier against the embedded demo server (real stdio child). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoupeError } from '../../src/shared/errors.js';
import { isJsonObject, stringField } from '../../src/shared/json.js';
import { ensureDemoBuilt, startHarness, type Harness } from './backendHarness.js';

describe('backend against the demo server', () => {
  let harness: Harness;

  beforeAll(async () => {
    ensureDemoBuilt();
    harness = startHarness({ initialTarget: { transport: 'demo' } });
    const status = await harness.api.connect({ transport: 'demo' });
    expect(status.state).toBe('connected');
  }, 180_000);
  afterAll(async () => {
    await harness?.close();
  });

  it('reports the initial target and a connected status with the handshake', async () => {
    expect(await harness.api.initialTarget()).toEqual({ transport: 'demo' });
    const status = await harness.api.status();
    if (status.state !== 'connected') throw new Error(`status is ${status.state}`);
    expect(status.target).toEqual({ transport: 'demo' });
    expect(status.handshake.transport).toBe('stdio');
    expect(typeof status.handshake.serverInfo?.name).toBe('string');
    await harness.waitFor('onStatus', (event) => event.state === 'connected');
    expect(harness.events.onStatus.map((event) => event.state)).toEqual(['connecting', 'connected']);
  });

  it('walks every page of tools and the count matches the raw response frames', async () => {
    const result = await harness.api.list('tools');
    expect(result.complete).toBe(true);
    expect(result.error).toBeUndefined();
    expect(result.pages.length).toBeGreaterThan(1);
    expect(result.items.length).toBe(result.pages.reduce((sum, page) => sum + page.itemCount, 0));
    const frames = await harness.api.frames(0, 100_000);
    const responseSeqs = new Set(result.pages.map((page) => page.responseSeq));
    const fromFrames = frames
      .filter((frame) => responseSeqs.has(frame.seq))
      .map((frame) => {
        const parsed: unknown = JSON.parse(frame.raw);
        const tools = isJsonObject(parsed) && isJsonObject(parsed.result) ? parsed.result.tools : undefined;
        return Array.isArray(tools) ? tools.length : -1;
      });
    expect(fromFrames.length).toBe(result.pages.length);
    expect(fromFrames.reduce((a, b) => a + b, 0)).toBe(result.items.length);
    const progress = await harness.waitFor('onListProgress', (p) => p.kind === 'tools' && p.items === result.items.length);
    expect(progress.pages).toBe(result.pages.length);
  });

  it('pushes frames in batches, in order, the same frames frames() holds', async () => {
    const pushed = harness.events.onFrames.flat();
    const held = await harness.api.frames(0, 100_000);
    expect(pushed.length).toBeGreaterThan(10);
    expect(pushed.map((f) => f.seq)).toEqual(held.slice(0, pushed.length).map((f) => f.seq));
    expect(pushed.map((f) => f.seq)).toEqual(pushed.map((_f, index) => index + 1));
    // batched: far fewer carrier messages than frames
    expect(harness.events.onFrames.length).toBeLessThan(pushed.length);
    expect(harness.eventMessages()).toBeLessThan(pushed.length);
    const responses = held.filter((frame) => frame.kind === 'response');
    expect(responses.length).toBeGreaterThan(0);
    for (const response of responses) expect(typeof response.rttMs).toBe('number');
    const stats = await harness.api.recorderStats();
    expect(stats.total).toBe(held.length);
    expect((await harness.api.frames(held.length - 2, 10)).map((f) => f.seq)).toEqual([held.length - 1, held.length]);
  });

  it('lints the tools it listed', async () => {
    const tools = await harness.api.list('tools');
    const report = await harness.api.lint();
    expect(report.summary.toolCount).toBe(tools.items.length);
  });

  it('calls a tool with progress and forwards its log messages', async () => {
    const outcome = await harness.api.callTool({ tool: 'long_running_export', arguments: { steps: 3, step_ms: 10 }, callId: 'export-1' });
    expect(outcome.isError).toBe(false);
    expect(JSON.stringify(outcome.result)).toContain('Export finished after 3 steps.');
    const progress = await harness.waitFor('onProgress', (p) => p.callId === 'export-1' && p.progress === 3);
    expect(progress.total).toBe(3);
    const log = await harness.waitFor('onLog', (entry) => JSON.stringify(entry.data).includes('export-finished'));
    expect(log.level).toBe('info');
    expect(log.logger).toBe('export');
  });

  it('cancels a running call', async () => {
    const call = harness.api.callTool({ tool: 'long_running_export', arguments: { steps: 50, step_ms: 200 }, callId: 'export-2' });
    await harness.waitFor('onProgress', (p) => p.callId === 'export-2');
    await harness.api.cancelCall('export-2');
    const error = await call.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(LoupeError);
    expect((error as LoupeError).kind).toBe('cancelled');
  });

  it('reads a resource and gets a prompt', async () => {
    const resources = await harness.api.list('resources');
    const first = resources.items[0];
    expect(typeof first?.uri).toBe('string');
    const read = await harness.api.readResource(stringField(first, 'uri') ?? '');
    expect(Array.isArray(read.contents)).toBe(true);
    const prompts = await harness.api.list('prompts');
    const prompt = prompts.items.find((item) => !Array.isArray(item.arguments) || item.arguments.length === 0) ?? prompts.items[0];
    const args: Record<string, string> = {};
    if (Array.isArray(prompt.arguments)) {
      for (const argument of prompt.arguments) if (isJsonObject(argument) && argument.required === true) args[stringField(argument, 'name') ?? ''] = 'x';
    }
    const got = await harness.api.getPrompt(stringField(prompt, 'name') ?? '', args);
    expect(Array.isArray(got.messages)).toBe(true);
  });

  it('writes a snapshot that loads back with the same tools', async () => {
    const tools = await harness.api.list('tools');
    const { fileName, text } = await harness.api.createSnapshot();
    expect(fileName).toMatch(/^loupe-[A-Za-z0-9._-]+-\d{8}T\d{6}Z\.json$/);
    const snapshot = await harness.api.loadSnapshot(text);
    expect(snapshot.connected).toBe(true);
    expect(snapshot.toolCount).toBe(tools.items.length);
    expect(snapshot.tools).toEqual(tools.items);
    expect(snapshot.frames.length).toBeGreaterThan(0);
    const corrupt = await harness.api.loadSnapshot('{"format": "something else"').catch((error: unknown) => error);
    expect(corrupt).toBeInstanceOf(LoupeError);
    expect((corrupt as LoupeError).kind).toBe('snapshot-invalid');
  });

  it('disconnects: status closed, frames still there, further calls say not-connected', async () => {
    const before = (await harness.api.frames(0, 100_000)).length;
    await harness.api.disconnect();
    expect((await harness.api.status()).state).toBe('closed');
    expect((await harness.api.frames(0, 100_000)).length).toBeGreaterThanOrEqual(before);
    const error = await harness.api.list('tools').catch((caught: unknown) => caught);
    expect((error as LoupeError).kind).toBe('not-connected');
  });
});
