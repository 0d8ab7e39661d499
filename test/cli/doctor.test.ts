/** `loupe` prints the connection doctor's likely cause and next step under the error line; --debug adds the evidence. */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrintingUrl, type RunningHttpServer } from '../helpers/servers.js';
import { requireBuild, runLoupe } from './loupe.js';

const banner = fileURLToPath(new URL('../servers/banner.mjs', import.meta.url));
const statusHttp = fileURLToPath(new URL('../servers/statusHttp.mjs', import.meta.url));
let unauthorized: RunningHttpServer;

beforeAll(async () => {
  requireBuild();
  unauthorized = await startPrintingUrl([statusHttp, '--status', '401'], 'http', 'status 401');
});
afterAll(async () => {
  await unauthorized?.stop();
});

describe('loupe and the connection doctor', { timeout: 60_000 }, () => {
  it('a banner on stdout: the error line, then the banner quoted as the likely cause, then the next step', async () => {
    const run = await runLoupe([
      'list',
      '--timeout',
      '1500',
      '--protocol',
      'legacy',
      '--',
      process.execPath,
      banner,
    ]);
    expect(run.code).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('loupe: timeout: initialize got no answer within 1500 ms');
    expect(lines[1]).toMatch(
      /^ {2}likely cause: The server printed text that is not JSON-RPC on stdout: “Weather MCP server v1\.2\.3”/,
    );
    expect(lines[2]).toMatch(/^ {2}next step: Make the server log to stderr/);
    expect(run.stderr).not.toContain('evidence:');
  });

  it('--debug adds the evidence lines, and no stack trace', async () => {
    const run = await runLoupe([
      'list',
      '--debug',
      '--timeout',
      '1500',
      '--protocol',
      'legacy',
      '--',
      process.execPath,
      banner,
    ]);
    expect(run.code).toBe(1);
    const lines = run.stderr.split('\n');
    expect(lines.slice(3, 5)).toEqual([
      '  evidence: stdout: Weather MCP server v1.2.3',
      '  evidence: stdout: Listening on stdio, press Ctrl-C to stop',
    ]);
    expect(run.stderr).not.toContain('    at ');
  });

  it('a command that exits at once: exit code and stderr in the cause', async () => {
    const script = "console.error('Error: WEATHER_API_KEY is not set'); process.exit(3)";
    const run = await runLoupe(['list', '--', process.execPath, '-e', script]);
    expect(run.code).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('loupe: server exited with code 3: Error: WEATHER_API_KEY is not set');
    expect(lines[1]).toBe(
      '  likely cause: The command exited with exit code 3 before it could serve MCP: “Error: WEATHER_API_KEY is not set”.',
    );
    expect(lines[2]).toMatch(/^ {2}next step: Run the same command in a terminal/);
  });

  it('a missing script: the headline and the likely cause are “Cannot find module …”, not the Node.js version line stderr ends with', async () => {
    const missing = join(tmpdir(), 'loupe-no-such-script', 'index.js');
    const run = await runLoupe(['list', '--', process.execPath, missing]);
    expect(run.code).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`loupe: server exited with code 1: Error: Cannot find module '${missing}'`);
    expect(lines[1]).toBe(
      `  likely cause: The command exited with exit code 1 before it could serve MCP: “Error: Cannot find module '${missing}'”.`,
    );
    expect(lines[2]).toMatch(/^ {2}next step: A script or module it needs is not where it looks/);
  });

  it('HTTP 401 with sign-in off: names --auth and --header', async () => {
    const run = await runLoupe([
      'list',
      '--auth',
      'none',
      '--protocol',
      'legacy',
      '--transport',
      'http',
      '--url',
      unauthorized.url,
    ]);
    expect(run.code).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^loupe: auth-failed: .*HTTP 401.*--auth none/);
    expect(lines[1]).toBe(
      '  likely cause: The server wants credentials (HTTP 401): it is protected and Loupe sent none it accepts.',
    );
    expect(lines[2]).toContain('--header "Authorization: Bearer <token>"');
  });

  it('HTTP 401 where signing in fails: the step, and the ways on', async () => {
    const run = await runLoupe([
      'list',
      '--auth',
      'auto',
      '--auth-non-interactive',
      '--protocol',
      'legacy',
      '--transport',
      'http',
      '--url',
      unauthorized.url,
    ]);
    expect(run.code).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^loupe: auth-failed: Sign-in failed at /);
    expect(lines[1]).toMatch(/^ {2}likely cause: The server .*(HTTP 401|signing in did not complete)/);
    expect(lines[2]).toContain('--header "Authorization: Bearer <token>"');
  });
});
