/**
 * A connection's own request timeout (the app's "Request timeout (ms)"): carried in connect's options, used for
 * every request of that connection, reported in its status, and refused when it is not a whole number of ms.
 * Against test/servers/fault.mjs answering every request but initialize 3 s late (the impatient timeout is
 * 1.5 s, not less: it covers initialize too, which a busy machine may take a second to answer).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { faultServer } from '../helpers/servers.js';
import { rejection } from '../helpers/rejection.js';
import { startHarness, type Harness } from './backendHarness.js';

const slow = faultServer('--tools', '3', '--delay', '3000');

describe('a per-connection request timeout', () => {
  let harness: Harness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('times a request out at the connection’s timeout, and reports it in the status', async () => {
    harness = startHarness();
    const impatient = await harness.api.connect(slow, { protocol: 'legacy', timeoutMs: 1500 });
    expect(impatient.state === 'connected' && impatient.requestTimeoutMs).toBe(1500);
    const result = await harness.api.list('tools');
    expect(result.complete).toBe(false);
    expect(result.error?.kind).toBe('timeout');
    expect(result.error?.message).toBe(
      'tools/list failed on page 1: tools/list got no answer within 1500 ms (no pages were fetched; the list is incomplete).',
    );

    const patient = await harness.api.connect(slow, { protocol: 'legacy', timeoutMs: 10_000 });
    expect(patient.state === 'connected' && patient.requestTimeoutMs).toBe(10_000);
    const listed = await harness.api.list('tools');
    expect(listed.complete).toBe(true);
    expect(listed.items.map((tool) => tool.name)).toEqual(['trigger_list_changed', 'echo', 'tool_0001', 'tool_0002', 'tool_0003']);
  });

  it('reports the settings’ timeout when the connection names none', async () => {
    harness = startHarness();
    await harness.api.saveSettings({ ...(await harness.api.getSettings()), timeoutMs: 7000 });
    const status = await harness.api.connect(slow, { protocol: 'legacy' });
    expect(status.state === 'connected' && status.requestTimeoutMs).toBe(7000);
  });

  it('refuses a timeout that is not a whole number of milliseconds from 1 to an hour, naming it', async () => {
    harness = startHarness();
    for (const timeoutMs of [0, -5, 2.5, 3_600_001, '500' as unknown as number]) {
      const error = await rejection(harness.api.connect(slow, { protocol: 'legacy', timeoutMs }));
      expect(error.detail.kind).toBe('usage');
      expect(error.detail.message).toBe(
        `The request timeout must be a whole number of milliseconds from 1 to 3600000; got ${JSON.stringify(timeoutMs)}.`,
      );
    }
    expect((await harness.api.status()).state).toBe('idle');
  });
});
