/**
 * The main entry as a packaged app would run it, against the stand-in `electron` module: the sandbox is
 * enabled, ELECTRON_RENDERER_URL is ignored (the app's own files load), DevTools are off, and the menu has
 * no DevTools item.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import * as electron from './electronStandIn.js';

vi.mock('electron', () => import('./electronStandIn.js'));

const { app, BrowserWindow, Menu, session } = electron;
let directory = '';

afterAll(async () => {
  app.emit('before-quit', { preventDefault: () => undefined });
  await vi.waitFor(() => expect(app.quitCalls).toBe(1));
  await rm(directory, { recursive: true, force: true });
});

it('a packaged app loads its own files whatever ELECTRON_RENDERER_URL says, without DevTools', async () => {
  directory = await mkdtemp(join(tmpdir(), 'loupe-main-index-'));
  app.isPackaged = true;
  app.pathsRoot = directory;
  vi.stubEnv('ELECTRON_RENDERER_URL', 'https://attacker.example/');
  await import('../../src/main/index.js');
  await vi.waitFor(() => expect(BrowserWindow.created).toHaveLength(1));
  vi.unstubAllEnvs();
  const [window] = BrowserWindow.created;
  expect(app.sandboxed).toBe(true);
  // Every page's WebRTC sends no UDP unless proxied: the process-wide switch and each web contents' policy.
  expect(app.switches.get('force-webrtc-ip-handling-policy')).toBe('disable_non_proxied_udp');
  expect(window.webContents.webRtcIpHandlingPolicy).toBe('disable_non_proxied_udp');
  expect(window.loaded).toEqual({ file: join(app.appPath, 'out', 'renderer', 'index.html') });
  expect(window.options.webPreferences).toMatchObject({
    devTools: false,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
  });
  const view = Menu.installed?.find((entry) => entry.label === 'View');
  expect(view?.submenu?.map((entry) => entry.role ?? entry.type)).toEqual([
    'reload',
    'separator',
    'resetZoom',
    'zoomIn',
    'zoomOut',
    'separator',
    'togglefullscreen',
  ]);
});

it('runs the MCP Apps sandbox origin: the page may frame only it, and its proxy pages keep their own policy', async () => {
  await vi.waitFor(() => expect(BrowserWindow.created).toHaveLength(1));
  const listener = session.defaultSession.headersListener;
  if (!listener) throw new Error('no headers listener installed');
  const answer = (url: string, headers: Record<string, string[]>): Record<string, string[]> => {
    let result: unknown;
    listener({ url, responseHeaders: headers }, (response) => (result = response));
    return (result as { responseHeaders: Record<string, string[]> }).responseHeaders;
  };
  const pagePolicy = answer('file:///opt/loupe/out/renderer/index.html', {})['Content-Security-Policy'][0];
  const frameSource = /frame-src (\S+)/.exec(pagePolicy)?.[1] ?? '';
  expect(frameSource).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(pagePolicy).toContain("frame-ancestors 'none'");
  // The real sandbox server answers there, with a policy of its own that main leaves as it is.
  const proxy = await fetch(`${frameSource}/proxy`);
  expect(proxy.status).toBe(200);
  const proxyPolicy = proxy.headers.get('content-security-policy') ?? '';
  expect(proxyPolicy).not.toBe(pagePolicy);
  expect(answer(`${frameSource}/proxy`, { 'Content-Security-Policy': [proxyPolicy] })).toEqual({
    'Content-Security-Policy': [proxyPolicy],
  });
  // Any other loopback origin still gets Loupe's policy.
  const other = answer('http://127.0.0.1:1/proxy', { 'Content-Security-Policy': ['default-src *'] });
  expect(other['Content-Security-Policy']).toEqual([pagePolicy]);
});
