/** The known per-OS places of client configs, and the project files of a folder. */
import { describe, expect, it } from 'vitest';
import { knownConfigLocations } from '../../../src/core/config/locations.js';

describe('knownConfigLocations', () => {
  it('macOS: Application Support for Claude Desktop and VS Code, dot files in the home folder', () => {
    const paths = knownConfigLocations({ platform: 'darwin', home: '/Users/ada', environment: {} }).map(
      (item) => `${item.client} ${item.path}`,
    );
    expect(paths).toEqual([
      'claude-desktop /Users/ada/Library/Application Support/Claude/claude_desktop_config.json',
      'claude-code /Users/ada/.claude.json',
      'cursor /Users/ada/.cursor/mcp.json',
      'vscode /Users/ada/Library/Application Support/Code/User/mcp.json',
    ]);
  });

  it('Windows: %APPDATA%', () => {
    const locations = knownConfigLocations({
      platform: 'win32',
      home: 'C:\\Users\\ada',
      environment: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' },
    });
    expect(locations[0]).toEqual({
      client: 'claude-desktop',
      scope: 'user',
      path: 'C:\\Users\\ada\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
    });
    expect(locations[3].path).toBe('C:\\Users\\ada\\AppData\\Roaming\\Code\\User\\mcp.json');
  });

  it('Linux: ~/.config (or XDG_CONFIG_HOME), plus the project files of a folder', () => {
    const linux = knownConfigLocations({
      platform: 'linux',
      home: '/home/ada',
      environment: {},
      project: '/work/app',
    });
    expect(linux.map((item) => item.path)).toEqual([
      '/home/ada/.config/Claude/claude_desktop_config.json',
      '/home/ada/.claude.json',
      '/home/ada/.cursor/mcp.json',
      '/home/ada/.config/Code/User/mcp.json',
      '/work/app/.mcp.json',
      '/work/app/.cursor/mcp.json',
      '/work/app/.vscode/mcp.json',
    ]);
    expect(linux.filter((item) => item.scope === 'project').map((item) => item.client)).toEqual([
      'claude-code',
      'cursor',
      'vscode',
    ]);
    const xdg = knownConfigLocations({
      platform: 'linux',
      home: '/home/ada',
      environment: { XDG_CONFIG_HOME: '/cfg' },
    });
    expect(xdg[0].path).toBe('/cfg/Claude/claude_desktop_config.json');
  });
});
