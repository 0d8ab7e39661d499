/**
 * `--config <file> --server <name>` as a target of the real `loupe` command: a Claude Desktop file (stdio to the
 * built demo server) and a VS Code file (stdio to the paginating test server, and Streamable HTTP to it on
 * 127.0.0.1 with the URL taken from ${env:…}) each connect and list; without --server the file's servers are
 * listed; a missing variable, a missing server and a malformed file each say so by name.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPaths, startHttpServer, type RunningHttpServer } from '../helpers/servers.js';
import { requireBuild, runLoupe } from './loupe.js';

const demoServer = fileURLToPath(new URL('../../out/node/demo/server.js', import.meta.url));
const urlVariable = 'LOUPE_CONFIG_TEST_URL';

let folder: string;
let desktopFile: string;
let vscodeFile: string;
let http: RunningHttpServer;

beforeAll(async () => {
  requireBuild();
  folder = await mkdtemp(join(tmpdir(), 'loupe-configs-'));
  http = await startHttpServer('http', ['--tools', '60', '--page-size', '20']);
  process.env[urlVariable] = http.url;
  desktopFile = join(folder, 'claude_desktop_config.json');
  await writeFile(
    desktopFile,
    JSON.stringify({
      mcpServers: {
        demo: { command: process.execPath, args: [demoServer], env: { API_TOKEN: 'desktop-secret' } },
        remote: { url: 'http://127.0.0.1:1/mcp' },
      },
    }),
  );
  await mkdir(join(folder, 'project', '.vscode'), { recursive: true });
  vscodeFile = join(folder, 'project', '.vscode', 'mcp.json');
  await writeFile(
    vscodeFile,
    `{
  // comments are allowed in VS Code's mcp.json
  "inputs": [{ "type": "promptString", "id": "pages", "description": "Page size", "default": "10" }],
  "servers": {
    "paged-http": { "type": "http", "url": "\${env:${urlVariable}}", "headers": { "Authorization": "Bearer t0ken" } },
    "paged-stdio": {
      "type": "stdio",
      "command": ${JSON.stringify(process.execPath)},
      "args": [${JSON.stringify(serverPaths.paginating)}, "--tools", "30", "--page-size", "\${input:pages}"],
      "cwd": "\${workspaceFolder}"
    },
    "unset": { "type": "http", "url": "http://127.0.0.1:9/\${env:LOUPE_CONFIG_TEST_UNSET}" },
  }
}`,
  );
});

afterAll(async () => {
  delete process.env[urlVariable];
  await http.stop();
  await rm(folder, { recursive: true, force: true });
});

describe('loupe with --config', { timeout: 60_000 }, () => {
  it('Claude Desktop file: lists the demo server over stdio, all pages', async () => {
    const run = await runLoupe(['list', '--config', desktopFile, '--server', 'demo']);
    expect(run.code, run.stderr).toBe(0);
    // Nothing but the line saying what Loupe declared.
    expect(run.stderr).toMatch(/^loupe: client capabilities declared: [^\n]*\n$/);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('163 tools · 5 pages');
  });

  it('VS Code file: Streamable HTTP on 127.0.0.1, its URL from ${env:…}', async () => {
    const run = await runLoupe(['list', '--config', vscodeFile, '--server', 'paged-http']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('62 tools · 4 pages');
  });

  it('VS Code file: stdio with an input default as an argument, and a call like any other target', async () => {
    const list = await runLoupe(['list', '--config', vscodeFile, '--server', 'paged-stdio']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout.trimEnd().split('\n').at(-1)).toBe('32 tools · 4 pages');
    expect(list.stderr.split('\n').slice(0, 1)).toEqual([
      'loupe: paged-stdio: input "pages" (Page size): its default is used',
    ]);
    expect(list.stderr).toMatch(/\nloupe: client capabilities declared: [^\n]*\n$/);
    const call = await runLoupe([
      'call',
      'echo',
      '--args',
      '{"text":"from a config"}',
      '--json',
      '--config',
      vscodeFile,
      '--server',
      'paged-stdio',
    ]);
    expect(call.code, call.stderr).toBe(0);
    expect(JSON.parse(call.stdout)).toEqual({ content: [{ type: 'text', text: 'from a config' }] });
  });

  it('without --server lists the servers of the file: name, transport, command or URL, warnings', async () => {
    const run = await runLoupe(['list', '--config', vscodeFile]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`${vscodeFile} (VS Code): 3 servers`);
    expect(lines[1]).toMatch(/^NAME\s+TRANSPORT\s+COMMAND \/ URL$/);
    expect(lines[2]).toMatch(
      new RegExp(`^paged-http\\s+http\\s+${http.url.replace(/[.]/g, '\\.')} \\(http\\)$`),
    );
    expect(lines[3]).toMatch(new RegExp(`^\\s+reads ${urlVariable} from the environment, in url$`));
    expect(lines[4]).toMatch(/^paged-stdio\s+stdio\s+.*paginating\.mjs --tools 30 --page-size 10$/);
    expect(lines[5]).toMatch(/^\s+input pages \(Page size\): default 10, in args\[4\]$/);
    expect(lines[6]).toMatch(/^unset\s+http\s+http:\/\/127\.0\.0\.1:9\/ \(http\)$/);
    expect(lines[7]).toMatch(/^\s+warning: missing variable LOUPE_CONFIG_TEST_UNSET \(in url\): left empty$/);
    expect(lines).toHaveLength(8);

    const desktop = await runLoupe(['list', '--config', desktopFile, '--json']);
    expect(desktop.code).toBe(0);
    const document = JSON.parse(desktop.stdout) as {
      client: string;
      servers: { name: string; target: { transport: string } }[];
    };
    expect(document.client).toBe('claude-desktop');
    expect(document.servers.map((server) => `${server.name}:${server.target.transport}`)).toEqual([
      'demo:stdio',
      'remote:auto',
    ]);
  });

  it('names a missing server (with the ones there are), a malformed file and --server without --config', async () => {
    const missing = await runLoupe(['list', '--config', desktopFile, '--server', 'nope']);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toBe(
      `loupe: usage: ${desktopFile} has no server "nope" (it has: demo, remote)`,
    );

    const broken = join(folder, '.mcp.json');
    await writeFile(broken, '{ "mcpServers": { "a": { "command": "node" } ');
    const malformed = await runLoupe(['list', '--config', broken]);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr.trim()).toMatch(
      new RegExp(`^loupe: config-invalid: ${broken.replace(/[.]/g, '\\.')}: not valid JSON: .*line 1`),
    );

    const alone = await runLoupe(['list', '--server', 'demo']);
    expect(alone.code).toBe(2);
    expect(alone.stderr.trim()).toBe(
      'loupe: usage: --server names a server of a config file: give --config <file> too',
    );
  });

  it('an envFile of /dev/zero or a named pipe: the file is listed at once, that server unusable and named', async () => {
    const pipe = join(folder, 'pipe.env');
    execFileSync('mkfifo', [pipe]);
    const cloned = join(folder, 'cloned', '.vscode');
    await mkdir(cloned, { recursive: true });
    const path = join(cloned, 'mcp.json');
    await writeFile(
      path,
      JSON.stringify({
        servers: {
          zero: { type: 'stdio', command: 'node', envFile: '/dev/zero' },
          piped: { type: 'stdio', command: 'node', envFile: pipe },
        },
      }),
    );
    const run = await runLoupe(['list', '--config', path]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`${path} (VS Code): 2 servers`);
    expect(lines[2]).toMatch(
      /^zero +- +unusable: the entry's envFile \/dev\/zero could not be read: it is not a regular file but a character device$/,
    );
    expect(lines[4]).toMatch(/^piped +- +unusable: .* it is not a regular file but a named pipe$/);
    const connect = await runLoupe(['list', '--config', path, '--server', 'zero']);
    expect(connect.code).toBe(1);
    expect(connect.stderr.trim()).toBe(
      `loupe: config-invalid: ${path}: server "zero": the entry's envFile /dev/zero could not be read: it is not a regular file but a character device`,
    );
  });
});
