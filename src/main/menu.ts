/** The application menu: the platform's standard roles plus "Save snapshot…" with a native save dialog. */
import { Menu, dialog, shell, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackendMethods } from '../shared/contract.js';
import { toErrorData } from '../shared/errors.js';

export async function saveSnapshotWithDialog(window: BrowserWindow, methods: BackendMethods, directory: string): Promise<void> {
  try {
    const { fileName, text } = await methods.createSnapshot();
    const choice = await dialog.showSaveDialog(window, {
      title: 'Save snapshot',
      defaultPath: join(directory, fileName),
      filters: [{ name: 'Loupe snapshot', extensions: ['json'] }],
    });
    if (choice.canceled || !choice.filePath) return;
    await writeFile(choice.filePath, text, 'utf8');
  } catch (error) {
    dialog.showErrorBox('Could not save the snapshot', toErrorData(error).message);
  }
}

export function installMenu(window: BrowserWindow, methods: BackendMethods, documents: string): void {
  const isMac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Save snapshot…', accelerator: 'CmdOrCtrl+S', click: () => void saveSnapshotWithDialog(window, methods, documents) },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        { role: 'toggleDevTools' },
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
        { label: 'Model Context Protocol specification', click: () => void shell.openExternal('https://modelcontextprotocol.io/specification') },
      ],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
