/** The doctor on listings that arrive but are wrong: repeated names across pages, and a silent change of the tools. */
import { afterEach, describe, expect, it } from 'vitest';
import { callTool } from '../../../src/core/calls/callTool.js';
import { silentChangeDiagnosis } from '../../../src/core/doctor/listDiagnosis.js';
import { walkList } from '../../../src/core/lists/pageWalker.js';
import { connect } from '../../../src/core/session/connect.js';
import type { DialTarget, McpSession } from '../../../src/core/types.js';
import { callFaultsServer, faultServer } from '../../helpers/servers.js';

const sessions: McpSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

async function open(target: DialTarget): Promise<McpSession> {
  const session = await connect(target, { timeoutMs: 5_000, protocol: 'legacy' });
  sessions.push(session);
  return session;
}

describe('the doctor on listings that arrive wrong', () => {
  it('a page served twice: names which tools repeat, on which pages, and blames the paging', async () => {
    const session = await open(callFaultsServer('--page-size', '3', '--repeat-page'));
    const result = await walkList(session, 'tools');
    expect(result.complete).toBe(true);
    expect(result.pages.map((page) => page.itemCount)).toEqual([3, 3, 3, 1]);
    expect(result.items).toHaveLength(10);
    expect(result.doctor?.likelyCause).toBe(
      'The tools listing repeats 3 names across pages: “hang” (pages 2 and 3), “bad_schema” (pages 2 and 3), “vanished” (pages 2 and 3). The server’s paging is likely at fault: a cursor that led back to items already sent, or a page served twice.',
    );
    expect(result.doctor?.nextStep).toContain('Calls by name are ambiguous');
    expect(result.doctor?.evidence).toEqual([
      '“hang” at positions 4, 7 (pages 2, 3)',
      '“bad_schema” at positions 5, 8 (pages 2, 3)',
      '“vanished” at positions 6, 9 (pages 2, 3)',
      'tools/list page 2: cursor “p3” → nextCursor “again3”, 3 items',
      'tools/list page 3: cursor “again3” → nextCursor “p6”, 3 items',
    ]);
  });

  it('a listing without repeated names carries no advice', async () => {
    const result = await walkList(await open(callFaultsServer('--page-size', '3')), 'tools');
    expect(result.items).toHaveLength(7);
    expect(result.doctor).toBeUndefined();
  });

  it('tools changed without list_changed: the re-listing is a stale-list finding; with the notification it is not', async () => {
    const session = await open(callFaultsServer());
    const before = await walkList(session, 'tools');
    await callTool(session, { tool: 'reshuffle' }, before.items);
    const after = await walkList(session, 'tools');
    const silent = silentChangeDiagnosis(before, after, session.recorder.frames());
    expect(silent?.likelyCause).toBe(
      'The tools changed since the last listing (1 added, 1 removed, 0 changed), but the server sent no notifications/tools/list_changed: a client that waits for it keeps a stale list.',
    );
    expect(silent?.nextStep).toContain('The server should send notifications/tools/list_changed');
    expect(silent?.evidence.slice(0, 2)).toEqual(['added: “newcomer”', 'removed: “strict”']);

    const notifying = await open(faultServer('--tools', '3'));
    const first = await walkList(notifying, 'tools');
    await callTool(notifying, { tool: 'trigger_list_changed' }, first.items);
    const second = await walkList(notifying, 'tools');
    expect(second.items.map((tool) => tool.name)).not.toEqual(first.items.map((tool) => tool.name));
    expect(silentChangeDiagnosis(first, second, notifying.recorder.frames())).toBeUndefined();
  });
});
