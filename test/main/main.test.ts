/**
 * The Electron main process against a stand-in `electron` module (the binary cannot run here): the window's
 * hardening, the IPC sender check, navigation and window-open denial, permissions, confirmed http(s)-only
 * external links, DevTools in development only, the dev-server URL ignored when packaged, the menu's
 * actions on a real backend connected to a real stdio server, and the keychain SecretStore.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBackend, type Backend } from '../../src/core/backend/createBackend.js';
import { parseSnapshot } from '../../src/core/snapshot/parseSnapshot.js';
import { openExternalConfirmed } from '../../src/main/externalLinks.js';
import { serveOverIpc } from '../../src/main/ipcCarrier.js';
import { keychainSecretStore } from '../../src/main/keychainSecretStore.js';
import { installMenu, specificationUrl, type MenuPlaces } from '../../src/main/menu.js';
import {
  createMainWindow,
  pageMatcher,
  rendererIndex,
  rendererPage,
  type WindowPlaces,
} from '../../src/main/window.js';
import { electronChannel } from '../../src/shared/electronChannel.js';
import { faultServer } from '../helpers/servers.js';
import * as electron from './electronStandIn.js';

vi.mock('electron', () => import('./electronStandIn.js'));

const { BrowserWindow, dialog, ipcMain, Menu, safeStorage, session, shell } = electron;

const appRoot = '/opt/loupe/resources/app';
const ownPage: WindowPlaces['page'] = { file: rendererIndex(appRoot) };
const ownUrl = new URL(`file://${rendererIndex(appRoot)}`).href;

function placesFor(development: boolean): WindowPlaces {
  return { preloadPath: join(appRoot, 'out', 'preload', 'index.cjs'), page: ownPage, development };
}

/** An Electron-like event whose preventDefault is remembered. */
function navigationEvent(): { preventDefault: () => void; prevented: boolean } {
  const event = {
    prevented: false,
    preventDefault: () => {
      event.prevented = true;
    },
  };
  return event;
}

/** The stand-in behind a window main created (checked, not cast). */
function standIn(window: unknown): InstanceType<typeof BrowserWindow> {
  if (!(window instanceof BrowserWindow)) throw new Error('not a stand-in window');
  return window;
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

beforeEach(() => {
  dialog.messageBoxes.length = 0;
  dialog.errors.length = 0;
  dialog.messageBoxAnswer = 1;
  dialog.savePath = undefined;
  shell.opened.length = 0;
});

describe('the main window', () => {
  it('is created isolated, sandboxed, without Node and, packaged, without DevTools', () => {
    const window = standIn(createMainWindow(placesFor(false)));
    expect(window.options.webPreferences).toEqual({
      preload: join(appRoot, 'out', 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      devTools: false,
    });
    expect(window.loaded).toEqual({ file: rendererIndex(appRoot) });
    expect(standIn(createMainWindow(placesFor(true))).options.webPreferences?.devTools).toBe(true);
  });

  it('stays on its own page: navigation elsewhere, redirects and webviews are prevented', () => {
    const contents = standIn(createMainWindow(placesFor(false))).webContents;
    const outward = navigationEvent();
    contents.emit('will-navigate', outward, 'https://attacker.example/');
    const inward = navigationEvent();
    contents.emit('will-navigate', inward, `${ownUrl}#frames`);
    const redirect = navigationEvent();
    contents.emit('will-redirect', redirect, ownUrl);
    const webview = navigationEvent();
    contents.emit('will-attach-webview', webview);
    expect([outward.prevented, inward.prevented, redirect.prevented, webview.prevented]).toEqual([
      true,
      false,
      true,
      true,
    ]);
  });

  it('denies every new window and opens an http(s) link only after the user confirmed it', async () => {
    const contents = standIn(createMainWindow(placesFor(false))).webContents;
    const open = (url: string): unknown => contents.windowOpenHandler?.({ url });
    expect(open('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' });
    await settle();
    expect(dialog.messageBoxes).toEqual([]);
    expect(open('https://example.org/docs')).toEqual({ action: 'deny' });
    await settle();
    expect(dialog.messageBoxes.map((box) => box.detail)).toEqual(['https://example.org/docs']);
    expect(shell.opened).toEqual([]);
    dialog.messageBoxAnswer = 0;
    expect(open('https://example.org/docs')).toEqual({ action: 'deny' });
    await settle();
    expect(shell.opened).toEqual(['https://example.org/docs']);
  });

  it('sends no WebRTC over UDP from any frame of the window (an MCP App that got past its frame guard included)', () => {
    const contents = standIn(createMainWindow(placesFor(false))).webContents;
    expect(contents.webRtcIpHandlingPolicy).toBe('disable_non_proxied_udp');
  });

  it('grants no permission but clipboard writing, and that only to its own page', () => {
    createMainWindow(placesFor(false));
    const defaultSession = session.defaultSession;
    const own = { getURL: () => ownUrl };
    const foreign = { getURL: () => 'https://attacker.example/' };
    const requested = (contents: unknown, permission: string): boolean => {
      let granted: boolean | undefined;
      defaultSession.permissionRequest?.(contents, permission, (answer) => {
        granted = answer;
      });
      if (granted === undefined) throw new Error('the request handler did not answer');
      return granted;
    };
    expect(requested(own, 'clipboard-sanitized-write')).toBe(true);
    expect(requested(foreign, 'clipboard-sanitized-write')).toBe(false);
    expect(
      ['media', 'geolocation', 'notifications', 'hid', 'openExternal'].map((name) => requested(own, name)),
    ).toEqual([false, false, false, false, false]);
    expect(defaultSession.permissionCheck?.(own, 'clipboard-sanitized-write')).toBe(true);
    expect(defaultSession.permissionCheck?.(own, 'media')).toBe(false);
    expect(defaultSession.permissionCheck?.(null, 'clipboard-sanitized-write')).toBe(false);
    expect(defaultSession.permissionCheck?.(foreign, 'clipboard-sanitized-write')).toBe(false);
  });
});

describe('external links', () => {
  it('refuses file:, javascript: and other schemes without asking, and declined http(s) links', async () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'vscode://open',
      'ms-settings:',
      'not a url',
    ]) {
      expect(await openExternalConfirmed(undefined, url)).toBe(false);
    }
    expect(dialog.messageBoxes).toEqual([]);
    expect(await openExternalConfirmed(undefined, 'http://example.org/')).toBe(false);
    expect(dialog.messageBoxes).toHaveLength(1);
    dialog.messageBoxAnswer = 0;
    expect(await openExternalConfirmed(undefined, 'HTTPS://Example.org/a b')).toBe(true);
    expect(shell.opened).toEqual(['https://example.org/a%20b']);
  });
});

