/**
 * A 2026-07-28 server over stdio that starts slower than auto's probe waits (as `npx` fetching a package does):
 * the probe times out, initialize is refused with -32022 naming 2026-07-28, and Loupe asks server/discover again
 * instead of failing with "the server supports 2026-07-28".
 */
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { StdioTarget } from '../../../src/shared/target.js';
import { connect } from '../../../src/core/session/connect.js';
import { probeTimeoutMs } from '../../../src/core/session/discover.js';
import type { McpSession } from '../../../src/core/types.js';
import { serverPaths } from '../../helpers/servers.js';

let session: McpSession | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

/** The strict v2 SDK server over stdio, loaded only after `delayMs` (what it was sent meanwhile waits in the pipe). */
function slowStart(delayMs: number): StdioTarget {
  const load = `setTimeout(() => import(${JSON.stringify(pathToFileURL(serverPaths.v2).href)}), ${delayMs})`;
  return { transport: 'stdio', command: process.execPath, args: ['-e', load, 'slow-start', '--transport', 'stdio', '--legacy', 'reject'] };
}

describe('a modern stdio server slower than the probe', () => {
  it('is spoken to in the modern era after its refused initialize, not given up on', { timeout: 60_000 }, async () => {
    session = await connect(slowStart(probeTimeoutMs + 1500), { timeoutMs: 30_000 });
    expect(session.handshake.era).toBe('modern');
    expect(session.handshake.protocolVersion).toBe('2026-07-28');
    expect(session.handshake.eraReason).toContain('slow to start');
    const sent = session.recorder.frames().filter((frame) => frame.direction === 'out').map((frame) => frame.method);
    expect(sent.slice(0, 3)).toEqual(['server/discover', 'initialize', 'server/discover']);
    const refused = session.recorder.frames().find((frame) => frame.direction === 'in' && frame.raw.includes('-32022'));
    expect(refused?.raw).toContain('2026-07-28');
    const tools = await session.request('tools/list', {});
    expect(Array.isArray(tools.result.tools)).toBe(true);
  });
});
