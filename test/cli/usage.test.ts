import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loupeBin, requireBuild, runLoupe } from './loupe.js';

beforeAll(requireBuild);

describe('loupe usage errors exit 2 with one line naming the problem', { timeout: 60_000 }, () => {
  const cases: [string, string[], RegExp][] = [
    ['no command', ['--demo'], /^loupe: usage: No command given/],
    ['an unknown command', ['frobnicate', '--demo'], /^loupe: usage: Unknown command "frobnicate"/],
    ['an unknown option', ['list', '--demo', '--colour'], /^loupe: usage: Unknown option --colour/],
    ['no target', ['list'], /^loupe: usage: list needs a target: --demo, --url <url>, or -- <command>/],
    ['two targets', ['list', '--demo', '--url', 'http://127.0.0.1:1/mcp'], /^loupe: usage: Give one target/],
    ['a bad --kind', ['list', '--demo', '--kind', 'widgets'], /^loupe: usage: --kind is one of tools, resources, templates, prompts, skills; got "widgets"/],
    ['--args that is not JSON', ['call', 'echo', '--demo', '--args', '{nope'], /^loupe: usage: --args is not JSON/],
    ['--args that is not an object', ['call', 'echo', '--demo', '--args', '[1,2]'], /^loupe: usage: --args must be a JSON object/],
    ['call without a tool', ['call', '--demo'], /^loupe: usage: call needs a tool name/],
    ['snapshot without --out', ['snapshot', '--demo'], /^loupe: usage: snapshot needs --out <file>/],
    ['a bad --timeout', ['list', '--demo', '--timeout', '2s'], /^loupe: usage: --timeout wants a positive whole number, got "2s"/],
    ['a bad --transport', ['list', '--url', 'http://127.0.0.1:1/mcp', '--transport', 'ftp'], /^loupe: usage: --transport is http, sse or auto, not "ftp"/],
    ['a malformed --header', ['list', '--url', 'http://127.0.0.1:1/mcp', '--header', 'NoColon'], /^loupe: usage: --header wants "Name: value"/],
    ['a URL that is not one', ['list', '--url', 'not a url'], /^loupe: usage: "not a url" is not a URL/],
    ['an empty command after --', ['list', '--'], /^loupe: usage: After -- give the server command/],
    ['conform without a target', ['conform'], /^loupe: usage: conform needs a target: --demo, --url <url>/],
    ['--scenario without conform', ['list', '--demo', '--scenario', 'ping'], /^loupe: usage: --scenario, --all and --spec-version go with conform/],
    ['conform --all with --scenario', ['conform', '--all', '--scenario', 'ping', '--url', 'http://127.0.0.1:9/mcp'], /^loupe: usage: conform takes --all or --scenario names, not both/],
  ];
  it.each(cases)('%s', async (_name, args, expected) => {
    const run = await runLoupe(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(expected);
  });

  it('suggests the closest command by edit distance, and none when nothing is close', async () => {
    const commands = 'list, call, lint, snapshot, watch, web, diff, board, auth, scan, test, replay, tap, trace, skills, conform, read, prompt, help, version';
    const suggested: [string, string][] = [
      ['lsit', 'list'],
      ['lnit', 'lint'],
      ['clal', 'call'],
      ['snap', 'snapshot'],
      ['borad', 'board'],
      ['wathc', 'watch'],
      ['replya', 'replay'],
      ['tapp', 'tap'],
    ];
    for (const [typed, meant] of suggested) {
      const run = await runLoupe([typed, '--demo']);
      expect(run.code, typed).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`loupe: usage: Unknown command "${typed}". Did you mean "${meant}"? Commands: ${commands}\n`);
    }
    const far = await runLoupe(['frobnicate', '--demo']);
    expect(far.stderr).toBe(`loupe: usage: Unknown command "frobnicate". Commands: ${commands}\n`);
  });

  it('prints the overview on no arguments (to stderr, exit 2) and on --help (stdout, exit 0)', async () => {
    const bare = await runLoupe([]);
    expect(bare.code).toBe(2);
    expect(bare.stdout).toBe('');
    expect(bare.stderr).toContain('Usage: loupe <command> [options] <target>');
    const help = await runLoupe(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe(bare.stderr);
    expect(help.stdout).toContain('  snapshot  write a dated loupe.snapshot/1 file');
    expect(help.stdout).toContain('Exit codes: 0 ok, 1 failure');
  });

  it('prints the version from package.json', async () => {
    const run = await runLoupe(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('says in one line to build first when out/node is missing', () => {
    const root = mkdtempSync(join(tmpdir(), 'loupe-unbuilt-'));
    try {
      mkdirSync(join(root, 'bin'));
      copyFileSync(loupeBin, join(root, 'bin', 'loupe.js'));
      const run = spawnSync(process.execPath, [join(root, 'bin', 'loupe.js'), 'list', '--demo'], { encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stderr).toBe('loupe: not built yet: run `npm run build` (or `npm run build:node`) first\n');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
