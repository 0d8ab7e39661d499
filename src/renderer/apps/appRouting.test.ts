/**
 * The host side of ui/*: the official App (the side an app runs) talks to the official AppBridge through an
 * in-memory transport pair, tapped like the real one (appTap.ts); every request the app makes must arrive at
 * Loupe's backend methods with the app's URI and be recorded with its id, Loupe's answer paired by that id; a
 * call the backend keeps for the person waits for the answer; refusals reach the app as errors naming the cause;
 * a link opens only when the user says yes (and only a web link).
 */
import { App } from '@modelcontextprotocol/ext-apps';
import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppCallOutcome, AppConsent } from '../../shared/apps';
import { LoupeError, type LoupeErrorData } from '../../shared/errors';
import type { JsonObject } from '../../shared/json';
import { isWebLink, routeAppRequests, type AppAsk, type AppHooks, type AppPort } from './appRouting';
import { TappedTransport } from './appTap';

const appUri = 'ui://example/app.html';

interface Recorded {
  calls: { method: string; app: string; detail: unknown }[];
  frames: { direction: 'in' | 'out'; message: JsonObject }[];
  opened: string[];
  asked: string[];
  consents: AppAsk[];
  refusals: LoupeErrorData[];
  messages: JsonObject[];
  logs: JsonObject[];
  sizes: number[];
  closeRequests: number;
  held: string[];
}

interface PairOptions {
  answerLinks?: boolean;
  /** What appCallTool does: answer, ask the person, or fail. */
  calls?: 'answer' | 'ask' | LoupeError;
  /** The person's answer to a consent question, given after this many ms of real time. */
  consent?: { answer: AppConsent; afterMs: number };
  /** The pin hold: the person's answer (send or not) after this many ms of real time. */
  hold?: { send: boolean; afterMs: number };
}

async function connectPair(options: PairOptions = {}) {
  const recorded: Recorded = {
    calls: [],
    frames: [],
    opened: [],
    asked: [],
    consents: [],
    refusals: [],
    messages: [],
    logs: [],
    sizes: [],
    closeRequests: 0,
    held: [],
  };
  const answer = (name: string): JsonObject => ({
    content: [{ type: 'text', text: `called ${name}` }],
    structuredContent: { ok: true },
  });
  const port: AppPort = {
    appCallTool: (app, params): Promise<AppCallOutcome> => {
      recorded.calls.push({ method: 'tools/call', app, detail: params });
      const name = typeof params.name === 'string' ? params.name : '?';
      if (options.calls instanceof LoupeError) return Promise.reject(options.calls);
      if (options.calls === 'ask')
        return Promise.resolve({ status: 'ask', ticket: 't-1', tool: name, reasons: ['not-read-only'] });
      return Promise.resolve({ status: 'done', result: answer(name) });
    },
    appConsent: (ticket, consent) => {
      recorded.calls.push({ method: 'consent', app: ticket, detail: consent });
      if (consent === 'decline')
        return Promise.reject(
          new LoupeError({
            kind: 'app-call-declined',
            message: 'The person declined the app’s call of "x".',
          }),
        );
      return Promise.resolve(answer('after consent'));
    },
    appReadResource: (app, uri) => {
      recorded.calls.push({ method: 'resources/read', app, detail: uri });
      return Promise.resolve({ contents: [{ uri, mimeType: 'text/plain', text: 'hello' }] });
    },
    appRecord: (app, _instance, direction, message) => {
      expect(app).toBe(appUri);
      recorded.frames.push({ direction, message });
      return Promise.resolve();
    },
  };
  const hooks: AppHooks = {
    confirmOpenLink: (url) => {
      recorded.asked.push(url);
      return Promise.resolve(options.answerLinks === true);
    },
    openLink: (url) => recorded.opened.push(url),
    askConsent: (ask) => {
      recorded.consents.push(ask);
      const given = options.consent ?? { answer: 'decline', afterMs: 0 };
      return new Promise((resolve) => setTimeout(() => resolve(given.answer), given.afterMs));
    },
    ...(options.hold
      ? {
          holdForPin: (tool: string) => {
            recorded.held.push(tool);
            const { send, afterMs } = options.hold as { send: boolean; afterMs: number };
            return new Promise<boolean>((resolve) => setTimeout(() => resolve(send), afterMs));
          },
        }
      : {}),
    onRefused: (error) => recorded.refusals.push(error),
    onMessage: (params) => recorded.messages.push(params),
    onLog: (params) => recorded.logs.push(params),
    onSize: (height) => recorded.sizes.push(height),
    onCloseRequest: () => {
      recorded.closeRequests += 1;
    },
  };
  const bridge = new AppBridge(
    null,
    { name: 'Loupe', version: '1' },
    { openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, message: {} },
  );
  routeAppRequests(bridge, appUri, port, hooks);
  const [hostSide, appSide] = InMemoryTransport.createLinkedPair();
  await bridge.connect(
    new TappedTransport(hostSide, (direction, message) => {
      void port.appRecord(appUri, 'i1', direction, message);
    }),
  );
  const app = new App({ name: 'test app', version: '1' }, {}, { autoResize: false });
  await app.connect(appSide);
  return { app, bridge, recorded };
}

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const side of open.splice(0)) await side.close();
});

