/** The connection doctor on real failed connections: each names its likely cause and next step, with evidence. */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type SessionConnectOptions } from '../../../src/core/session/connect.js';
import type { DialTarget } from '../../../src/core/types.js';
import { LoupeError, type LoupeErrorData } from '../../../src/shared/errors.js';
import { startPrintingUrl, startV2HttpServer, type RunningHttpServer } from '../../helpers/servers.js';
import { freePort } from '../session/servers.js';

const banner = fileURLToPath(new URL('../../servers/banner.mjs', import.meta.url));
const statusHttp = fileURLToPath(new URL('../../servers/statusHttp.mjs', import.meta.url));

const running: RunningHttpServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
});

/** The error a connection attempt fails with (the test fails if it connects). */
async function failure(target: DialTarget, options: SessionConnectOptions = {}): Promise<LoupeErrorData> {
  try {
    const session = await connect(target, { timeoutMs: 2_000, ...options });
    await session.close();
  } catch (error) {
    expect(error).toBeInstanceOf(LoupeError);
    return (error as LoupeError).detail;
  }
  throw new Error('the connection succeeded');
}

async function statusServer(...flags: string[]): Promise<RunningHttpServer> {
  const server = await startPrintingUrl([statusHttp, ...flags], 'http', 'status');
  running.push(server);
  return server;
}

describe('the doctor on stdio failures', () => {
  it('a server printing a banner on stdout: the banner is quoted, not only "timeout"', async () => {
    const error = await failure(
      { transport: 'stdio', command: process.execPath, args: [banner] },
      { protocol: 'legacy' },
    );
    expect(error.kind).toBe('timeout');
    expect(error.doctor?.likelyCause).toContain('not JSON-RPC on stdout');
    expect(error.doctor?.likelyCause).toContain(
      '“Weather MCP server v1.2.3”, “Listening on stdio, press Ctrl-C to stop”',
    );
    expect(error.doctor?.nextStep).toContain('stderr');
    expect(error.doctor?.evidence).toContain('stdout: Weather MCP server v1.2.3');
  });

  it('a command that exits at once: its exit code and last stderr lines', async () => {
    const script =
      "console.error('starting'); console.error('Error: WEATHER_API_KEY is not set'); process.exit(3)";
    const error = await failure({ transport: 'stdio', command: process.execPath, args: ['-e', script] });
    expect(error.kind).toBe('server-exited');
    // The line that says why, not every last line.
    expect(error.doctor?.likelyCause).toBe(
      'The command exited with exit code 3 before it could serve MCP: “Error: WEATHER_API_KEY is not set”.',
    );
    expect(error.doctor?.nextStep).toContain('--env NAME=value');
    expect(error.doctor?.evidence).toEqual([
      'exit code: 3',
      'stderr: starting',
      'stderr: Error: WEATHER_API_KEY is not set',
    ]);
  });

  it("a missing script: Node's “Cannot find module”, not its closing version line, and where to look", async () => {
    const missing = join(tmpdir(), 'loupe-no-such-script', 'server.js');
    const error = await failure({ transport: 'stdio', command: process.execPath, args: [missing] });
    expect(error.kind).toBe('server-exited');
    expect(error.data).toMatchObject({ lastStderrLine: `Node.js ${process.version}` });
    expect(error.doctor?.likelyCause).toBe(
      `The command exited with exit code 1 before it could serve MCP: “Error: Cannot find module '${missing}'”.`,
    );
    expect(error.doctor?.nextStep).toMatch(
      /^A script or module it needs is not where it looks: check the path/,
    );
    expect(error.doctor?.evidence).toContain(`stderr: Node.js ${process.version}`);
  });

  it('an ES module importing a package that is not installed: the ERR_MODULE_NOT_FOUND line', async () => {
    const script = "import('loupe-no-such-package-xyz').catch((error) => { throw error; })";
    const error = await failure({ transport: 'stdio', command: process.execPath, args: ['-e', script] });
    expect(error.doctor?.likelyCause).toMatch(
      /^The command exited with exit code 1 before it could serve MCP: “Error \[ERR_MODULE_NOT_FOUND\]: Cannot find package 'loupe-no-such-package-xyz'/,
    );
  });

  it('a command that does not exist', async () => {
    const error = await failure({ transport: 'stdio', command: 'loupe-no-such-command-xyz', args: [] });
    expect(error.kind).toBe('command-not-found');
    expect(error.doctor?.nextStep).toContain('full path');
  });
});

