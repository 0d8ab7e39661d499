/**
 * Electron main, kept thin: one hardened window, the backend (src/core) carried to it over one IPC channel,
 * the menu, native dialogs and the app data dir for settings. `electron . [target flags]` (see
 * targetArguments.ts) picks the server to connect to; the embedded demo server otherwise.
 */
import { app, BrowserWindow, dialog } from 'electron';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startAppSandbox, type AppSandbox } from '../core/apps/sandboxServer.js';
import { createBackend, type Backend } from '../core/backend/createBackend.js';
import { parseTargetArguments } from '../core/backend/targetArguments.js';
import { listenForTaps, type TapListener } from '../core/tap/liveListener.js';
import { toErrorData } from '../shared/errors.js';
import type { StdioTarget, Target } from '../shared/target.js';
import { serveOverIpc } from './ipcCarrier.js';
import { keychainSecretStore } from './keychainSecretStore.js';
import { installMenu } from './menu.js';
import {
  createMainWindow,
  pageMatcher,
  rendererPage,
  webRtcIpHandlingPolicy,
  type WindowPlaces,
} from './window.js';

const appRoot = app.getAppPath();

/** The demo server runs on Electron's own Node (ELECTRON_RUN_AS_NODE), so no separate Node is needed. */
function electronDemoTarget(): StdioTarget {
  return {
    transport: 'stdio',
    command: process.execPath,
    args: [join(appRoot, 'out', 'node', 'demo', 'server.js')],
    env: { ELECTRON_RUN_AS_NODE: '1' },
  };
}

function commandLineTarget(): Target {
  // Electron's argv: [electron, app path, ...ours]; packaged: [app, ...ours].
  const ours = process.argv
    .slice(app.isPackaged ? 1 : 2)
    .filter((argument) => argument !== '.' && argument !== appRoot);
  try {
    return parseTargetArguments(ours).target ?? { transport: 'demo' };
  } catch (error) {
    dialog.showErrorBox('Loupe: bad target', toErrorData(error).message);
    return { transport: 'demo' };
  }
}

app.enableSandbox();
// The session's WebRTC policy for every frame of every page (MCP Apps: their frame guard's second line).
app.commandLine.appendSwitch('force-webrtc-ip-handling-policy', webRtcIpHandlingPolicy);
app.on('web-contents-created', (_event, contents) => {
  contents.setWebRTCIPHandlingPolicy(webRtcIpHandlingPolicy);
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-attach-webview', (event) => event.preventDefault());
});

let backend: Backend | undefined;
/** Where taps reach this app (started with the first window). */
let taps: Promise<{ listener?: TapListener }> | undefined;
/** MCP Apps render on this loopback origin of their own (started before the first window). */
let appSandbox: AppSandbox | undefined;

function openWindow(): void {
  const development = !app.isPackaged;
  const places: WindowPlaces = {
    preloadPath: join(appRoot, 'out', 'preload', 'index.cjs'),
    page: rendererPage(appRoot, app.isPackaged, process.env.ELECTRON_RENDERER_URL),
    development,
    ...(appSandbox ? { appSandboxOrigin: appSandbox.origin } : {}),
  };
  const icon = join(appRoot, 'resources', 'icon.png');
  if (existsSync(icon)) places.iconPath = icon;
  backend ??= createBackend({
    initialTarget: commandLineTarget(),
    resolveDemo: electronDemoTarget,
    settingsPath: join(app.getPath('userData'), 'settings.json'),
    secretStore: keychainSecretStore(),
    ...(appSandbox ? { appSandbox } : {}),
  });
  // Taps (loupe tap) show up as live sessions: the user-only socket of core/tap/liveListener (never a port).
  const adopting = backend;
  taps ??= listenForTaps((tap) => adopting.adopt(tap)).catch(() => ({}));
  const window = createMainWindow(places);
  let shownSession: string | undefined;
  const stop = serveOverIpc(window, backend, pageMatcher(places.page), (session) => {
    shownSession = session;
  });
  window.webContents.session.on('will-download', (_event, item) => {
    item.setSaveDialogOptions({
      title: 'Save snapshot',
      defaultPath: join(app.getPath('documents'), item.getFilename()),
    });
  });
  window.on('closed', () => stop());
  const served = backend;
  installMenu(
    window,
    { createSnapshot: () => served.methodsFor(shownSession, 'createSnapshot').createSnapshot() },
    { documents: app.getPath('documents'), development },
  );
}

app
  .whenReady()
  .then(startSandbox)
  .then(openWindow)
  .catch((error: unknown) => {
    dialog.showErrorBox('Loupe could not start', toErrorData(error).message);
    app.quit();
  });

/** The apps' sandbox origin; the development page (an http origin) is the only one allowed to frame it. */
async function startSandbox(): Promise<void> {
  const page = rendererPage(appRoot, app.isPackaged, process.env.ELECTRON_RENDERER_URL);
  const hostOrigin = 'url' in page ? new URL(page.url).origin : undefined;
  // Without it the app still works; an MCP App then says it cannot be shown here.
  appSandbox = await startAppSandbox(hostOrigin ? { hostOrigin } : {}).catch(() => undefined);
}

app.on('activate', () => {
  if (BrowserWindow.getAllWindows().length === 0) openWindow();
});

app.on('window-all-closed', () => {
  app.quit();
});

let quitting = false;
app.on('before-quit', (event) => {
  if (quitting || !backend) return;
  event.preventDefault();
  quitting = true;
  Promise.all([backend.dispose(), appSandbox?.close(), taps?.then((listening) => listening.listener?.close())])
    .catch(() => undefined)
    .finally(() => app.quit());
});
