import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverCommand } from '../helpers/servers.js';
import { freePort, requireBuild, runLoupe } from './loupe.js';

beforeAll(requireBuild);

const fault = (...flags: string[]) => ['--', ...serverCommand('fault', flags)];

/** Every fault: exit 1, one stderr line naming it (then at most the doctor's cause and next step), before runLoupe's kill. */
async function failing(args: string[]) {
  const run = await runLoupe(args, { timeoutMs: 15_000 });
  expect(run.code, run.stderr).toBe(1);
  const lines = run.stderr.trimEnd().split('\n');
  expect([1, 3], run.stderr).toContain(lines.length);
  if (lines.length === 3) {
    expect(lines[1]).toMatch(/^ {2}likely cause: \S/);
    expect(lines[2]).toMatch(/^ {2}next step: \S/);
  }
  expect(lines[0]).not.toMatch(/\n\s+at /);
  return { ...run, line: lines[0] ?? '', advice: lines.slice(1).join('\n') };
}

describe('loupe names each fault in one stderr line and exits 1', { timeout: 60_000 }, () => {
  it('page limit: says how many pages it fetched, prints what it got as INCOMPLETE', async () => {
    const run = await failing(['list', '--page-limit', '4', ...fault('--endless')]);
    expect(run.line).toMatch(/^loupe: page limit: .*\b4 pages\b/);
    expect(run.line).toMatch(/incomplete/);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(
      /^\d+ tools · 4 pages · INCOMPLETE \(page-limit\)/,
    );
  });

  it('page limit: the default is 64 pages', async () => {
    const run = await failing(['list', ...fault('--endless')]);
    expect(run.line).toMatch(/^loupe: page limit: .*\b64 pages\b/);
    expect(run.stdout).toMatch(/^320 tools · 64 pages · INCOMPLETE \(page-limit\)/m);
  });

  it('page limit on a well-behaved but long list', async () => {
    const run = await failing(['list', '--page-limit', '2', ...fault('--tools', '30', '--page-size', '5')]);
    expect(run.line).toMatch(/^loupe: page limit: /);
    expect(run.stdout).toMatch(/^10 tools · 2 pages · INCOMPLETE \(page-limit\)/m);
  });

  it('cursor loop', async () => {
    const run = await failing(['list', ...fault('--cursor-loop')]);
    expect(run.line).toMatch(/^loupe: cursor loop: /);
    expect(run.stdout).toMatch(/INCOMPLETE \(cursor-loop\)/);
  });

  it('timeout on a slow list response, --timeout respected', async () => {
    const run = await failing(['list', '--timeout', '800', ...fault('--delay', '20000')]);
    // The server would answer only after 20 s: the line names the 800 ms asked for, not a later default.
    expect(run.line).toMatch(/^loupe: timeout: .*within 800 ms/);
  });

  it('timeout on a slow initialize', async () => {
    const run = await failing(['list', '--timeout', '800', ...fault('--initialize-delay', '20000')]);
    expect(run.line).toMatch(/^loupe: timeout: .*initialize.*within 800 ms/);
  });

  it('connection refused', async () => {
    const port = await freePort();
    const run = await failing(['list', '--url', `http://127.0.0.1:${port}/mcp`]);
    expect(run.line).toMatch(/^loupe: connection refused: /);
    expect(run.line).toContain(`127.0.0.1:${port}`);
  });

  it('command not found', async () => {
    const run = await failing(['list', '--', 'loupe-no-such-command-xyz', '--flag']);
    expect(run.line).toBe('loupe: command not found: loupe-no-such-command-xyz');
  });

  it('server exited mid-listing: exit code and last stderr line', async () => {
    const run = await failing(['list', ...fault('--crash-after-page', '1', '--exit-code', '3')]);
    expect(run.line).toMatch(/^loupe: server exited[ :]/);
    expect(run.line).toContain('3');
    expect(run.line).toContain('fault server: crashing while serving page 2 of tools/list');
    expect(run.stdout).toMatch(/^5 tools · 1 page · INCOMPLETE \(server-exited\)/m);
  });

  it('method not found, with the likely causes', async () => {
    const run = await failing(['list', ...fault('--no-tools')]);
    expect(run.line).toMatch(/^loupe: method not found: /);
    expect(run.advice).toContain(
      'likely cause: The request was sent before initialization, to the wrong endpoint, or to a server without that capability',
    );
  });

  it('a JSON-RPC error on page 2 keeps page 1 and names the page', async () => {
    const run = await failing(['list', ...fault('--error-on-page', '2')]);
    expect(run.line).toMatch(/^loupe: rpc-error: .*\(-32603\)/);
    expect(run.stdout).toMatch(/^5 tools · 1 page · INCOMPLETE \(rpc-error\)/m);
  });

  it('lint on spec-violating tools exits 1 and names the codes', async () => {
    const run = await failing(['lint', ...fault('--violations', '--no-control')]);
    expect(run.line).toMatch(/^loupe: lint found \d+ errors$/);
    for (const code of [
      'name-empty',
      'name-too-long',
      'name-charset',
      'name-duplicate',
      'name-case-collision',
      'input-schema-missing',
      'input-schema-not-object',
      'description-missing',
    ]) {
      expect(run.stdout).toContain(code);
    }
  });

  it('no stack trace for a server failure, --debug or not: --debug adds the evidence', async () => {
    const plain = await failing(['list', '--', 'loupe-no-such-command-xyz']);
    expect(plain.stderr).not.toContain('    at ');
    const debug = await runLoupe(['list', '--debug', '--', 'loupe-no-such-command-xyz']);
    expect(debug.code).toBe(1);
    expect(debug.stderr.split('\n')[0]).toMatch(/^loupe: command not found: /);
    expect(debug.stderr).not.toContain('    at ');
    expect(debug.stderr).not.toContain('LoupeError');
  });
});

describe('loupe stays calm with a noisy server', { timeout: 60_000 }, () => {
  it('garbage lines on stdout do not stop the listing', async () => {
    const run = await runLoupe(['list', ...fault('--garbage')]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('12 tools · 3 pages');
  });

  it('terminal control sequences in server text are printed inert, as escapes', async () => {
    const server = fileURLToPath(new URL('fixtures/escapeServer.mjs', import.meta.url));
    for (const extra of [[], ['--json']]) {
      const run = await runLoupe(['list', ...extra, '--', process.execPath, server]);
      expect(run.code, run.stderr).toBe(0);
      // eslint-disable-next-line no-control-regex
      expect(run.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    }
    const table = await runLoupe(['list', '--', process.execPath, server]);
    expect(table.stdout).toContain(
      'clear\\u001b[2Jscreen  \\u001b[31mred title\\u001b[0m  overwrite\\u000dthis line\\u0007 and ring',
    );
  });
});
