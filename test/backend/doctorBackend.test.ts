/** The doctor's advice crosses the contract as data: on the rejected connect and on the closed status's reason. */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { LoupeError } from '../../src/shared/errors.js';
import { startHarness, type Harness } from './backendHarness.js';

const banner = fileURLToPath(new URL('../servers/banner.mjs', import.meta.url));
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('the connection doctor through the backend contract', () => {
  it('a banner-printing stdio server: the rejection and the status both carry cause, next step and evidence', async () => {
    harness = startHarness({ sessionDefaults: { timeoutMs: 1_500 } });
    const rejected = await harness.api
      .connect(
        { transport: 'stdio', command: process.execPath, args: [banner, '--stderr', 'banner: starting'] },
        { protocol: 'legacy' },
      )
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(rejected).toBeInstanceOf(LoupeError);
    const detail = (rejected as LoupeError).detail;
    expect(detail.kind).toBe('timeout');
    expect(detail.doctor?.likelyCause).toContain('“Weather MCP server v1.2.3”');
    expect(detail.doctor?.evidence).toEqual(
      expect.arrayContaining(['stdout: Weather MCP server v1.2.3', 'stderr: banner: starting']),
    );
    const status = await harness.api.status();
    expect(status.state).toBe('closed');
    expect(status.state === 'closed' ? status.reason?.doctor : undefined).toEqual(detail.doctor);
  }, 30_000);
});
