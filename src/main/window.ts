/**
 * The one window, hardened: isolated, sandboxed, no Node in the page, a strict CSP on every response,
 * no navigation away from our page, no new windows (http(s) links open in the system browser instead,
 * and only those).
 */
import { BrowserWindow, session, shell } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { contentSecurityPolicy } from '../core/backend/contentSecurityPolicy.js';

export interface WindowPlaces {
  preloadPath: string;
  /** The built renderer's index.html, or the dev server URL. */
  page: { file: string } | { url: string };
  iconPath?: string;
}

export function pageMatcher(page: WindowPlaces['page']): (url: string) => boolean {
  if ('url' in page) {
    const origin = new URL(page.url).origin;
    return (url) => {
      try {
        return new URL(url).origin === origin;
      } catch {
        return false;
      }
    };
  }
  const fileUrl = pathToFileURL(page.file).href;
  return (url) => url.split('#')[0].split('?')[0] === fileUrl;
}

let policyInstalled = false;

function installContentSecurityPolicy(): void {
  if (policyInstalled) return;
  policyInstalled = true;
  const policy = contentSecurityPolicy();
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });
  // Nothing but writing text to the clipboard ("copy a frame"): no camera, notifications, geolocation…
  session.defaultSession.setPermissionRequestHandler((_contents, permission, grant) => grant(permission === 'clipboard-sanitized-write'));
}

export function createMainWindow(places: WindowPlaces): BrowserWindow {
  installContentSecurityPolicy();
  const window = new BrowserWindow({
    width: 1360,
    height: 880,
    minWidth: 900,
    minHeight: 560,
    show: false,
    title: 'Loupe',
    backgroundColor: '#1b1d21',
    ...(places.iconPath ? { icon: places.iconPath } : {}),
    webPreferences: {
      preload: places.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  const isOwnPage = pageMatcher(places.page);
  const contents = window.webContents;
  contents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//i.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (!isOwnPage(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  window.once('ready-to-show', () => window.show());
  if ('url' in places.page) void window.loadURL(places.page.url);
  else void window.loadFile(places.page.file);
  return window;
}

export function rendererIndex(appRoot: string): string {
  return join(appRoot, 'out', 'renderer', 'index.html');
}
