/** The doctor's advice on listings that stop early and on a session the server forgot, over real servers. */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { walkList } from '../../../src/core/lists/pageWalker.js';
import { connect } from '../../../src/core/session/connect.js';
import type { McpSession } from '../../../src/core/types.js';
import type { DialTarget } from '../../../src/core/types.js';
import { faultServer, startPrintingUrl, type RunningHttpServer } from '../../helpers/servers.js';

const statusHttp = fileURLToPath(new URL('../../servers/statusHttp.mjs', import.meta.url));
const sessions: McpSession[] = [];
const servers: RunningHttpServer[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function open(target: DialTarget, protocol: 'legacy' | 'auto' = 'auto'): Promise<McpSession> {
  const session = await connect(target, { timeoutMs: 3_000, protocol });
  sessions.push(session);
  return session;
}

describe('the doctor on listings (the reference table’s rows)', () => {
  it('method not found: sent before initialization, to the wrong endpoint, or without the capability', async () => {
    const result = await walkList(await open(faultServer('--no-tools')), 'tools');
    expect(result.error?.kind).toBe('method-not-found');
    expect(result.error?.doctor?.likelyCause).toBe(
      'The request was sent before initialization, to the wrong endpoint, or to a server without that capability.',
    );
    expect(result.error?.doctor?.nextStep).toContain('capabilities the server declared');
  });

  it('only the first pages: the page limit names the pages and the way on', async () => {
    const result = await walkList(await open(faultServer('--endless')), 'tools', { pageLimit: 3 });
    expect(result.error?.kind).toBe('page-limit');
    expect(result.items).toHaveLength(15);
    expect(result.error?.doctor?.likelyCause).toContain('still had more after 3 pages');
    expect(result.error?.doctor?.nextStep).toContain('Fetch the next pages');
  });

  it('a cursor loop', async () => {
    const result = await walkList(await open(faultServer('--cursor-loop')), 'tools');
    expect(result.error?.kind).toBe('cursor-loop');
    expect(result.error?.doctor?.likelyCause).toContain('cursor it had already sent');
  });

  it('an unusable list (tools is not an array)', async () => {
    const result = await walkList(await open(faultServer('--tools-not-array')), 'tools');
    expect(result.error?.kind).toBe('invalid-response');
    expect(result.error?.doctor?.nextStep).toContain('Traffic');
  });

  it('an expired session: HTTP 404 to a request carrying Mcp-Session-Id', async () => {
    const server = await startPrintingUrl([statusHttp, '--expire-session'], 'http', 'expiring');
    servers.push(server);
    const session = await open({ transport: 'http', url: server.url }, 'legacy');
    expect(session.handshake.sessionId).toBe('s-1');
    const result = await walkList(session, 'tools');
    expect(result.complete).toBe(false);
    expect(result.error?.code).toBe(404);
    expect(result.error?.doctor?.likelyCause).toContain('no longer knows this session');
    expect(result.error?.doctor?.nextStep).toBe('Connect again: a new session starts with a new initialize.');
    expect(result.error?.doctor?.evidence).toContain(`POST ${server.url} → HTTP 404`);
  });
});