describe('the doctor on a silent server', () => {
  it('a command that never answers: the timeout advice names --timeout and the app’s “Request timeout (ms)”', async () => {
    const error = await failure(
      { transport: 'stdio', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] },
      { protocol: 'legacy', timeoutMs: 500 },
    );
    expect(error.kind).toBe('timeout');
    expect(error.doctor?.likelyCause).toBe(
      'The server did not answer initialize in time and printed nothing Loupe could read instead.',
    );
    expect(error.doctor?.nextStep).toContain(
      'for a slow start raise the timeout: --timeout <ms> in the CLI, “Request timeout (ms)” in the app’s connection form.',
    );
  });
});

describe('the doctor on HTTP failures', () => {
  it('connection refused', async () => {
    const port = await freePort();
    const error = await failure({ transport: 'http', url: `http://127.0.0.1:${port}/mcp` });
    expect(error.kind).toBe('connection-refused');
    expect(error.doctor?.likelyCause).toBe('Nothing listens at that host and port.');
    expect(error.doctor?.nextStep).toContain('Start the server');
  });

  it.each([401, 403])('HTTP %i: credentials, with --auth and --header named', async (status) => {
    const server = await statusServer('--status', String(status));
    const error = await failure({ transport: 'http', url: server.url }, { protocol: 'legacy' });
    expect(error.code).toBe(status);
    expect(error.doctor?.likelyCause).toContain(`HTTP ${status}`);
    expect(error.doctor?.nextStep).toContain('--auth');
    expect(error.doctor?.nextStep).toContain('--header "Authorization: Bearer <token>"');
    expect(error.doctor?.evidence).toContain(`POST ${server.url} → HTTP ${status}`);
  });

  it.each([404, 405])('HTTP %i: wrong path or transport, listing the variants tried', async (status) => {
    const server = await statusServer('--status', String(status));
    const error = await failure({ transport: 'auto', url: server.url }, { protocol: 'legacy' });
    expect(error.doctor?.likelyCause).toContain(`Nothing answers MCP at this URL (HTTP ${status})`);
    // Streamable HTTP was tried first, then the legacy SSE GET.
    expect(error.doctor?.likelyCause).toContain(`POST ${server.url} → HTTP ${status}`);
    expect(error.doctor?.likelyCause).toContain(`GET ${server.url} → HTTP ${status}`);
    expect(error.doctor?.nextStep).toContain('/mcp');
  });

  it.each([
    [406, 'Accept'],
    [415, 'Content-Type'],
  ])('HTTP %i: the %s header', async (status, header) => {
    const server = await statusServer('--status', String(status));
    const error = await failure({ transport: 'http', url: server.url }, { protocol: 'legacy' });
    expect(error.code).toBe(status);
    expect(error.doctor?.likelyCause).toContain(header);
    expect(error.doctor?.nextStep).toContain('Accept or Content-Type');
  });

  it('the wrong protocol revision: a strict 2026-07-28 server asked for the 2025 era', async () => {
    const server = await startV2HttpServer('reject');
    running.push(server);
    const error = await failure({ transport: 'http', url: server.url }, { protocol: 'legacy' });
    // HTTP 400 whose body carries JSON-RPC -32022 UnsupportedProtocolVersion with the versions supported.
    expect(error.code).toBe(400);
    expect(error.data).toMatchObject({ rpcError: { code: -32022 } });
    expect(error.doctor?.likelyCause).toContain('does not speak the protocol revision');
    expect(error.doctor?.likelyCause).toContain('2026-07-28');
    expect(error.doctor?.nextStep).toContain('--protocol auto');
  });
});
