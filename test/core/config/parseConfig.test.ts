/**
 * Client config files of each format, read from real fixture files: the servers, their Loupe targets, the
 * references resolved as each client resolves them, missing variables named in a warning per server, and
 * malformed or foreign files as config-invalid errors naming the file and the cause.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/core/config/readConfig.js';
import type { ConfigFile, ConfigServer } from '../../../src/shared/config.js';

const fixtures = join(import.meta.dirname, 'fixtures');
const home = '/home/ada';
const environment = {
  HOME: '/home/ada',
  API_KEY: 'key-123',
  TOOLS_DIR: '/opt/tools',
  TASKS_HOME: '/srv/tasks',
  DOCS_KEY: 'docs-9',
};

async function read(relative: string): Promise<ConfigFile> {
  return readConfig({ path: join(fixtures, relative) }, { environment, home });
}

function server(file: ConfigFile, name: string): ConfigServer {
  const found = file.servers.find((item) => item.name === name);
  if (!found) throw new Error(`no server ${name} in ${file.path}`);
  return found;
}

describe('Claude Desktop claude_desktop_config.json', () => {
  it('maps each mcpServers entry to a target and uses values as written (no references)', async () => {
    const file = await read('claude/claude_desktop_config.json');
    expect(file.client).toBe('claude-desktop');
    expect(file.error).toBeUndefined();
    expect(file.servers.map((item) => item.name)).toEqual(['filesystem', 'github', 'remote', 'broken']);
    expect(server(file, 'filesystem').target).toEqual({
      transport: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/ada/Desktop'],
    });
    const github = server(file, 'github');
    expect(github.target).toMatchObject({
      transport: 'stdio',
      command: 'docker',
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_desktopLiteral', NOTE: '${HOME}' },
    });
    expect(github.warnings).toEqual([]);
    expect(server(file, 'remote').target).toEqual({
      transport: 'auto',
      url: 'https://mcp.example.com/mcp',
      headers: [{ name: 'Authorization', value: 'Bearer abc' }],
    });
    const broken = server(file, 'broken');
    expect(broken.target).toBeUndefined();
    expect(broken.error).toBe('the entry has neither "command" (a stdio server) nor "url" (an HTTP server)');
  });
});

describe('Claude Code .mcp.json', () => {
  it('resolves ${NAME} and ${NAME:-default} from the environment and names each missing variable', async () => {
    const file = await read('project/.mcp.json');
    expect(file.client).toBe('claude-code');
    const api = server(file, 'api');
    expect(api.target).toEqual({
      transport: 'http',
      url: 'https://api.example.com/mcp',
      headers: [{ name: 'Authorization', value: 'Bearer key-123' }],
    });
    expect(api.warnings).toEqual([]);
    const local = server(file, 'local');
    expect(local.target).toEqual({
      transport: 'stdio',
      command: '/opt/tools/server',
      args: ['--root', '.'],
      env: { CACHE: '/tmp/cache', TOKEN: '' },
    });
    expect(local.warnings).toEqual(['missing variable LOUPE_TEST_MISSING_TOKEN (in env.TOKEN): left empty']);
    expect(server(file, 'events').target).toEqual({ transport: 'sse', url: 'http://127.0.0.1:9000/sse' });
    expect(server(file, 'socket').error).toBe('the entry unknown "type" string "ws" (stdio, http or sse)');
  });

  it('takes a variable set in the environment over the default', async () => {
    const file = await readConfig(
      { path: join(fixtures, 'project/.mcp.json') },
      { environment: { API_BASE_URL: 'http://127.0.0.1:1', API_KEY: 'k' }, home },
    );
    expect(server(file, 'api').target).toMatchObject({ url: 'http://127.0.0.1:1/mcp' });
    expect(server(file, 'local').warnings).toEqual([
      'missing variable TOOLS_DIR (in command): left empty',
      'missing variable LOUPE_TEST_MISSING_TOKEN (in env.TOKEN): left empty',
    ]);
  });
});

describe('VS Code .vscode/mcp.json', () => {
  it('reads servers with type, comments, trailing commas, inputs and the ${env:} / ${workspaceFolder} forms', async () => {
    const file = await read('project/.vscode/mcp.json');
    expect(file.client).toBe('vscode');
    expect(file.error).toBeUndefined();
    expect(file.servers.map((item) => item.name)).toEqual(['github', 'tasks', 'inferred', 'off']);
    const github = server(file, 'github');
    expect(github.target).toEqual({
      transport: 'http',
      url: 'https://api.githubcopilot.com/mcp/',
      headers: [{ name: 'Authorization', value: 'Bearer ' }],
    });
    expect(github.warnings).toEqual([]);
    expect(github.inputs).toEqual([
      {
        id: 'github-token',
        description: 'GitHub Personal Access Token',
        password: true,
        places: ['headers.Authorization'],
        filled: 'empty',
        declared: true,
      },
    ]);
    const project = join(fixtures, 'project');
    const tasks = server(file, 'tasks');
    expect(tasks.target).toEqual({
      transport: 'stdio',
      command: 'node',
      args: [`${project}/server.js`, '--region', 'eu-west-1'],
      cwd: project,
      env: {
        TASKS_TOKEN: 'tok en#1',
        TASKS_HOME: '/srv/tasks',
        QUOTED: 'single # kept',
        MULTI: 'one\ntwo',
        COLON: 'value',
        SEP: '/',
        HOME_DIR: home,
      },
    });
    expect(tasks.envFile).toBe(join(project, '.env'));
    expect(tasks.warnings).toEqual([]);
    expect(tasks.inputs).toEqual([
      {
        id: 'region',
        description: 'Region',
        password: false,
        default: 'eu-west-1',
        places: ['args[2]'],
        filled: 'default',
        declared: true,
      },
    ]);
    expect(server(file, 'inferred').target).toEqual({
      transport: 'stdio',
      command: 'uvx',
      args: ['mcp-server-time'],
    });
    expect(server(file, 'off').enabled).toBe(false);
  });

  it('leaves a missing ${env:NAME} empty, as VS Code does, and says which', async () => {
    const file = await readConfig(
      { path: join(fixtures, 'project/.vscode/mcp.json') },
      { environment: {}, home },
    );
    expect(server(file, 'tasks').warnings).toContain(
      'missing variable TASKS_HOME (in env.TASKS_HOME): left empty',
    );
  });
});

describe('Cursor .cursor/mcp.json', () => {
  it("resolves ${env:NAME} and ${workspaceFolder}; the Claude Code form is not Cursor's and stays as written", async () => {
    const file = await read('project/.cursor/mcp.json');
    expect(file.client).toBe('cursor');
    expect(server(file, 'docs').target).toEqual({
      transport: 'auto',
      url: 'http://localhost:4000/mcp',
      headers: [{ name: 'X-Api-Key', value: 'docs-9' }],
    });
    const local = server(file, 'local');
    expect(local.target).toEqual({
      transport: 'stdio',
      command: 'node',
      args: [`${join(fixtures, 'project')}/tool.js`, '${NOT_CURSOR}'],
    });
    expect(local.warnings).toEqual([
      '${NOT_CURSOR} (in args[1]) is not a reference Loupe resolves: left as written',
    ]);
  });
});

describe('files that are not usable configs', () => {
  it('names the file, the line and column of malformed JSON', async () => {
    const file = await read('malformed.json');
    expect(file.servers).toEqual([]);
    expect(file.error?.kind).toBe('config-invalid');
    expect(file.error?.message).toContain(join(fixtures, 'malformed.json'));
    expect(file.error?.message).toMatch(/not valid JSON: .* at line 4, column 5$/);
  });

  it('names a file of an unknown shape, a servers value that is not an object and a top level that is not one', async () => {
    const shape = await read('unknown-shape.json');
    expect(shape.error).toEqual({
      kind: 'config-invalid',
      message: `${join(fixtures, 'unknown-shape.json')}: holds neither "mcpServers" (Claude Desktop, Claude Code, Cursor) nor "servers" (VS Code)`,
      data: { path: join(fixtures, 'unknown-shape.json') },
    });
    expect((await read('servers-array.json')).error?.message).toMatch(
      /servers-array\.json: "mcpServers" must be an object of server names to entries$/,
    );
    expect((await read('top-array.json')).error?.message).toMatch(
      /top-array\.json: the top level must be an object, not an array$/,
    );
  });

  it('says a file that is not there is missing, with kind io-error', async () => {
    const file = await read('nowhere/claude_desktop_config.json');
    expect(file.exists).toBe(false);
    expect(file.client).toBe('claude-desktop');
    expect(file.error?.kind).toBe('io-error');
    expect(file.error?.message).toMatch(/nowhere\/claude_desktop_config\.json: no such file$/);
  });

  it('parses text handed over directly (a file picked in the browser), naming it by the given path', async () => {
    const file = await readConfig(
      { path: 'picked/mcp.json', text: '{"servers":{"x":{"type":"sse","url":"http://127.0.0.1:5/sse"}}}' },
      { environment, home },
    );
    expect(file.client).toBe('vscode');
    expect(file.servers).toEqual([
      { name: 'x', target: { transport: 'sse', url: 'http://127.0.0.1:5/sse' }, warnings: [], enabled: true },
    ]);
  });
});
