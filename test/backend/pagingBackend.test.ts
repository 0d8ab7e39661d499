/** The backend against the paginating test server: 1,000 tools over many pages, and list_changed re-listing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringField } from '../../src/shared/json.js';
import { paginatingServer } from '../helpers/servers.js';
import { startHarness, type Harness } from './backendHarness.js';

describe('backend against a 1,000-tool paginating server', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = startHarness();
    await harness.api.connect(paginatingServer('--tools', '1000', '--page-size', '25'));
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('lists all 1,002 tools (1,000 numbered + 2 control) over 41 pages', async () => {
    const result = await harness.api.list('tools');
    expect(result.complete).toBe(true);
    expect(result.items.length).toBe(1002);
    expect(result.pages.length).toBe(41);
    expect(result.items.map((tool) => tool.name)).toContain('tool_1000');
    expect(new Set(result.items.map((tool) => tool.name)).size).toBe(1002);
  });

  it('two concurrent asks for the same list share one walk', async () => {
    const before = (await harness.api.frames(0, 100_000)).filter((f) => f.method === 'tools/list').length;
    const [first, second] = await Promise.all([harness.api.list('tools'), harness.api.list('tools')]);
    expect(first.items.length).toBe(second.items.length);
    const after = (await harness.api.frames(0, 100_000)).filter((f) => f.method === 'tools/list').length;
    expect(after - before).toBe(41);
  });

  it('re-lists on list_changed and pushes the diff', async () => {
    const before = await harness.api.list('tools');
    const last = before.items.filter((tool) => (stringField(tool, 'name') ?? '').startsWith('tool_')).at(-1);
    await harness.api.callTool({ tool: 'trigger_list_changed', arguments: {}, callId: 'trigger-1' });
    const change = await harness.waitFor('onListChanged', (event) => event.diff.kind === 'tools', 20_000);
    expect(change.diff.added).toEqual(['added_1']);
    expect(change.diff.removed).toEqual(['tool_0001']);
    expect(change.diff.changed).toEqual([stringField(last, 'name')]);
    expect(change.result.complete).toBe(true);
    expect(change.result.items.length).toBe(1002);
    // the backend keeps the re-listed result: a snapshot now holds it
    const snapshot = await harness.api.loadSnapshot((await harness.api.createSnapshot()).text);
    expect(snapshot.toolNames).toContain('added_1');
    expect(snapshot.toolNames).not.toContain('tool_0001');
  });

  it('a burst of 3,000 notifications reaches the UI in a handful of carrier messages', async () => {
    const framesBefore = (await harness.api.recorderStats()).total;
    const messagesBefore = harness.eventMessages();
    const pushedBefore = harness.events.onFrames.flat().length;
    await harness.api.callTool({ tool: 'trigger_list_changed', arguments: { burst: 3000 }, callId: 'burst-1' });
    await harness.waitFor('onFrames', () => harness.events.onFrames.flat().length - pushedBefore >= 3000, 20_000);
    const framesAfter = (await harness.api.recorderStats()).total;
    expect(framesAfter - framesBefore).toBeGreaterThanOrEqual(3002);
    const messages = harness.eventMessages() - messagesBefore;
    expect(messages).toBeGreaterThan(0);
    expect(messages).toBeLessThan(100);
  });
});
