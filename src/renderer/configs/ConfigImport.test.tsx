/**
 * The Import dialog on a fake backend: the known locations that exist are shown per file with their servers and
 * warnings; Save stores the server with its source (so the backend seals every env and header value); Connect
 * connects in one click and closes the dialog; Escape closes it and focus goes back to the button.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConfigFile, ConfigServer, ConfigSource } from '../../shared/config';
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

/** A VS Code file whose servers use inputs, resolved the way the backend resolves them (values, else defaults). */
function vscodeFile(values: Readonly<Record<string, string>> = {}): ConfigFile {
  const token = values.token;
  const region = values.region ?? 'eu-west-1';
  const remote: ConfigServer = {
    name: 'remote',
    target: {
      transport: 'http',
      url: 'http://127.0.0.1:9/mcp',
      headers: [{ name: 'Authorization', value: `Bearer ${token ?? ''}` }],
    },
    warnings: [],
    enabled: true,
    inputs: [
      {
        id: 'token',
        description: 'API token',
        password: true,
        places: ['headers.Authorization'],
        filled: token === undefined ? 'empty' : 'given',
        declared: true,
      },
      {
        id: 'region',
        description: 'Region',
        password: false,
        default: 'eu-west-1',
        places: ['headers.X-Region'],
        filled: values.region === undefined ? 'default' : 'given',
        declared: true,
      },
    ],
  };
  if (remote.target?.transport === 'http') remote.target.headers?.push({ name: 'X-Region', value: region });
  const local: ConfigServer = {
    name: 'local',
    target: { transport: 'stdio', command: 'node', args: [`--dsn=${values.dsn ?? ''}`] },
    warnings: [],
    enabled: true,
    envFile: '/work/project/.env',
    inputs: [
      {
        id: 'dsn',
        password: true,
        places: ['args[0]'],
        filled: values.dsn === undefined ? 'empty' : 'given',
        declared: true,
      },
    ],
  };
  return {
    path: '/work/project/.vscode/mcp.json',
    client: 'vscode',
    exists: true,
    servers: [remote, local],
  };
}

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

  it('asks for VS Code inputs (a password masked) before Connect and Save; a value typed for an argument is not saved', async () => {
    const reads: ConfigSource[] = [];
    let saved: Settings | undefined;
    const backend = fakeBackend({
      knownConfigs: () => Promise.resolve([vscodeFile()]),
      readConfig: (source) => {
        reads.push(source);
        return Promise.resolve(vscodeFile(source.inputs));
      },
      saveSettings: (next) => {
        saved = next;
        return Promise.resolve(next);
      },
    });
    await bootApp(backend);
    await waitFor(() => expect(useLoupeStore.getState().settings).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Import from client configs…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import from client configs' });
    const file = await within(dialog).findByRole('region', { name: '/work/project/.vscode/mcp.json' });
    const [remoteRow, localRow] = within(file).getAllByTestId('config-server');
    expect(localRow.textContent).toContain('env file: /work/project/.env');

    const token = within(remoteRow).getByLabelText(/API token/);
    const region = within(remoteRow).getByLabelText(/Region/);
    expect(token.getAttribute('type')).toBe('password');
    expect(region.getAttribute('type')).toBe('text');
    expect(region.getAttribute('placeholder')).toBe('default: eu-west-1');
    const connect = within(remoteRow).getByRole('button', { name: 'Connect to remote' });
    const save = within(remoteRow).getByRole('button', { name: 'Save remote' });
    expect((connect as HTMLButtonElement).disabled).toBe(true);
    expect((save as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(token, { target: { value: 's3cret' } });
    expect((save as HTMLButtonElement).disabled).toBe(false);
    await act(async () => {
      fireEvent.click(save);
      await Promise.resolve();
    });
    await waitFor(() => expect(saved?.savedServers).toHaveLength(1));
    expect(reads.at(-1)).toEqual({
      path: '/work/project/.vscode/mcp.json',
      client: 'vscode',
      inputs: { token: 's3cret' },
    });
    expect(saved?.savedServers[0]).toMatchObject({
      name: 'remote',
      source: { path: '/work/project/.vscode/mcp.json', server: 'remote' },
      target: {
        headers: [
          { name: 'Authorization', value: 'Bearer s3cret' },
          { name: 'X-Region', value: 'eu-west-1' },
        ],
      },
    });
    expect(JSON.stringify(useLoupeStore.getState().configFiles)).not.toContain('s3cret');

    // A password typed for an argument would sit in clear in the settings file: Save says so, Connect works.
    fireEvent.change(within(localRow).getByLabelText(/dsn/), { target: { value: 'postgres://u:pw@db' } });
    await act(async () => {
      fireEvent.click(within(localRow).getByRole('button', { name: 'Save local' }));
      await Promise.resolve();
    });
    expect(within(localRow).getByRole('alert').textContent).toBe(
      'Not saved: input "dsn" is used in args[0], which Loupe\'s settings would keep in clear (only env and header values are sealed). Connect works.',
    );
    expect(saved?.savedServers).toHaveLength(1);

    fireEvent.change(region, { target: { value: 'us-east-2' } });
    await act(async () => {
      fireEvent.click(connect);
      await Promise.resolve();
    });
    await waitFor(() =>
      expect(useLoupeStore.getState().status).toMatchObject({
        state: 'connected',
        target: {
          headers: [
            { name: 'Authorization', value: 'Bearer s3cret' },
            { name: 'X-Region', value: 'us-east-2' },
          ],
        },
      }),
    );
    expect(screen.queryByRole('dialog', { name: 'Import from client configs' })).toBeNull();
  });
});
