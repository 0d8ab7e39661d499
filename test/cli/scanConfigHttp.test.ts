/**
 * `loupe scan` over a working folder's client config (a cloned repository's `.vscode/mcp.json`) whose HTTP server
 * takes `Authorization: Bearer ${env:GITHUB_TOKEN}`: the server at that URL is a real loopback HTTP server that
 * records every connection and request it gets. Without a yes nothing reaches it, not even a connection, and the
 * token's value appears nowhere in what loupe prints; answered no on a terminal, the same; with a yes (typed, or
 * --yes) it gets the header, which shows the recorder sees what is sent.
 */
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, runLoupe } from './loupe.js';
import { onTerminal } from './terminalRun.js';

const token = 'ghp_loupeTestToken0123456789abcdefSECRET';
const plain = 'plain-value-from-the-environment-4242';

interface Received {
  connections: number;
  requests: { method: string; headers: IncomingHttpHeaders }[];
}

const received: Received = { connections: 0, requests: [] };
let server: Server;
let url: string;
let folder: string;
let home: string;
let configPath: string;

beforeAll(async () => {
  requireBuild();
  server = createServer((request, response) => {
    received.requests.push({ method: request.method ?? '', headers: request.headers });
    request.resume();
    response.writeHead(500, { 'content-type': 'text/plain' }).end('recorder');
  });
  server.on('connection', () => (received.connections += 1));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  folder = await mkdtemp(join(tmpdir(), 'loupe-scan-cloned-'));
  home = await mkdtemp(join(tmpdir(), 'loupe-scan-home-'));
  await mkdir(join(folder, '.vscode'));
  configPath = join(folder, '.vscode', 'mcp.json');
  await writeFile(
    configPath,
    JSON.stringify({
      servers: {
        github: {
          type: 'http',
          url,
          headers: { Authorization: 'Bearer ${env:GITHUB_TOKEN}', 'X-Client': '${env:LOUPE_PLAIN}' },
        },
      },
    }),
  );
  // The terminal run inherits this process's environment.
  process.env.GITHUB_TOKEN = token;
  process.env.LOUPE_PLAIN = plain;
});

afterEach(() => {
  received.connections = 0;
  received.requests = [];
});

afterAll(async () => {
  delete process.env.GITHUB_TOKEN;
  delete process.env.LOUPE_PLAIN;
  server.close();
  await rm(folder, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

/** The scan as run in the cloned folder, with a home of its own (no config of this machine's user is read). */
function scanInFolder(args: string[]) {
  return runLoupe(['scan', ...args], {
    cwd: folder,
    env: { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), GITHUB_TOKEN: token, LOUPE_PLAIN: plain },
  });
}

describe('scan: an HTTP server of a config gets the same yes as a stdio one', { timeout: 60_000 }, () => {
  it('no target, no terminal, no --yes: nothing reaches the URL (not even a connection), no env value printed', async () => {
    const run = await scanInFolder(['--json']);
    expect(received.connections).toBe(0);
    expect(received.requests).toEqual([]);
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout) as {
      servers: { name: string; scanned: boolean; skipped?: string; target?: { headers?: unknown } }[];
    };
    expect(document.servers.map((item) => [item.name, item.scanned])).toEqual([['github', false]]);
    expect(document.servers[0]?.skipped).toBe(
      `not connected: a server of a config is started or connected to only after a yes (no terminal to ask; pass --yes to open every one): would connect to ${url} (http), sending it the values of GITHUB_TOKEN (in headers.Authorization) and LOUPE_PLAIN (in headers.X-Client)`,
    );
    expect(document.servers[0]?.target?.headers).toEqual([
      { name: 'Authorization', value: '[redacted]' },
      { name: 'X-Client', value: '[redacted]' },
    ]);
    for (const value of [token, plain]) {
      expect(run.stdout).not.toContain(value);
      expect(run.stderr).not.toContain(value);
    }
  });

  it('on a terminal, answered no: the question names the variables (not their values) and nothing is sent', async () => {
    const terminal = onTerminal(['scan', configPath]);
    const question = `Scan github: connect to ${url} (http), sending it the values of GITHUB_TOKEN (in headers.Authorization) and LOUPE_PLAIN (in headers.X-Client)? [y/N]`;
    await terminal.shows(question);
    expect(received.connections).toBe(0);
    terminal.type('n\r');
    // The person's own no is not a failure to scan (no terminal to ask is: exit 1 above).
    expect(await terminal.exited).toBe(0);
    expect(terminal.screen()).toContain('github: not connected: answered no');
    expect(received.connections).toBe(0);
    expect(terminal.screen()).not.toContain(token);
    expect(terminal.screen()).not.toContain(plain);
  });

  it('on a terminal, answered yes: the server gets its header (the recorder sees what is sent)', async () => {
    const terminal = onTerminal(['scan', configPath]);
    await terminal.shows('[y/N]');
    terminal.type('y\r');
    expect(await terminal.exited).toBe(1);
    expect(received.connections).toBeGreaterThan(0);
    expect(received.requests[0]?.headers.authorization).toBe(`Bearer ${token}`);
    expect(terminal.screen()).toContain('could not scan');
    expect(terminal.screen()).not.toContain(token);
  });

  it('--yes opens it without asking, and the JSON report still holds no env value', async () => {
    const run = await scanInFolder(['--json', '--yes']);
    expect(received.requests[0]?.headers.authorization).toBe(`Bearer ${token}`);
    expect(received.requests[0]?.headers['x-client']).toBe(plain);
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain(token);
    expect(run.stdout).not.toContain(plain);
  });
});

describe('loupe list --config: the servers of a file, nothing opened, no env value printed', () => {
  it('--json shows the targets with the environment values redacted', async () => {
    const run = await runLoupe(['list', '--config', configPath, '--json'], {
      env: { GITHUB_TOKEN: token, LOUPE_PLAIN: plain },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(received.connections).toBe(0);
    const file = JSON.parse(run.stdout) as {
      servers: { target: { url: string; headers: unknown }; variables: unknown }[];
    };
    expect(file.servers[0]?.target).toEqual({
      transport: 'http',
      url,
      headers: [
        { name: 'Authorization', value: '[redacted]' },
        { name: 'X-Client', value: '[redacted]' },
      ],
    });
    expect(file.servers[0]?.variables).toEqual([
      { name: 'GITHUB_TOKEN', places: ['headers.Authorization'] },
      { name: 'LOUPE_PLAIN', places: ['headers.X-Client'] },
    ]);
    expect(run.stdout).not.toContain(token);
    expect(run.stdout).not.toContain(plain);
  });
});
