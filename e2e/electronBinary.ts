/** The Electron executable, when one exists here: ELECTRON_OVERRIDE_DIST_PATH, else node_modules/electron/dist. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export function electronBinary(): string | undefined {
  const executable = process.platform === 'win32' ? 'electron.exe' : process.platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : 'electron';
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) return existsSync(join(override, executable)) ? join(override, executable) : undefined;
  const pathFile = join(root, 'node_modules', 'electron', 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : executable;
  const path = join(root, 'node_modules', 'electron', 'dist', relative);
  return existsSync(path) ? path : undefined;
}

export const noElectronReason = 'skipped: no Electron binary';
