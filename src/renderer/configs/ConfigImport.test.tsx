/**
 * The Import dialog on a fake backend: the known locations that exist are shown per file with their servers and
 * warnings; Save stores the server with its source (so the backend seals every env and header value); Connect
 * connects in one click and closes the dialog; Escape closes it and focus goes back to the button.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConfigFile } from '../../shared/config';
import type { Settings } from '../../shared/contract';
import { resetStore, useLoupeStore } from '../store/store';
import { bootApp, stopApp } from '../testing/bootApp';
import { fakeBackend, giveElementsASize } from '../testing/fakeBackend';

beforeAll(() => giveElementsASize(2000));
beforeEach(() => resetStore());
afterEach(() => {
  stopApp();
  cleanup();
});

const desktop: ConfigFile = {
  path: '/home/ada/.config/Claude/claude_desktop_config.json',
  client: 'claude-desktop',
  exists: true,
  servers: [
    {
      name: 'github',
      target: {
        transport: 'stdio',
        command: 'docker',
        args: ['run', 'github'],
        env: { GITHUB_TOKEN: 'ghp_x' },
      },
      warnings: ['missing variable GH_HOST (in args[1]): left empty'],
      enabled: true,
    },
    { name: 'broken', error: 'the entry is null, not an object', warnings: [], enabled: false },
  ],
};
const absent: ConfigFile = {
  path: '/home/ada/.cursor/mcp.json',
  client: 'cursor',
  exists: false,
  servers: [],
};

describe('Import from client configs', () => {
  it('shows what was found, saves with the source, connects in one click', async () => {
    let saved: Settings | undefined;
    const backend = fakeBackend({
      knownConfigs: () => Promise.resolve([desktop, absent]),
      saveSettings: (next) => {
        saved = next;
        return Promise.resolve(next);
      },
    });
    await bootApp(backend);
    await waitFor(() => expect(useLoupeStore.getState().settings).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Import from client configs…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import from client configs' });
    const file = await within(dialog).findByRole('region', { name: desktop.path });
    expect(within(dialog).queryByRole('region', { name: absent.path })).toBeNull();
    expect(within(file).getByRole('heading').textContent).toContain('Claude Desktop');
    expect(file.textContent).toContain('missing variable GH_HOST (in args[1]): left empty');
    expect(file.textContent).toContain('the entry is null, not an object');
    expect(within(file).queryByRole('button', { name: 'Connect to broken' })).toBeNull();

    await act(async () => {
      fireEvent.click(within(file).getByRole('button', { name: 'Save github' }));
      await Promise.resolve();
    });
    await waitFor(() => expect(saved?.savedServers).toHaveLength(1));
    expect(saved?.savedServers[0]).toMatchObject({
      name: 'github',
      target: desktop.servers[0].target,
      source: { path: desktop.path, server: 'github' },
    });
    expect(within(file).getByRole('button', { name: 'Save github' }).textContent).toBe('Saved');

    fireEvent.click(within(file).getByRole('button', { name: 'Connect to github' }));
    expect(screen.queryByRole('dialog', { name: 'Import from client configs' })).toBeNull();
    await waitFor(() =>
      expect(useLoupeStore.getState().status).toMatchObject({
        state: 'connected',
        target: desktop.servers[0].target,
      }),
    );
  });

  it('Escape closes it and focus goes back to the button that opened it', async () => {
    await bootApp(fakeBackend());
    const button = screen.getByRole('button', { name: 'Import from client configs…' });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Import from client configs' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await screen.findByText('No client config found in the known locations of this machine.');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Import from client configs' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