describe('routeAppRequests', () => {
  it('sends the app’s tools/call and resources/read to the backend under its URI and hands back the results', async () => {
    const { app, bridge, recorded } = await connectPair();
    open.push(app, bridge);
    const result = await app.callServerTool({ name: 'get-time', arguments: { zone: 'UTC' } });
    expect(result.content).toEqual([{ type: 'text', text: 'called get-time' }]);
    expect(result.structuredContent).toEqual({ ok: true });
    const read = await app.readServerResource({ uri: 'test://a' });
    expect(read.contents).toEqual([{ uri: 'test://a', mimeType: 'text/plain', text: 'hello' }]);
    expect(recorded.calls.map((call) => [call.method, call.app])).toEqual([
      ['tools/call', appUri],
      ['resources/read', appUri],
    ]);
    // (the bridge adds its own _meta.progressToken; the backend sends the server only name and arguments)
    expect(recorded.calls[0].detail).toMatchObject({ name: 'get-time', arguments: { zone: 'UTC' } });
    expect(recorded.calls[1].detail).toBe('test://a');
  });

  it('records each request of the app with its id, and Loupe’s answer with the same id', async () => {
    const { app, bridge, recorded } = await connectPair();
    open.push(app, bridge);
    await app.callServerTool({ name: 'get-time', arguments: {} });
    await app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'hi' }] });
    await app.openLink({ url: 'https://example.com/a' });
    await app.sendLog({ level: 'info', data: 'logged' });
    await expect.poll(() => recorded.frames.length).toBe(9);
    const [initialize, initialized, ...rest] = recorded.frames;
    expect([initialize.direction, initialize.message.method]).toEqual(['in', 'ui/initialize']);
    expect([initialized.direction, initialized.message.id]).toEqual(['out', initialize.message.id]);
    const ids = rest.map(({ message }) => message.id ?? null);
    expect(rest.map(({ direction, message }) => [direction, message.method ?? 'answer'])).toEqual([
      ['in', 'tools/call'],
      ['out', 'answer'],
      ['in', 'ui/message'],
      ['out', 'answer'],
      ['in', 'ui/open-link'],
      ['out', 'answer'],
      ['in', 'notifications/message'],
    ]);
    // Requests have ids (the app's own), each answer carries its request's id; the log is a notification.
    for (const index of [0, 2, 4]) {
      expect(typeof ids[index]).toBe('number');
      expect(ids[index + 1]).toBe(ids[index]);
    }
    expect(new Set([ids[0], ids[2], ids[4]]).size).toBe(3);
    expect(ids[6]).toBeNull();
    expect(rest[5].message.result).toEqual({ isError: true });
  });

  it('a call the backend keeps for the person waits for the answer (a real second), then goes on', async () => {
    const { app, bridge, recorded } = await connectPair({
      calls: 'ask',
      consent: { answer: 'once', afterMs: 1000 },
    });
    open.push(app, bridge);
    const started = performance.now();
    const result = await app.callServerTool({ name: 'delete_file', arguments: { path: '/tmp/x' } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(result.content).toEqual([{ type: 'text', text: 'called after consent' }]);
    expect(recorded.consents).toEqual([
      {
        status: 'ask',
        ticket: 't-1',
        tool: 'delete_file',
        reasons: ['not-read-only'],
        arguments: { path: '/tmp/x' },
      },
    ]);
    expect(recorded.calls.map((call) => call.method)).toEqual(['tools/call', 'consent']);
    expect(recorded.calls[0].detail).toMatchObject({ name: 'delete_file', arguments: { path: '/tmp/x' } });
    expect(recorded.calls[1].detail).toBe('once');
  });

  it('a call held for an unaccepted server change reaches the backend only after the person lets it (a real second)', async () => {
    const held = await connectPair({ hold: { send: false, afterMs: 1000 } });
    open.push(held.app, held.bridge);
    const started = performance.now();
    const error: unknown = await held.app
      .callServerTool({ name: 'send_email', arguments: { to: 'ann@example.com' } })
      .catch((failure: unknown) => failure);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(held.recorded.held).toEqual(['send_email']);
    expect(held.recorded.calls).toEqual([]);
    expect(error).toMatchObject({
      code: -32000,
      message: expect.stringContaining('the user has not accepted the change') as unknown,
      data: { kind: 'app-call-declined', reason: 'pin-not-accepted', tool: 'send_email' },
    });
    expect(held.recorded.refusals.map((refusal) => refusal.kind)).toEqual(['app-call-declined']);

    const sent = await connectPair({ hold: { send: true, afterMs: 1000 } });
    open.push(sent.app, sent.bridge);
    const result = await sent.app.callServerTool({ name: 'send_email', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'called send_email' }]);
    expect(sent.recorded.calls.map((call) => call.method)).toEqual(['tools/call']);
  });

  it('a declined call and a refused one reach the app as errors whose data names the kind, and the view is told', async () => {
    const declined = await connectPair({ calls: 'ask', consent: { answer: 'decline', afterMs: 0 } });
    open.push(declined.app, declined.bridge);
    const declinedError: unknown = await declined.app
      .callServerTool({ name: 'delete_file', arguments: {} })
      .catch((error: unknown) => error);
    expect(declinedError).toMatchObject({ code: -32000, data: { kind: 'app-call-declined' } });
    expect(declined.recorded.refusals.map((refusal) => refusal.kind)).toEqual(['app-call-declined']);
    const answer = declined.recorded.frames.find(
      ({ direction, message }) => direction === 'out' && 'error' in message,
    );
    expect(answer?.message.error).toMatchObject({ code: -32000, data: { kind: 'app-call-declined' } });

    const refused = await connectPair({
      calls: new LoupeError({
        kind: 'app-tool-refused',
        message: 'Loupe refused the app’s call of "secret": its _meta.ui.visibility does not include "app".',
        data: { tool: 'secret', reason: 'not-visible-to-apps' },
      }),
    });
    open.push(refused.app, refused.bridge);
    const refusedError: unknown = await refused.app
      .callServerTool({ name: 'secret', arguments: {} })
      .catch((error: unknown) => error);
    expect(refusedError).toMatchObject({
      code: -32602,
      data: { kind: 'app-tool-refused', tool: 'secret', reason: 'not-visible-to-apps' },
    });
    expect(String((refusedError as Error).message)).toContain('visibility does not include "app"');
    expect(refused.recorded.refusals.map((refusal) => refusal.kind)).toEqual(['app-tool-refused']);
  });

  it('returns a server failure to the app with the server’s code', async () => {
    const { app, bridge, recorded } = await connectPair({
      calls: new LoupeError({ kind: 'rpc-error', code: -32602, message: 'Unknown tool' }),
    });
    open.push(app, bridge);
    await expect(app.callServerTool({ name: 'nope', arguments: {} })).rejects.toThrow(/Unknown tool/);
    expect(recorded.refusals).toEqual([]);
  });

  it('shows messages and logs', async () => {
    const { app, bridge, recorded } = await connectPair();
    open.push(app, bridge);
    await app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'hi from the app' }] });
    await app.sendLog({ level: 'warning', data: 'careful' });
    await expect.poll(() => recorded.logs.length).toBe(1);
    expect(recorded.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'hi from the app' }] },
    ]);
    expect(recorded.logs).toEqual([{ level: 'warning', data: 'careful' }]);
  });

  it('opens a link only after the user agrees, and never a non-web link', async () => {
    const declined = await connectPair({ answerLinks: false });
    open.push(declined.app, declined.bridge);
    const refusal = await declined.app.openLink({ url: 'https://example.com/a' });
    expect(refusal.isError).toBe(true);
    expect(declined.recorded.asked).toEqual(['https://example.com/a']);
    expect(declined.recorded.opened).toEqual([]);

    const agreed = await connectPair({ answerLinks: true });
    open.push(agreed.app, agreed.bridge);
    const opened = await agreed.app.openLink({ url: 'https://example.com/b' });
    expect(opened.isError).toBeUndefined();
    expect(agreed.recorded.opened).toEqual(['https://example.com/b']);
    const script = await agreed.app.openLink({ url: 'javascript:alert(1)' });
    expect(script.isError).toBe(true);
    expect(agreed.recorded.asked).toEqual(['https://example.com/b']);
    expect(agreed.recorded.opened).toEqual(['https://example.com/b']);
  });

  it('passes size changes and close requests to the view', async () => {
    const { app, bridge, recorded } = await connectPair();
    open.push(app, bridge);
    await app.sendSizeChanged({ width: 300, height: 420 });
    await app.requestTeardown();
    await expect.poll(() => recorded.closeRequests).toBe(1);
    expect(recorded.sizes).toEqual([420]);
  });
});

describe('isWebLink', () => {
  it('accepts http and https only', () => {
    expect(['https://a.example/x', 'http://127.0.0.1:3000/'].map(isWebLink)).toEqual([true, true]);
    expect(
      ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x', 'not a url'].map(isWebLink),
    ).toEqual([false, false, false, false]);
  });
});
