/**
 * The doctor's call and listing advice crosses the contract as data: a refused call's rejection carries cause, next
 * step and evidence; a re-listing that changed without list_changed carries the stale-list advice, and so does the
 * call to the tool that went away.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LoupeErrorData } from '../../src/shared/errors.js';
import { rejection } from '../helpers/rejection.js';
import { callFaultsServer } from '../helpers/servers.js';
import { startHarness, type Harness } from './backendHarness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** The error data a call rejected with. */
async function rejectionData(promise: Promise<unknown>): Promise<LoupeErrorData> {
  return (await rejection(promise)).detail;
}

describe('the doctor on calls through the backend contract', () => {
  it('refused arguments, then a silent change of the tools: the re-listing and the call both say the list is stale', async () => {
    const backend = startHarness();
    harness = backend;
    const status = await backend.api.connect(callFaultsServer(), { protocol: 'legacy' });
    expect(status.state).toBe('connected');
    const listing = await backend.api.list('tools');
    expect(listing.items).toHaveLength(7);
    expect(listing.doctor).toBeUndefined();

    const refused = await rejectionData(
      backend.api.callTool({ tool: 'strict', arguments: { count: 'x' }, callId: 'c1' }),
    );
    expect(refused.code).toBe(-32602);
    expect(refused.doctor?.likelyCause).toContain('The server refused the arguments (-32602 Invalid params)');
    expect(refused.doctor?.evidence).toContain('arguments sent: {"count":"x"}');

    const reshuffled = await backend.api.callTool({ tool: 'reshuffle', arguments: {}, callId: 'c2' });
    expect(reshuffled.isError).toBe(false);
    const stale = await rejectionData(
      backend.api.callTool({ tool: 'strict', arguments: { count: 1 }, callId: 'c3' }),
    );
    expect(stale.doctor?.likelyCause).toContain('The tool list is stale: the server listed “strict”');

    const relisted = await backend.api.list('tools');
    expect(relisted.items.map((tool) => tool.name)).toContain('newcomer');
    expect(relisted.doctor?.likelyCause).toBe(
      'The tools changed since the last listing (1 added, 1 removed, 0 changed), but the server sent no notifications/tools/list_changed: a client that waits for it keeps a stale list.',
    );
  }, 30_000);
});
