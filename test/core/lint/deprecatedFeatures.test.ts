/**
 * Deprecated features (MCP 2026-07-28 changelog): found in what real servers declare and send, each named once
 * with the revision, as info findings that belong to no tool.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { deprecatedFeatureFindings } from '../../../src/core/lint/deprecatedFeatures.js';
import { connect } from '../../../src/core/session/connect.js';
import type { McpSession } from '../../../src/core/types.js';
import { startHttpServer, v2StdioServer, type RunningHttpServer } from '../../helpers/servers.js';

const sessions: McpSession[] = [];
const servers: RunningHttpServer[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

const findingsOf = (session: McpSession) =>
  deprecatedFeatureFindings(session.handshake, session.recorder.frames());

describe('deprecated features', () => {
  it('names roots asked for in an input_required result of a strict 2026-07-28 server, and nothing else', async () => {
    const session = await connect(v2StdioServer('reject'), {
      offer: { roots: true },
      roots: [{ uri: 'file:///work' }],
    });
    sessions.push(session);
    expect(session.handshake.era).toBe('modern');
    expect(findingsOf(session)).toEqual([]);
    await session.request('tools/call', { name: 'list_client_roots', arguments: {} });
    const findings = findingsOf(session);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ code: 'deprecated-feature', severity: 'info' });
    expect(findings[0]?.tool).toBeUndefined();
    expect(findings[0]?.message).toBe(
      'The server asked for roots/list in an input_required result. Roots are deprecated as of MCP 2026-07-28 (SEP-2577): pass directories or files through tool parameters, resource URIs or server configuration.',
    );
  });

  it('names sampling asked for by a 2025-era server request, once however often it asks', async () => {
    const session = await connect(v2StdioServer('allow'), { protocol: 'legacy', offer: { sampling: true } });
    sessions.push(session);
    session.setRequestHandler('sampling/createMessage', () =>
      Promise.resolve({ role: 'assistant', content: { type: 'text', text: 'a summary' }, model: 'test' }),
    );
    await session.request('tools/call', { name: 'sample_summary', arguments: {} });
    await session.request('tools/call', { name: 'sample_summary', arguments: {} });
    const messages = findingsOf(session).map((finding) => finding.message);
    expect(messages).toEqual([
      'The server sent sampling/createMessage. Sampling is deprecated as of MCP 2026-07-28 (SEP-2577): call an LLM provider directly.',
    ]);
  });

  it('names the HTTP+SSE transport a session runs over', async () => {
    const server = await startHttpServer('sse');
    servers.push(server);
    const session = await connect(server.target);
    sessions.push(session);
    expect(session.handshake.transport).toBe('sse');
    expect(findingsOf(session).map((finding) => finding.message)).toContain(
      'The session runs over the legacy HTTP+SSE transport. The HTTP+SSE transport is deprecated (since 2025-03-26; reclassified in MCP 2026-07-28, SEP-2596): serve Streamable HTTP.',
    );
  });
});
