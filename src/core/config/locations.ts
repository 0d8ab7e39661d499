/**
 * Where MCP clients keep their configs, per OS: the user-wide files, and the project files of a folder.
 *   Claude Desktop  macOS ~/Library/Application Support/Claude/claude_desktop_config.json
 *                   Windows %APPDATA%\Claude\claude_desktop_config.json   Linux ~/.config/Claude/…
 *   Claude Code     ~/.claude.json (user servers), <project>/.mcp.json
 *   Cursor          ~/.cursor/mcp.json, <project>/.cursor/mcp.json
 *   VS Code         macOS ~/Library/Application Support/Code/User/mcp.json, Windows %APPDATA%\Code\User\mcp.json,
 *                   Linux ~/.config/Code/User/mcp.json, <project>/.vscode/mcp.json
 */
import { posix, win32 } from 'node:path';
import type { ConfigLocation } from '../../shared/config.js';

export interface LocationContext {
  platform: NodeJS.Platform;
  home: string;
  environment: Readonly<Record<string, string | undefined>>;
  /** The project folder (the working directory); absent: user files only. */
  project?: string;
}

/** The folder where desktop apps keep per-user settings (Application Support, %APPDATA%, XDG config). */
function applicationData(context: LocationContext): string {
  const path = context.platform === 'win32' ? win32 : posix;
  if (context.platform === 'win32')
    return context.environment.APPDATA ?? path.join(context.home, 'AppData', 'Roaming');
  if (context.platform === 'darwin') return path.join(context.home, 'Library', 'Application Support');
  return context.environment.XDG_CONFIG_HOME ?? path.join(context.home, '.config');
}

export function knownConfigLocations(context: LocationContext): ConfigLocation[] {
  const path = context.platform === 'win32' ? win32 : posix;
  const data = applicationData(context);
  const locations: ConfigLocation[] = [
    {
      client: 'claude-desktop',
      scope: 'user',
      path: path.join(data, 'Claude', 'claude_desktop_config.json'),
    },
    { client: 'claude-code', scope: 'user', path: path.join(context.home, '.claude.json') },
    { client: 'cursor', scope: 'user', path: path.join(context.home, '.cursor', 'mcp.json') },
    { client: 'vscode', scope: 'user', path: path.join(data, 'Code', 'User', 'mcp.json') },
  ];
  if (context.project !== undefined) {
    locations.push(
      { client: 'claude-code', scope: 'project', path: path.join(context.project, '.mcp.json') },
      { client: 'cursor', scope: 'project', path: path.join(context.project, '.cursor', 'mcp.json') },
      { client: 'vscode', scope: 'project', path: path.join(context.project, '.vscode', 'mcp.json') },
    );
  }
  return locations;
}
