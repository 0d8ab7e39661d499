import { describe, expect, it } from 'vitest';
import type { LoupeError } from '../../../src/shared/errors.js';
import { inlineServer } from './servers.js';
import { trackedSessions } from './trackedSessions.js';

const open = trackedSessions();

/** A hand-written modern stdio server: discover works; tools/call answers as `answer(message)` returns. */
function modernScript(answer: string): ReturnType<typeof inlineServer> {
  return inlineServer(`
const send = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
let buffer = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  let index;
  while ((index = buffer.indexOf('\\n')) !== -1) {
    const message = JSON.parse(buffer.slice(0, index));
    buffer = buffer.slice(index + 1);
    if (message.method === 'server/discover') {
      send({ jsonrpc: '2.0', id: message.id, result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'scripted-modern', version: '0' } } } });
    } else if (message.id !== undefined) {
      send({ jsonrpc: '2.0', id: message.id, result: (${answer})(message) });
    }
  }
});`);
}

describe('modern resultType handling', () => {
  it('stops a server that keeps asking for input after the round limit, naming it', async () => {
    const session = await open(
      modernScript(
        `() => ({ resultType: 'input_required', inputRequests: { again: { method: 'roots/list' } }, requestState: 's' })`,
      ),
      {
        offer: { roots: true },
        roots: [{ uri: 'file:///work' }],
      },
    );
    expect(session.handshake.serverInfo?.name).toBe('scripted-modern');
    const failure = (await session
      .request('tools/call', { name: 'loop', arguments: {} })
      .catch((error: unknown) => error)) as LoupeError;
    expect(failure.kind).toBe('input-rounds-exceeded');
    expect(failure.message).toContain('after 10 rounds');
    const calls = session.recorder
      .frames()
      .filter((frame) => frame.direction === 'out' && frame.method === 'tools/call');
    expect(calls).toHaveLength(11);
    const last = JSON.parse(calls[10]?.raw ?? '{}') as {
      params: { inputResponses: unknown; requestState: string };
    };
    expect(last.params.inputResponses).toEqual({ again: { roots: [{ uri: 'file:///work' }] } });
    expect(last.params.requestState).toBe('s');
  });

  it('refuses a task result when the tasks extension is turned off, and names an unknown resultType as invalid', async () => {
    const script = modernScript(
      `(message) => ({ resultType: message.params.name === 'task' ? 'task' : 'mystery', taskId: 't1', status: 'working' })`,
    );
    const declaring = await open(script);
    const handed = await declaring.request('tools/call', { name: 'task', arguments: {} });
    expect(handed.result).toMatchObject({ resultType: 'task', taskId: 't1', status: 'working' });
    const session = await open(script, { extensions: { tasks: false } });
    const task = (await session
      .request('tools/call', { name: 'task', arguments: {} })
      .catch((error: unknown) => error)) as LoupeError;
    expect(task.kind).toBe('task-not-supported');
    expect(task.message).toContain(
      'the server answered with a task although Loupe did not declare the tasks extension',
    );
    const mystery = (await session
      .request('tools/call', { name: 'other', arguments: {} })
      .catch((error: unknown) => error)) as LoupeError;
    expect(mystery.kind).toBe('invalid-response');
    expect(mystery.message).toContain('"mystery"');
  });

  it('refuses an input request it was not set up to answer', async () => {
    const session = await open(
      modernScript(
        `() => ({ resultType: 'input_required', inputRequests: { ask: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } } } })`,
      ),
    );
    const failure = (await session
      .request('tools/call', { name: 'x', arguments: {} })
      .catch((error: unknown) => error)) as LoupeError;
    expect(failure.kind).toBe('method-not-found');
    expect(failure.message).toContain('sampling/createMessage');
  });
});
