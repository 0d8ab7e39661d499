/**
 * VS Code inputs and envFile, read from real files: which `${input:id}` a server uses (where, declared or not,
 * password or not) and what each was resolved with (a given value, the default, nothing); dotenv files parsed as
 * VS Code parses them, merged under `env` (env wins), resolved from the right folder, and a file that cannot be
 * read making the server unusable with its path named.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnvText } from '../../../src/core/config/envFile.js';
import { readConfig } from '../../../src/core/config/readConfig.js';
import { inputsMissing, type ConfigFile, type ConfigServer } from '../../../src/shared/config.js';

const fixtures = join(import.meta.dirname, 'fixtures');
const home = '/home/ada';

function server(file: ConfigFile, name: string): ConfigServer {
  const found = file.servers.find((item) => item.name === name);
  if (!found) throw new Error(`no server ${name} in ${file.path}`);
  return found;
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'loupe-envfile-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('VS Code inputs', () => {
  it('takes the values given over the defaults, and reports each input with where it is used', async () => {
    const file = await readConfig(
      {
        path: join(fixtures, 'project/.vscode/mcp.json'),
        inputs: { 'github-token': 'ghp_given', region: 'us-east-2', unused: 'x' },
      },
      { environment: { TASKS_HOME: '/srv' }, home },
    );
    const github = server(file, 'github');
    expect(github.target).toMatchObject({ headers: [{ name: 'Authorization', value: 'Bearer ghp_given' }] });
    expect(github.inputs?.map((input) => `${input.id}:${input.filled}`)).toEqual(['github-token:given']);
    const tasks = server(file, 'tasks');
    expect(tasks.target?.transport === 'stdio' ? tasks.target.args : []).toEqual([
      join(fixtures, 'project', 'server.js'),
      '--region',
      'us-east-2',
    ]);
    expect(tasks.inputs?.[0]).toMatchObject({ id: 'region', filled: 'given', default: 'eu-west-1' });
    expect(inputsMissing(github)).toEqual([]);
    expect(server(file, 'inferred').inputs).toBeUndefined();
  });

  it('notes an input used in several places once, and one the file does not declare', async () => {
    const path = join(folder, 'several', '.vscode', 'mcp.json');
    await mkdir(join(folder, 'several', '.vscode'), { recursive: true });
    await writeFile(
      path,
      JSON.stringify({
        inputs: [{ type: 'promptString', id: 'key', password: true, description: 'API key' }],
        servers: {
          both: {
            type: 'stdio',
            command: 'node',
            args: ['--key=${input:key}', '${input:other}'],
            env: { KEY: '${input:key}' },
          },
        },
      }),
    );
    const both = server(await readConfig({ path }, { environment: {}, home }), 'both');
    expect(both.inputs).toEqual([
      {
        id: 'key',
        description: 'API key',
        password: true,
        places: ['args[0]', 'env.KEY'],
        filled: 'empty',
        declared: true,
      },
      { id: 'other', password: false, places: ['args[1]'], filled: 'empty', declared: false },
    ]);
    expect(inputsMissing(both).map((input) => input.id)).toEqual(['key', 'other']);
    expect(both.target).toEqual({
      transport: 'stdio',
      command: 'node',
      args: ['--key=', ''],
      env: { KEY: '' },
    });
  });

  it('Cursor has no inputs: the reference stays as written, with a warning', async () => {
    await mkdir(join(folder, 'cursor', '.cursor'), { recursive: true });
    const path = join(folder, 'cursor', '.cursor', 'mcp.json');
    await writeFile(path, JSON.stringify({ mcpServers: { c: { command: 'node', args: ['${input:key}'] } } }));
    const cursor = server(await readConfig({ path }, { environment: {}, home }), 'c');
    expect(cursor.inputs).toBeUndefined();
    expect(cursor.warnings).toEqual([
      '${input:key} (in args[0]) is not a reference Loupe resolves: left as written',
    ]);
  });
});

describe('envFile', () => {
  it('parses dotenv text the way VS Code does', () => {
    const text = [
      '\uFEFF# comment',
      'export A=1',
      '  B = two words  ',
      'C="quoted # not a comment" # a comment',
      "D='single\\nkept'",
      'E="double\\nnewline"',
      'F=`back`',
      'G=x=y',
      'H: colon',
      '=no name',
      'no separator',
      'A=again',
      'I=',
    ].join('\r\n');
    expect(Object.fromEntries(parseEnvText(text))).toEqual({
      A: 'again',
      B: 'two words',
      C: 'quoted # not a comment',
      D: 'single\\nkept',
      E: 'double\nnewline',
      F: 'back',
      G: 'x=y',
      H: 'colon',
      I: '',
    });
  });

  it('a relative envFile is read from the config file folder; env wins over the file', async () => {
    const directory = join(folder, 'relative');
    await mkdir(directory, { recursive: true });
    await writeFile(join(directory, 'secrets.env'), 'TOKEN=from-file\nSHARED=file\n');
    const path = join(directory, 'mcp.json');
    await writeFile(
      path,
      JSON.stringify({
        servers: { s: { type: 'stdio', command: 'node', env: { SHARED: 'env' }, envFile: 'secrets.env' } },
      }),
    );
    const file = await readConfig({ path }, { environment: {}, home });
    expect(file.client).toBe('vscode');
    const found = server(file, 's');
    expect(found.envFile).toBe(join(directory, 'secrets.env'));
    expect(found.target).toEqual({
      transport: 'stdio',
      command: 'node',
      args: [],
      env: { TOKEN: 'from-file', SHARED: 'env' },
    });
  });

  it('a missing or unreadable envFile makes that server unusable, naming the path; others still work', async () => {
    const path = join(folder, 'missing.json');
    const absent = join(folder, 'absent.env');
    await writeFile(
      path,
      JSON.stringify({
        servers: {
          gone: { type: 'stdio', command: 'node', envFile: absent },
          folder: { type: 'stdio', command: 'node', envFile: folder },
          fine: { type: 'stdio', command: 'node' },
          remote: { type: 'http', url: 'http://127.0.0.1:9/mcp', envFile: absent },
        },
      }),
    );
    const file = await readConfig({ path }, { environment: {}, home });
    const gone = server(file, 'gone');
    expect(gone.target).toBeUndefined();
    expect(gone.error).toBe(`the entry's envFile ${absent} could not be read: no such file`);
    expect(server(file, 'folder').error).toBe(
      `the entry's envFile ${folder} could not be read: it is a folder`,
    );
    expect(server(file, 'fine').target).toEqual({ transport: 'stdio', command: 'node', args: [] });
    const remote = server(file, 'remote');
    expect(remote.target?.transport).toBe('http');
    expect(remote.warnings).toEqual(['envFile is read for stdio servers only (as VS Code does): ignored']);
  });

  it('Claude Code does not read envFile: ignored with a warning', async () => {
    const path = join(folder, '.mcp.json');
    await writeFile(
      path,
      JSON.stringify({ mcpServers: { s: { command: 'node', envFile: join(folder, 'absent.env') } } }),
    );
    const found = server(await readConfig({ path }, { environment: {}, home }), 's');
    expect(found.target).toEqual({ transport: 'stdio', command: 'node', args: [] });
    expect(found.warnings).toEqual(['envFile is not read by Claude Code: ignored']);
  });

  it('a file given as text (picked in a browser) reads an absolute envFile', async () => {
    const envPath = join(folder, 'picked.env');
    await writeFile(envPath, 'PICKED=yes\n');
    const text = JSON.stringify({ servers: { p: { type: 'stdio', command: 'node', envFile: envPath } } });
    const file = await readConfig({ path: 'mcp.json', text }, { environment: {}, home });
    expect(server(file, 'p').target).toEqual({
      transport: 'stdio',
      command: 'node',
      args: [],
      env: { PICKED: 'yes' },
    });
  });
});
