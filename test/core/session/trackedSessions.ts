/** Sessions a test file opens are closed after each test, so no child process or socket outlives its test. */
import { afterEach } from 'vitest';
import { connect } from '../../../src/core/session/connect.js';
import type { McpSession } from '../../../src/core/types.js';

export function trackedSessions(): (...args: Parameters<typeof connect>) => Promise<McpSession> {
  const sessions: McpSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((session) => session.close()));
  });
  return async (...args) => {
    const session = await connect(...args);
    sessions.push(session);
    return session;
  };
}
