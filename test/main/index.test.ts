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

const { app, BrowserWindow, Menu } = electron;
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