describe('the renderer page', () => {
  it('follows ELECTRON_RENDERER_URL only in an unpackaged run and only for http(s)', () => {
    const file = { file: rendererIndex(appRoot) };
    expect(rendererPage(appRoot, false, 'http://localhost:5173/')).toEqual({ url: 'http://localhost:5173/' });
    expect(rendererPage(appRoot, true, 'http://localhost:5173/')).toEqual(file);
    expect(rendererPage(appRoot, true, 'https://attacker.example/')).toEqual(file);
    expect(rendererPage(appRoot, false, 'file:///tmp/evil.html')).toEqual(file);
    expect(rendererPage(appRoot, false, undefined)).toEqual(file);
  });
});

describe('IPC', () => {
  let backend: Backend;
  beforeAll(() => {
    backend = createBackend({ resolveDemo: faultServer });
  });
  afterAll(async () => {
    await backend.dispose();
  });

  it('serves only messages from its own window top frame at its own page', async () => {
    const window = createMainWindow(placesFor(false));
    const contents = standIn(window).webContents;
    const stop = serveOverIpc(window, backend, pageMatcher(ownPage));
    const call = (id: number) => ({ type: 'call', id, method: 'getSettings', args: [] });
    const otherWindow = new BrowserWindow({});
    const childFrame = { url: ownUrl };
    ipcMain.emit(
      electronChannel,
      { sender: otherWindow.webContents, senderFrame: otherWindow.webContents.mainFrame },
      call(1),
    );
    ipcMain.emit(electronChannel, { sender: contents, senderFrame: childFrame }, call(2));
    ipcMain.emit(electronChannel, { sender: contents, senderFrame: null }, call(3));
    contents.mainFrame.url = 'https://attacker.example/';
    ipcMain.emit(electronChannel, { sender: contents, senderFrame: contents.mainFrame }, call(4));
    contents.mainFrame.url = ownUrl;
    ipcMain.emit(
      electronChannel,
      { sender: contents, senderFrame: contents.mainFrame },
      { type: 'call', id: 5, method: 'notAMethod', args: [] },
    );
    ipcMain.emit(electronChannel, { sender: contents, senderFrame: contents.mainFrame }, call(6));
    await vi.waitFor(() =>
      expect(
        contents.sent.filter((sent) => (sent.message as { type: string }).type === 'result'),
      ).toHaveLength(2),
    );
    await settle();
    const results = contents.sent.filter((sent) => (sent.message as { type: string }).type === 'result');
    // Foreign senders get nothing; our own page gets a reply to every call, an unknown method included.
    expect(results).toEqual([
      {
        channel: electronChannel,
        message: {
          type: 'result',
          id: 5,
          ok: false,
          error: {
            kind: 'unknown-method',
            message: 'The Loupe backend has no method "notAMethod".',
            data: { method: 'notAMethod' },
          },
        },
      },
      {
        channel: electronChannel,
        message: { type: 'result', id: 6, ok: true, value: await backend.methods.getSettings() },
      },
    ]);
    stop();
    expect(ipcMain.listenerCount(electronChannel)).toBe(0);
  });

  it('routes a call to the session it names and tells which session the page named last (for the menu)', async () => {
    const window = createMainWindow(placesFor(false));
    const contents = standIn(window).webContents;
    const named: string[] = [];
    const stop = serveOverIpc(window, backend, pageMatcher(ownPage), (session) => named.push(session));
    const opened = await backend.methods.openSession();
    const own = { sender: contents, senderFrame: contents.mainFrame };
    ipcMain.emit(electronChannel, own, {
      type: 'call',
      id: 21,
      method: 'status',
      args: [],
      session: opened.id,
    });
    ipcMain.emit(electronChannel, own, { type: 'call', id: 22, method: 'status', args: [], session: 'gone' });
    await vi.waitFor(() =>
      expect(
        contents.sent.filter((sent) => (sent.message as { type: string }).type === 'result'),
      ).toHaveLength(2),
    );
    const results = contents.sent.map(
      (sent) => sent.message as { id: number; ok: boolean; value?: unknown; error?: { kind: string } },
    );
    expect(results.find((result) => result.id === 21)).toMatchObject({ ok: true, value: { state: 'idle' } });
    expect(results.find((result) => result.id === 22)).toMatchObject({
      ok: false,
      error: { kind: 'no-session' },
    });
    expect(named).toEqual([opened.id, 'gone']);
    stop();
  });
});

