/**
 * The one window, hardened: isolated, sandboxed, no Node in the page, a strict CSP on every response, no
 * permissions but writing text to the clipboard, no navigation away from our page, no new windows (http(s)
 * links open in the system browser instead, only those and only once the user confirmed), DevTools only in
 * development, and no WebRTC traffic over UDP from any of its frames (an MCP App's included).
 */
import { BrowserWindow, session, type WebContents } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { contentSecurityPolicy } from '../core/backend/contentSecurityPolicy.js';
import { openExternalConfirmed } from './externalLinks.js';

export interface WindowPlaces {
  preloadPath: string;
  /** The built renderer's index.html, or the dev server URL. */
  page: { file: string } | { url: string };
  iconPath?: string;
  /** An unpackaged run (electron-vite dev, `electron .`): DevTools allowed. */
  development: boolean;
  /** MCP Apps: the loopback sandbox origin (http://127.0.0.1:<port>) whose proxy pages keep their own CSP. */
  appSandboxOrigin?: string;
}

/**
 * The page to load: electron-vite's dev server (ELECTRON_RENDERER_URL) in development only, and only an
 * http(s) URL; a packaged app always loads its own files, whatever the environment says.
 */
export function rendererPage(
  appRoot: string,
  isPackaged: boolean,
  devServer: string | undefined,
): WindowPlaces['page'] {
  if (!isPackaged && devServer && /^https?:\/\//i.test(devServer)) return { url: devServer };
  return { file: rendererIndex(appRoot) };
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

/**
 * WebRTC in the window (Loupe itself uses none): no UDP unless through a proxy, so no STUN or media packets
 * leave from any frame, an MCP App that got past the frame guard included.
 */
export const webRtcIpHandlingPolicy = 'disable_non_proxied_udp';

/** The one permission our page uses ("copy a frame"); no camera, notifications, geolocation, HID… */
const allowedPermission = 'clipboard-sanitized-write';

/** Whether a response comes from the apps' sandbox origin (its proxy page carries one app's own policy). */
function fromSandbox(url: string, sandboxOrigin: string | undefined): boolean {
  if (!sandboxOrigin) return false;
  try {
    return new URL(url).origin === sandboxOrigin;
  } catch {
    return false;
  }
}

function installSessionPolicy(isOwnPage: (url: string) => boolean, sandboxOrigin: string | undefined): void {
  if (policyInstalled) return;
  policyInstalled = true;
  // Our page may frame the sandbox origin and nothing else; the sandbox's responses keep the policy the
  // sandbox server built for the app (rewriting it with ours would let the app run under Loupe's policy).
  const policy = contentSecurityPolicy(sandboxOrigin ? { frameSources: [sandboxOrigin] } : {});
  const defaultSession = session.defaultSession;
  defaultSession.webRequest.onHeadersReceived((details, callback) => {
    if (fromSandbox(details.url, sandboxOrigin))
      return callback({ responseHeaders: details.responseHeaders });
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });
  const fromOwnPage = (contents: WebContents | null): boolean =>
    contents !== null && isOwnPage(contents.getURL());
  defaultSession.setPermissionRequestHandler((contents, permission, grant) =>
    grant(permission === allowedPermission && fromOwnPage(contents)),
  );
  defaultSession.setPermissionCheckHandler(
    (contents, permission) => permission === allowedPermission && fromOwnPage(contents),
  );
}

export function createMainWindow(places: WindowPlaces): BrowserWindow {
  const isOwnPage = pageMatcher(places.page);
  installSessionPolicy(isOwnPage, places.appSandboxOrigin);
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
      devTools: places.development,
    },
  });
  const contents = window.webContents;
  contents.setWebRTCIPHandlingPolicy(webRtcIpHandlingPolicy);
  contents.setWindowOpenHandler(({ url }) => {
    openExternalConfirmed(window, url).catch(() => undefined);
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
