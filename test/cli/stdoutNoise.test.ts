/**
 * A stdio server that writes non-JSON lines on stdout (test/servers/fault.mjs --garbage, --stdout-line): the
 * listing still works, `list` warns on stderr (count, first lines quoted, inert) and `lint` reports a
 * `stdout-not-json` finding; `--json` carries it. Before, both were silent while the frames were recorded invalid.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { serverCommand } from '../helpers/servers.js';
import { requireBuild, runLoupe } from './loupe.js';

beforeAll(requireBuild);

const noisy = [
  '--',
  ...serverCommand('fault', ['--garbage', '--stdout-line', 'Weather \\e[31mv1\\u202e ready']),
];
const warning =
  'loupe: warning: The server wrote 9 lines on stdout that are not JSON-RPC: “Weather \\u001b[31mv1\\u202e ready”, “this line is not JSON (at start)”, “{"jsonrpc":"2.0","neither":"a request nor a response"}” and 6 more. Over stdio, stdout carries only JSON-RPC messages, one a line; clients may fail on anything else. Log to stderr instead.';

interface Finding {
  code: string;
  severity: string;
  message: string;
}

describe('a stdio server that prints non-JSON lines on stdout', { timeout: 60_000 }, () => {
  it('list: the table as usual, and one warning on stderr with the count and the first lines, inert', async () => {
    const run = await runLoupe(['list', ...noisy]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('12 tools · 3 pages');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(warning);
    // eslint-disable-next-line no-control-regex
    expect(run.stderr).not.toMatch(/[\u001b\u202e]/);
    expect(lines).toHaveLength(2);
  });

  it('lint: a stdout-not-json warning finding (not an error: exit 0)', async () => {
    const run = await runLoupe(['lint', ...noisy]);
    expect(run.code, run.stderr).toBe(0);
    const row = run.stdout.split('\n').find((line) => line.includes('stdout-not-json'));
    // Severity, code, the tool column ("-": the session, not a tool), then the message as printed by list.
    expect(row?.replace(/ +- +/, ' | ')).toBe(
      `warning  stdout-not-json | ${warning.slice('loupe: warning: '.length)}`,
    );
    expect(run.stdout).toMatch(/^0 errors, 1 warning, \d+ info$/m);
  });

  it('--json: list and lint carry the finding with its code and the raw lines JSON-escaped', async () => {
    for (const command of ['list', 'lint']) {
      const run = await runLoupe([command, '--json', ...noisy]);
      expect(run.code, run.stderr).toBe(0);
      const document = JSON.parse(run.stdout) as { findings: Finding[] };
      const found = document.findings.filter((finding) => finding.code === 'stdout-not-json');
      expect(found, command).toHaveLength(1);
      expect(found[0]?.severity).toBe('warning');
      expect(found[0]?.message).toContain('“Weather \u001b[31mv1\u202e ready”');
      expect(run.stdout).toContain('Weather \\u001b[31mv1\\u202e ready');
    }
  });
});
