/**
 * The host side of ui/*: the official App (the side an app runs) talks to the official AppBridge through an
 * in-memory transport pair; every request the app makes must arrive at Loupe's backend methods with the
 * app's URI, and a link opens only when the user says yes (and only a web link).
 */
import { App } from '@modelcontextprotocol/ext-apps';
import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { LoupeError } from '../../shared/errors';
import type { JsonObject } from '../../shared/json';
import { isWebLink, routeAppRequests, type AppHooks, type AppPort } from './appRouting';

const appUri = 'ui://example/app.html';

interface Recorded {
  calls: { method: string; app: string; detail: unknown }[];
  opened: string[];
  asked: string[];
  messages: JsonObject[];
  logs: JsonObject[];
  sizes: number[];
  closeRequests: number;
}

async function connectPair(answerLinks: boolean, failCalls = false) {
  const recorded: Recorded = {
    calls: [],
    opened: [],
    asked: [],
    messages: [],
    logs: [],
    sizes: [],
    closeRequests: 0,
  };
  const port: AppPort = {
    appCallTool: (app, params) => {
      recorded.calls.push({ method: 'tools/call', app, detail: params });
      if (failCalls)
        return Promise.reject(new LoupeError({ kind: 'rpc-error', code: -32602, message: 'Unknown tool' }));
      return Promise.resolve({
        content: [{ type: 'text', text: `called ${typeof params.name === 'string' ? params.name : '?'}` }],
        structuredContent: { ok: true },
      });
    },
    appReadResource: (app, uri) => {
      recorded.calls.push({ method: 'resources/read', app, detail: uri });
      return Promise.resolve({ contents: [{ uri, mimeType: 'text/plain', text: 'hello' }] });
    },
    appNote: (app, method, params) => {
      recorded.calls.push({ method, app, detail: params });
      return Promise.resolve();
    },
  };
  const hooks: AppHooks = {
    confirmOpenLink: (url) => {
      recorded.asked.push(url);
      return Promise.resolve(answerLinks);
    },
    openLink: (url) => recorded.opened.push(url),
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
  await bridge.connect(hostSide);
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
    const { app, bridge, recorded } = await connectPair(false);
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

  it('returns a backend failure to the app as an error naming the cause', async () => {
    const { app, bridge } = await connectPair(false, true);
    open.push(app, bridge);
    await expect(app.callServerTool({ name: 'nope', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  it('records messages and logs as the app’s and shows them', async () => {
    const { app, bridge, recorded } = await connectPair(false);
    open.push(app, bridge);
    await app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'hi from the app' }] });
    await app.sendLog({ level: 'warning', data: 'careful' });
    await expect.poll(() => recorded.logs.length).toBe(1);
    expect(recorded.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'hi from the app' }] },
    ]);
    expect(recorded.logs).toEqual([{ level: 'warning', data: 'careful' }]);
    expect(recorded.calls.map((call) => [call.method, call.app])).toEqual([
      ['ui/message', appUri],
      ['notifications/message', appUri],
    ]);
  });

  it('opens a link only after the user agrees, and never a non-web link', async () => {
    const declined = await connectPair(false);
    open.push(declined.app, declined.bridge);
    const refusal = await declined.app.openLink({ url: 'https://example.com/a' });
    expect(refusal.isError).toBe(true);
    expect(declined.recorded.asked).toEqual(['https://example.com/a']);
    expect(declined.recorded.opened).toEqual([]);
    expect(declined.recorded.calls).toEqual([
      { method: 'ui/open-link', app: appUri, detail: { url: 'https://example.com/a' } },
    ]);

    const agreed = await connectPair(true);
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
    const { app, bridge, recorded } = await connectPair(false);
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
