/**
 * The application menu: the platform's standard roles plus "Save snapshot…" with a native save dialog,
 * written atomically and owner-only like every snapshot, never a failure over a good record (saveSnapshot.ts);
 * DevTools in development only.
 */
import { Menu, dialog, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import { join } from 'node:path';
import { saveSnapshotText } from '../core/snapshot/saveSnapshot.js';
import type { BackendMethods } from '../shared/contract.js';
import { toErrorData } from '../shared/errors.js';
import { openExternalConfirmed } from './externalLinks.js';

export const specificationUrl = 'https://modelcontextprotocol.io/specification';

export async function saveSnapshotWithDialog(
  window: BrowserWindow,
  methods: Pick<BackendMethods, 'createSnapshot'>,
  directory: string,
): Promise<void> {
  try {
    const { fileName, text } = await methods.createSnapshot();
    const choice = await dialog.showSaveDialog(window, {
      title: 'Save snapshot',
      defaultPath: join(directory, fileName),
      filters: [{ name: 'Loupe snapshot', extensions: ['json'] }],
    });
    if (choice.canceled || !choice.filePath) return;
    // A failed session's record never replaces a good snapshot: it goes beside it, and the person is told where.
    const saved = await saveSnapshotText(choice.filePath, text);
    if (saved.kept !== undefined)
      await dialog.showMessageBox(window, {
        type: 'info',
        message: 'The snapshot already there was kept',
        detail: `${saved.kept} was left as it was (${saved.keptBecause ?? 'a good record'}). This session did not connect or did not list to the end, so its record was saved beside it: ${saved.path}`,
      });
  } catch (error) {
    dialog.showErrorBox('Could not save the snapshot', toErrorData(error).message);
  }
}

export interface MenuPlaces {
  documents: string;
  /** An unpackaged run: the View menu offers DevTools. */
  development: boolean;
}

/** `methods`: the snapshot of the session the window shows (several sessions: the one its page last named). */
export function installMenu(
  window: BrowserWindow,
  methods: Pick<BackendMethods, 'createSnapshot'>,
  places: MenuPlaces,
): void {
  const isMac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        {
          label: 'Save snapshot…',
          accelerator: 'CmdOrCtrl+S',
          click: () => void saveSnapshotWithDialog(window, methods, places.documents),
        },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        ...(places.development ? [{ role: 'toggleDevTools' as const }] : []),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        {
          label: 'Model Context Protocol specification',
          click: () => void openExternalConfirmed(window, specificationUrl).catch(() => undefined),
        },
      ],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
