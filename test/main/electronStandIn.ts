/**
 * A stand-in for the `electron` module, for testing src/main where the Electron binary cannot run (it needs
 * Node 22 and a download). It records what main asks of Electron (window options, handlers, listeners, menu
 * templates, dialogs, URLs opened) and lets a test play the user or the page (dialog answers, IPC messages
 * from a chosen frame). Only the parts src/main uses exist.
 */
import { EventEmitter } from 'node:events';

type Listener = (...args: never[]) => unknown;

export interface Frame {
  url: string;
}

class StandInEmitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener): this {
    return this.on(event, listener);
  }
  off(event: string, listener: Listener): this {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((known) => known !== listener),
    );
    return this;
  }
  /** Calls every listener of event with args; returns what they returned. */
  emit(event: string, ...args: unknown[]): unknown[] {
    return (this.listeners.get(event) ?? []).map(
      (listener) => Reflect.apply(listener, this, args) as unknown,
    );
  }
}

class StandInSession extends StandInEmitter {
  headersListener:
    | ((
        details: { url: string; responseHeaders: Record<string, string[]> },
        callback: (response: unknown) => void,
      ) => void)
    | undefined;
  permissionRequest:
    ((contents: unknown, permission: string, grant: (granted: boolean) => void) => void) | undefined;
  permissionCheck: ((contents: unknown, permission: string) => boolean) | undefined;
  readonly webRequest = {
    onHeadersReceived: (listener: StandInSession['headersListener']) => {
      this.headersListener = listener;
    },
  };
  setPermissionRequestHandler(handler: StandInSession['permissionRequest']): void {
    this.permissionRequest = handler;
  }
  setPermissionCheckHandler(handler: StandInSession['permissionCheck']): void {
    this.permissionCheck = handler;
  }
}

export const session = { defaultSession: new StandInSession() };

export class StandInWebContents extends StandInEmitter {
  readonly mainFrame: Frame = { url: '' };
  readonly session = session.defaultSession;
  readonly sent: Array<{ channel: string; message: unknown }> = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  destroyed = false;
  /** What setWebRTCIPHandlingPolicy was last told (Electron's default is 'default'). */
  webRtcIpHandlingPolicy = 'default';
  setWebRTCIPHandlingPolicy(policy: string): void {
    this.webRtcIpHandlingPolicy = policy;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, message: unknown): void {
    this.sent.push({ channel, message });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getURL(): string {
    return this.mainFrame.url;
  }
}

export class BrowserWindow extends StandInEmitter {
  static readonly created: BrowserWindow[] = [];
  static getAllWindows(): BrowserWindow[] {
    return BrowserWindow.created;
  }
  readonly webContents = new StandInWebContents();
  loaded: { url: string } | { file: string } | undefined;
  constructor(readonly options: { webPreferences?: Record<string, unknown> } & Record<string, unknown>) {
    super();
    BrowserWindow.created.push(this);
  }
  loadURL(url: string): Promise<void> {
    this.loaded = { url };
    this.webContents.mainFrame.url = url;
    return Promise.resolve();
  }
  loadFile(file: string): Promise<void> {
    this.loaded = { file };
    this.webContents.mainFrame.url = new URL(`file://${file}`).href;
    return Promise.resolve();
  }
  isDestroyed(): boolean {
    return false;
  }
  show(): void {}
}

export const ipcMain = new EventEmitter();

export const shell = {
  opened: [] as string[],
  openExternal(url: string): Promise<void> {
    shell.opened.push(url);
    return Promise.resolve();
  },
};

export interface MessageBoxCall {
  message: string;
  detail?: string;
  buttons: string[];
}

export const dialog = {
  /** The button index the "user" presses in the next message boxes. */
  messageBoxAnswer: 1,
  messageBoxes: [] as MessageBoxCall[],
  /** The path the "user" picks in the next save dialogs; undefined cancels. */
  savePath: undefined as string | undefined,
  errors: [] as Array<{ title: string; content: string }>,
  showMessageBox(...args: unknown[]): Promise<{ response: number; checkboxChecked: boolean }> {
    dialog.messageBoxes.push(args[args.length - 1] as MessageBoxCall);
    return Promise.resolve({ response: dialog.messageBoxAnswer, checkboxChecked: false });
  },
  showSaveDialog(): Promise<{ canceled: boolean; filePath?: string }> {
    const filePath = dialog.savePath;
    return Promise.resolve(filePath === undefined ? { canceled: true } : { canceled: false, filePath });
  },
  showErrorBox(title: string, content: string): void {
    dialog.errors.push({ title, content });
  },
};

export interface MenuItem {
  label?: string;
  role?: string;
  type?: string;
  accelerator?: string;
  click?: () => void;
  submenu?: MenuItem[];
}

export const Menu = {
  installed: undefined as MenuItem[] | undefined,
  buildFromTemplate(template: MenuItem[]): MenuItem[] {
    return template;
  },
  setApplicationMenu(menu: MenuItem[]): void {
    Menu.installed = menu;
  },
};

export const safeStorage = {
  available: true,
  backend: 'gnome_libsecret',
  isEncryptionAvailable: (): boolean => safeStorage.available,
  getSelectedStorageBackend: (): string => safeStorage.backend,
  /** Not real encryption: the stand-in only shows what main does with Electron's answers. */
  encryptString: (plain: string): Buffer => Buffer.from(`sealed:${plain}`, 'utf8'),
  decryptString: (sealed: Buffer): string => sealed.toString('utf8').replace(/^sealed:/, ''),
};

class StandInApp extends StandInEmitter {
  isPackaged = false;
  appPath = '/opt/loupe/resources/app';
  /** Where getPath('userData'), getPath('documents')… point; a test sets it to a temporary directory. */
  pathsRoot = '/nonexistent';
  sandboxed = false;
  quitCalls = 0;
  /** Chromium switches appended before ready, by name. */
  readonly switches = new Map<string, string | undefined>();
  readonly commandLine = {
    appendSwitch: (name: string, value?: string) => {
      this.switches.set(name, value);
    },
  };
  getAppPath(): string {
    return this.appPath;
  }
  getPath(name: string): string {
    return `${this.pathsRoot}/${name}`;
  }
  enableSandbox(): void {
    this.sandboxed = true;
  }
  whenReady(): Promise<void> {
    return Promise.resolve();
  }
  quit(): void {
    this.quitCalls += 1;
  }
}

export const app = new StandInApp();
