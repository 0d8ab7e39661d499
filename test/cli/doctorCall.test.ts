/**
 * `loupe call` and `loupe list` print the doctor's advice at the moment of the problem: under a refused call's error
 * line, under a tool error saying the tool is unknown (a stale list), under a crash mid-call, and as a warning after
 * a listing whose names repeat across pages (exit 0: the listing is complete); --debug adds the evidence. A call a
 * replay (`loupe replay` of a real server-everything recording) has no recorded answer for is said to be that, with
 * the nearest recorded request, not a refusal of the arguments.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPaths } from '../helpers/servers.js';
import { everythingServer, loupeBin, requireBuild, runLoupe } from './loupe.js';

beforeAll(requireBuild);

const server = (...flags: string[]): string[] => [
  '--protocol',
  'legacy',
  '--',
  process.execPath,
  serverPaths.callFaults,
  ...flags,
];

describe('loupe and the doctor on calls and listings', { timeout: 60_000 }, () => {
  it('a refused call: the error line, then the likely cause and the next step; stdout stays empty', async () => {
    const run = await runLoupe(['call', 'strict', '--args', '{"count":"three"}', ...server()]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      'loupe: rpc-error: tools/call failed: Invalid params: count must be an integer (-32602)',
      '  likely cause: The server refused the arguments (-32602 Invalid params): they do not match what “strict” expects. It said: “Invalid params: count must be an integer”.',
      expect.stringMatching(/^ {2}next step: Compare the arguments with the tool’s inputSchema/),
    ]);
  });

  it('a call to a tool with an unusable inputSchema names the tool and why', async () => {
    const run = await runLoupe(['call', 'bad_schema', '--args', '{"x":1}', ...server()]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      '  likely cause: The tool “bad_schema” has an unusable inputSchema — Tool "bad_schema" has an inputSchema with type "string"; the spec requires type "object".',
    );
  });

  it('a tool error saying the tool is unknown: the stale-list advice, and with --debug its evidence', async () => {
    const run = await runLoupe(['call', 'vanished', '--debug', ...server()]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('MCP error -32602: Tool vanished not found');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('loupe: tool error: vanished answered with isError: true');
    expect(lines[1]).toMatch(/^ {2}likely cause: The tool list is stale: the server listed “vanished”/);
    expect(lines[2]).toMatch(
      /^ {2}next step: Re-list the tools .* The server should send notifications\/tools\/list_changed/,
    );
    expect(lines).toContain('  evidence: the tool error said: MCP error -32602: Tool vanished not found');
    expect(lines).toContain('  evidence: notifications/tools/list_changed since the listing: none');
  });

  it('the server gone mid-call: exit code and the crash named', async () => {
    const run = await runLoupe(['call', 'crash', ...server()]);
    expect(run.code).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('loupe: server exited with code 5: call faults: crashing in crash');
    expect(lines[1]).toBe(
      '  likely cause: The server process exited with code 5 while “crash” was running: the call crashed it.',
    );
  });

  it('a listing whose names repeat across pages: the table as sent, then a warning naming them; exit 0', async () => {
    const run = await runLoupe(['list', ...server('--page-size', '3', '--repeat-page')]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('10 tools · 4 pages');
    expect(run.stdout.split('\n').filter((line) => line.startsWith('hang '))).toHaveLength(2);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toEqual([
      'loupe: warning: repeated names in the tools listing',
      '  likely cause: The tools listing repeats 3 names across pages: “hang” (pages 2 and 3), “bad_schema” (pages 2 and 3), “vanished” (pages 2 and 3). The server’s paging is likely at fault: a cursor that led back to items already sent, or a page served twice.',
      expect.stringMatching(/^ {2}next step: Calls by name are ambiguous/),
      expect.stringMatching(/^loupe: client capabilities declared: /),
    ]);
    const debug = await runLoupe(['list', '--debug', ...server('--page-size', '3', '--repeat-page')]);
    expect(debug.stderr).toContain(
      '  evidence: tools/list page 3: cursor “again3” → nextCursor “p6”, 3 items',
    );
    const json = await runLoupe(['list', '--json', ...server('--page-size', '3', '--repeat-page')]);
    const document = JSON.parse(json.stdout) as { doctor?: { likelyCause: string; evidence: string[] } };
    expect(document.doctor?.likelyCause).toMatch(/^The tools listing repeats 3 names across pages/);
    expect(document.doctor?.evidence).toContain('“hang” at positions 4, 7 (pages 2, 3)');
  });

  it('a listing without repeats prints no warning', async () => {
    const run = await runLoupe(['list', ...server('--page-size', '3')]);
    expect(run.code).toBe(0);
    // Only the line that says what Loupe declared.
    expect(run.stderr).toMatch(/^loupe: client capabilities declared: [^\n]*\n$/);
  });
});

describe('the doctor on a call a replay has no recorded answer for', { timeout: 60_000 }, () => {
  const folder = mkdtempSync(join(tmpdir(), 'loupe-doctor-replay-'));
  const recording = join(folder, 'everything.json');
  const replay = ['--', process.execPath, loupeBin, 'replay', recording];
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  beforeAll(async () => {
    const calls = join(folder, 'calls.json');
    writeFileSync(
      calls,
      JSON.stringify([{ method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } }]),
    );
    const run = await runLoupe(
      ['snapshot', '--out', recording, '--calls', calls, '--', process.execPath, everythingServer, 'stdio'],
      { timeoutMs: 60_000 },
    );
    expect(run.code, run.stderr).toBe(0);
  }, 90_000);

  it('says the replay has no answer for these arguments and names the recorded request, not the inputSchema', async () => {
    const run = await runLoupe(['call', 'echo', '--args', '{"message":"HI"}', '--debug', ...replay]);
    expect(run.code).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'loupe: rpc-error: tools/call failed: Loupe replay: no recorded answer for tools/call "echo" {"message":"HI"}; nearest recorded: tools/call "echo" {"message":"hi"} (differs in arguments.message). (-32602)',
      '  likely cause: This server is a replay of a recording (loupe replay), and it has no recorded answer for tools/call “echo” with these arguments: it answers only the requests that were recorded (the server itself was never asked).',
      '  next step: Send the recorded request instead — nearest recorded: tools/call “echo” {"message":"hi"} (differs in arguments.message) — or record this call (loupe snapshot --calls <file>) and replay the new recording; loupe replay --on-miss nearest answers a miss with the nearest recorded answer.',
    ]);
    expect(lines).toContain('  evidence: nearest recorded: tools/call “echo” {"message":"hi"}');
    expect(run.stderr).not.toContain('inputSchema');

    const recorded = await runLoupe(['call', 'echo', '--args', '{"message":"hi"}', '--json', ...replay]);
    expect(recorded.code, recorded.stderr).toBe(0);
    expect(JSON.parse(recorded.stdout)).toEqual({ content: [{ type: 'text', text: 'Echo: hi' }] });
  });
});
