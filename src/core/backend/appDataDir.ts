/** Where Loupe keeps settings outside Electron (Electron uses app.getPath('userData')). */
import { homedir } from 'node:os';
import { join } from 'node:path';

export function appDataDir(environment: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (environment.LOUPE_DATA_DIR) return environment.LOUPE_DATA_DIR;
  if (platform === 'win32') return join(environment.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Loupe');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Loupe');
  return join(environment.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'loupe');
}
