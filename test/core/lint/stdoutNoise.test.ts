/**
 * A stdio server that writes lines on stdout that are not JSON-RPC: the listing goes on (the recorder keeps each
 * line as an invalid frame) and the session's findings say so with a code, the count and the first lines quoted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sessionFindings } from '../../../src/core/lint/sessionFindings.js';
import { stdoutNoise } from '../../../src/core/lint/stdoutNoise.js';
import { walkList } from '../../../src/core/lists/pageWalker.js';
import { connect } from '../../../src/core/session/connect.js';
import type { McpSession } from '../../../src/core/types.js';
import { faultServer } from '../../helpers/servers.js';
import { hostileStdioPath } from '../wire/hostileServer.js';

const sessions: McpSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

async function open(...flags: string[]): Promise<McpSession> {
  const session = await connect(faultServer(...flags), { timeoutMs: 5_000, protocol: 'legacy' });
  sessions.push(session);
  return session;
}

describe('stdout lines that are not JSON-RPC', () => {
  it('counts them and quotes the first three: a stdout-not-json warning', async () => {
    const session = await open('--garbage');
    const tools = await walkList(session, 'tools');
    expect(tools.complete).toBe(true);
    expect(tools.pages).toHaveLength(3);
    const frames = session.recorder.frames();
    // Two lines at start, two before each of the three tools/list pages.
    expect(stdoutNoise(frames)).toEqual({
      count: 8,
      firstLines: [
        'this line is not JSON (at start)',
        '{"jsonrpc":"2.0","neither":"a request nor a response"}',
        'this line is not JSON (before tools/list)',
      ],
    });
    const findings = sessionFindings(session.handshake, frames).filter(
      (finding) => finding.code === 'stdout-not-json',
    );
    expect(findings).toEqual([
      {
        code: 'stdout-not-json',
        severity: 'warning',
        message:
          'The server wrote 8 lines on stdout that are not JSON-RPC: “this line is not JSON (at start)”, “{"jsonrpc":"2.0","neither":"a request nor a response"}”, “this line is not JSON (before tools/list)” and 5 more. Over stdio, stdout carries only JSON-RPC messages, one a line; clients may fail on anything else. Log to stderr instead.',
      },
    ]);
  });

  it('a well-behaved server gets no such finding', async () => {
    const session = await open();
    await walkList(session, 'tools');
    expect(stdoutNoise(session.recorder.frames())).toBeUndefined();
    expect(
      sessionFindings(session.handshake, session.recorder.frames()).map((finding) => finding.code),
    ).not.toContain('stdout-not-json');
  });

  it('a JSON-RPC line past the frame limit is its own error (frame-too-large), not stdout noise', async () => {
    const target = {
      transport: 'stdio' as const,
      command: process.execPath,
      args: [hostileStdioPath, '--mode', 'giant-line', '--bytes', String(2 * 1024 * 1024)],
    };
    const session = await connect(target, {
      timeoutMs: 10_000,
      protocol: 'legacy',
      maxFrameBytes: 256 * 1024,
    });
    sessions.push(session);
    const tools = await walkList(session, 'tools');
    expect(tools.error?.kind).toBe('frame-too-large');
    // The truncated line is recorded as an invalid frame, and is not counted as a line that is not JSON-RPC.
    expect(session.recorder.frames().some((frame) => frame.kind === 'invalid')).toBe(true);
    expect(stdoutNoise(session.recorder.frames())).toBeUndefined();
  });
});
