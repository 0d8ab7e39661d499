import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FrameRecorder } from '../../../src/core/recorder/frameRecorder.js';
import { connect } from '../../../src/core/session/connect.js';
import { LoupeError } from '../../../src/shared/errors.js';
import type { JsonObject } from '../../../src/shared/json.js';
import { scripted } from './scripted.js';
import { trackedSessions } from './trackedSessions.js';

const open = trackedSessions();

async function failureOf(promise: Promise<unknown>): Promise<LoupeError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof LoupeError)) throw new Error(`expected a LoupeError, got ${String(outcome)}`);
  return outcome;
}

describe('stdio faults', () => {
  it('records garbage lines as invalid frames and goes on; fields the SDK does not know survive', async () => {
    const target = scripted(
      `if (message.method === 'tools/list') {
        raw('this is not json\\r\\n{"broken\\n[1,2]\\n');
        const text = JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { tools: [{ name: 'añadir', inputSchema: { type: 'object' }, 'x-extra': { deep: [1] } }] } });
        const bytes = Buffer.from(text + '\\r\\n');
        const cut = bytes.indexOf(Buffer.from('ñ')) + 1;
        process.stdout.write(bytes.subarray(0, cut));
        setTimeout(() => process.stdout.write(bytes.subarray(cut)), 30);
      } else if (message.id !== undefined) send({ jsonrpc: '2.0', id: message.id, result: {} });`,
      { startup: "raw('Server starting on stdio...\\n');" },
    );
    const session = await open(target);
    const listed = await session.request('tools/list', {});
    expect(listed.result).toEqual({
      tools: [{ name: 'añadir', inputSchema: { type: 'object' }, 'x-extra': { deep: [1] } }],
    });
    expect(session.handshake.serverInfo).toEqual({ name: 'scripted', version: '1.0.0', 'x-vendor': 'kept' });
    const invalid = session.recorder.frames().filter((frame) => frame.kind === 'invalid');
    expect(invalid.map((frame) => frame.raw)).toEqual([
      'Server starting on stdio...',
      'this is not json',
      '{"broken',
      '1',
      '2',
    ]);
    expect(invalid[2].parseError).toMatch(/^not JSON/);
    expect(invalid[3].parseError).toMatch(/expected an object/);
    const response = session.recorder.frames().find((frame) => frame.seq === listed.responseSeq);
    expect(response?.raw.endsWith('}')).toBe(true);
    expect(response?.bytes).toBe(Buffer.byteLength(response?.raw ?? '', 'utf8'));
    await expect(session.request('ping')).resolves.toMatchObject({ result: {} });
  });

  it('names a server that exits mid-request: exit code and last stderr line', async () => {
    const target = scripted(
      `if (message.method === 'tools/list') { process.stderr.write('warming up\\nfatal: database gone\\n'); setTimeout(() => process.exit(3), 20); }`,
    );
    const session = await open(target);
    const failure = await failureOf(session.request('tools/list', {}));
    expect(failure.detail).toMatchObject({
      kind: 'server-exited',
      code: 3,
      message: 'Server exited with code 3: fatal: database gone',
      data: { exitCode: 3, lastStderrLine: 'fatal: database gone', method: 'tools/list' },
    });
    await expect(session.closed).resolves.toMatchObject({ kind: 'server-exited', code: 3 });
    expect(session.isOpen).toBe(false);
  });

  it('times out a request that gets no answer and tells the server it was cancelled', async () => {
    const session = await open(
      scripted(`if (message.method === 'ping') send({ jsonrpc: '2.0', id: message.id, result: {} });`),
    );
    const started = performance.now();
    const failure = await failureOf(session.request('tools/list', {}, { timeoutMs: 300 }));
    const elapsed = performance.now() - started;
    expect(failure.detail).toMatchObject({
      kind: 'timeout',
      message: 'tools/list got no answer within 300 ms',
    });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    const cancelled = session.recorder.frames().find((frame) => frame.method === 'notifications/cancelled');
    const request = session.recorder.frames().find((frame) => frame.method === 'tools/list');
    expect(JSON.parse(cancelled?.raw ?? '{}')).toMatchObject({
      params: { requestId: request?.id, reason: failure.message },
    });
  });

  it('resets the idle timeout on progress and still honours the maximum total', async () => {
    const target = scripted(
      `if (message.method === 'tools/call') {
        const token = message.params._meta && message.params._meta.progressToken;
        let step = 0;
        const timer = setInterval(() => {
          step++;
          send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: step, total: 5, message: 'step ' + step } });
          if (step === 5) { clearInterval(timer); send({ jsonrpc: '2.0', id: message.id, result: { content: [], done: true } }); }
        }, 150);
      }`,
    );
    const session = await open(target);
    const updates: { progress: number; total?: number; message?: string }[] = [];
    const done = await session.request(
      'tools/call',
      { name: 'slow', arguments: {} },
      { timeoutMs: 500, onProgress: (update) => updates.push(update) },
    );
    // Five steps of 150 ms: 750 ms in all, longer than the 500 ms idle timeout, so progress did reset it.
    expect(done.result).toEqual({ content: [], done: true });
    expect(updates.map((update) => update.progress)).toEqual([1, 2, 3, 4, 5]);
    expect(updates[4]).toEqual({ progress: 5, total: 5, message: 'step 5' });

    const capped = await failureOf(
      session.request(
        'tools/call',
        { name: 'slow', arguments: {} },
        { timeoutMs: 500, maxTotalMs: 300, onProgress: () => undefined },
      ),
    );
    expect(capped.detail).toMatchObject({
      kind: 'timeout',
      message: 'tools/call took longer than the maximum of 300 ms',
    });
  });

  it('cancels through an AbortSignal: notifications/cancelled reaches the server', async () => {
    const target = scripted(
      `if (message.method === 'notifications/cancelled') process.stderr.write('cancelled ' + message.params.requestId + ': ' + message.params.reason + '\\n');`,
    );
    const session = await open(target);
    const controller = new AbortController();
    const pending = session.request(
      'tools/call',
      { name: 'never', arguments: {} },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort('user pressed stop'), 50);
    const failure = await failureOf(pending);
    expect(failure.detail).toMatchObject({
      kind: 'cancelled',
      message: 'tools/call was cancelled: user pressed stop',
    });
    const request = session.recorder.frames().find((frame) => frame.method === 'tools/call');
    const deadline = Date.now() + 2000;
    while (!session.recorder.frames().some((frame) => frame.kind === 'stderr') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(
      session.recorder
        .frames()
        .filter((frame) => frame.kind === 'stderr')
        .map((frame) => frame.raw),
    ).toEqual([`cancelled ${String(request?.id)}: user pressed stop`]);
  });

  it('answers server requests: ping built in, roots when offered, -32601 otherwise; notifications reach listeners', async () => {
    const target = scripted(
      `if (message.method === 'notifications/initialized') {
        send({ jsonrpc: '2.0', id: 's1', method: 'ping' });
        send({ jsonrpc: '2.0', id: 's2', method: 'roots/list' });
        send({ jsonrpc: '2.0', id: 's3', method: 'sampling/createMessage', params: { messages: [] } });
        send({ jsonrpc: '2.0', id: 's4', method: 'elicitation/create', params: { message: 'name?' } });
        send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'hello' } });
      }`,
    );
    const notifications: [string, JsonObject | undefined][] = [];
    const session = await open(target, {
      offer: { roots: true, elicitation: true },
      roots: [{ uri: 'file:///work', name: 'work' }],
    });
    session.onNotification((method, params) => notifications.push([method, params]));
    session.setRequestHandler('elicitation/create', (params) =>
      Promise.resolve({ action: 'accept', content: { echoed: params.message ?? null } }),
    );
    const initialize = JSON.parse(
      session.recorder.frames().find((frame) => frame.method === 'initialize')?.raw ?? '{}',
    ) as { params: JsonObject };
    expect(initialize.params.capabilities).toEqual({
      roots: { listChanged: true },
      elicitation: {},
      tasks: {},
      extensions: {
        'io.modelcontextprotocol/tasks': {},
        'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] },
        'io.modelcontextprotocol/skills': {},
      },
    });
    const deadline = Date.now() + 2000;
    const replies = (): JsonObject[] =>
      session.recorder
        .frames()
        .filter((frame) => frame.direction === 'out' && (frame.kind === 'response' || frame.kind === 'error'))
        .map((frame) => JSON.parse(frame.raw) as JsonObject);
    while ((replies().length < 4 || notifications.length < 1) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const byId = new Map(replies().map((reply) => [reply.id, reply]));
    expect(byId.get('s1')).toEqual({ jsonrpc: '2.0', id: 's1', result: {} });
    expect(byId.get('s2')).toEqual({
      jsonrpc: '2.0',
      id: 's2',
      result: { roots: [{ uri: 'file:///work', name: 'work' }] },
    });
    expect(byId.get('s3')).toEqual({
      jsonrpc: '2.0',
      id: 's3',
      error: { code: -32601, message: 'Method not found: sampling/createMessage' },
    });
    expect(byId.get('s4')).toEqual({
      jsonrpc: '2.0',
      id: 's4',
      result: { action: 'accept', content: { echoed: 'name?' } },
    });
    expect(notifications).toEqual([['notifications/message', { level: 'info', data: 'hello' }]]);
    const pingReply = session.recorder
      .frames()
      .find((frame) => frame.direction === 'out' && frame.id === 's1');
    expect(pingReply?.pairSeq).toBe(
      session.recorder.frames().find((frame) => frame.direction === 'in' && frame.id === 's1')?.seq,
    );
  });

  it('rejects a protocol version Loupe does not speak', async () => {
    const failure = await failureOf(connect(scripted('', { version: '1999-01-01' })));
    expect(failure.detail.kind).toBe('invalid-response');
    expect(failure.message).toContain('protocol version 1999-01-01, which Loupe does not support');
  });

  it('gives the child a safe default environment plus the user additions', async () => {
    process.env.LOUPE_PARENT_SECRET = 'must-not-leak';
    try {
      const target = scripted('', {
        instructions: 'JSON.stringify(process.env)',
        env: { LOUPE_ADDED: 'yes' },
      });
      const session = await open(target);
      const environment = JSON.parse(session.handshake.instructions ?? '{}') as Record<string, string>;
      expect(environment.LOUPE_ADDED).toBe('yes');
      expect(environment.LOUPE_PARENT_SECRET).toBeUndefined();
      expect(environment.PATH).toBe(process.env.PATH);
    } finally {
      delete process.env.LOUPE_PARENT_SECRET;
    }
  });

  it('times out a handshake that gets no answer without cancelling initialize (the spec forbids it)', async () => {
    const recorder = new FrameRecorder();
    const target = {
      transport: 'stdio' as const,
      command: process.execPath,
      args: ['-e', 'process.stdin.resume()'],
    };
    const failure = await failureOf(connect(target, { recorder, timeoutMs: 300 }));
    expect(failure.detail).toMatchObject({
      kind: 'timeout',
      message: 'initialize got no answer within 300 ms',
    });
    // auto: the unanswered server/discover probe is taken for a legacy server; neither request is cancelled.
    expect(recorder.all().map((frame) => frame.method)).toEqual(['server/discover', 'initialize']);
  });

  it('runs the child in the given working directory, and names one that does not exist', async () => {
    const directory = realpathSync(tmpdir());
    const session = await open({ ...scripted('', { instructions: 'process.cwd()' }), cwd: directory });
    expect(session.handshake.instructions).toBe(directory);
    const missing = join(directory, 'loupe-no-such-directory');
    const failure = await failureOf(connect({ ...scripted(''), cwd: missing }));
    expect(failure.detail).toEqual({
      kind: 'invalid-target',
      message: `Working directory does not exist: ${missing}`,
    });
  });

  it('treats a timeout of 0 or Infinity as no limit (setTimeout would fire them at once)', async () => {
    const session = await open(
      scripted(
        `if (message.id !== undefined) setTimeout(() => send({ jsonrpc: '2.0', id: message.id, result: { late: true } }), 100);`,
      ),
    );
    const unlimited = { timeoutMs: Number.POSITIVE_INFINITY, maxTotalMs: Number.POSITIVE_INFINITY };
    await expect(session.request('tools/list', {}, unlimited)).resolves.toMatchObject({
      result: { late: true },
    });
    await expect(session.request('tools/list', {}, { timeoutMs: 0, maxTotalMs: 0 })).resolves.toMatchObject({
      result: { late: true },
    });
  });
});
