/** Sessions the fake backend already holds, as a reloaded page finds them, for the re-attach tests. */
import { LoupeError } from '../../shared/errors';
import type { Frame } from '../../shared/frames';
import type { SessionStatus } from '../../shared/session';
import {
  demoHandshake,
  frame,
  listResult,
  makeTools,
  type FakeOverrides,
  type FakeSessionsBackend,
} from './fakeBackend';

/** A session the backend already holds, connected, with its own frames and tools (as after a reload). */
export function heldSession(
  id: string,
  frameCount: number,
  toolCount: number,
  extra: FakeOverrides = {},
): FakeOverrides {
  const target = { transport: 'stdio' as const, command: 'node', args: [`${id}.mjs`] };
  const status: SessionStatus = {
    state: 'connected',
    target,
    handshake: { ...demoHandshake, serverInfo: { name: `server-${id}`, version: '1' } },
  };
  const frames: Frame[] = Array.from({ length: frameCount }, (_, index) =>
    frame(index + 1, { method: index === 0 ? 'initialize' : `${id}/method` }),
  );
  const tools = listResult(
    'tools',
    makeTools(toolCount, (index) => ({ name: `${id}_tool_${index}`, inputSchema: { type: 'object' } })),
  );
  return {
    startStatus: status,
    frames: (after, limit) => Promise.resolve(frames.filter((held) => held.seq > after).slice(0, limit)),
    keptLists: () => Promise.resolve([tools]),
    lint: () => Promise.reject(new LoupeError({ kind: 'not-connected', message: 'no lint in this fake' })),
    ...extra,
  };
}

/** The methods a session was called with, in order. */
export function callsOf(backend: FakeSessionsBackend, session: string): string[] {
  return backend.calls.filter((call) => call.session === session).map((call) => call.method);
}