describe('the menu', () => {
  let backend: Backend;
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'loupe-main-'));
    backend = createBackend({ resolveDemo: faultServer });
  });
  afterAll(async () => {
    await backend.dispose();
    await rm(directory, { recursive: true, force: true });
  });

  function menuFor(places: MenuPlaces): electron.MenuItem[] {
    installMenu(createMainWindow(placesFor(false)), backend.methods, places);
    if (!Menu.installed) throw new Error('no menu installed');
    return Menu.installed;
  }
  const item = (menu: electron.MenuItem[], top: string, label: string): electron.MenuItem | undefined =>
    menu
      .find((entry) => entry.label === top || entry.role === top)
      ?.submenu?.find((entry) => entry.label === label || entry.role === label);

  it('offers DevTools in development only', () => {
    expect(
      item(menuFor({ documents: directory, development: false }), 'View', 'toggleDevTools'),
    ).toBeUndefined();
    expect(
      item(menuFor({ documents: directory, development: true }), 'View', 'toggleDevTools'),
    ).toBeDefined();
  });

  it('Save snapshot writes the backend snapshot atomically and owner-only, or says why it cannot', async () => {
    const menu = menuFor({ documents: directory, development: false });
    const save = item(menu, 'File', 'Save snapshot…');
    dialog.savePath = join(directory, 'saved.json');
    save?.click?.();
    await vi.waitFor(() => expect(dialog.errors).toHaveLength(1));
    expect(dialog.errors[0].title).toBe('Could not save the snapshot');

    await backend.methods.connect(faultServer());
    save?.click?.();
    await vi.waitFor(async () =>
      expect((await stat(join(directory, 'saved.json'))).mode & 0o777).toBe(0o600),
    );
    const snapshot = parseSnapshot(await readFile(join(directory, 'saved.json'), 'utf8'));
    expect(snapshot.connected).toBe(true);
    expect(snapshot.serverInfo?.name).toBe('loupe-fault-server');
    expect(dialog.errors).toHaveLength(1);
  });

  it('Help opens the specification only once the user confirmed', async () => {
    const help = item(
      menuFor({ documents: directory, development: false }),
      'help',
      'Model Context Protocol specification',
    );
    help?.click?.();
    await settle();
    expect(shell.opened).toEqual([]);
    dialog.messageBoxAnswer = 0;
    help?.click?.();
    await vi.waitFor(() => expect(shell.opened).toEqual([specificationUrl]));
    expect(dialog.messageBoxes.map((box) => box.detail)).toEqual([specificationUrl, specificationUrl]);
  });
});

describe('the keychain secret store', () => {
  it('seals through safeStorage, and seals nothing without a real keychain', () => {
    const store = keychainSecretStore();
    safeStorage.available = true;
    safeStorage.backend = 'gnome_libsecret';
    const sealed = store.seal('sk-live-123456');
    expect(sealed).toBe(Buffer.from('sealed:sk-live-123456').toString('base64'));
    expect(store.open(sealed ?? '')).toBe('sk-live-123456');
    safeStorage.backend = 'basic_text';
    expect(store.seal('sk-live-123456')).toBe(process.platform === 'linux' ? undefined : sealed);
    safeStorage.available = false;
    expect(store.seal('sk-live-123456')).toBeUndefined();
  });
});
