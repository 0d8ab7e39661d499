// `loupe help <command>`, `loupe <command> --help` and `-h` print that command's help alone (its usage line, its
// options with their defaults, examples, the guide), `loupe help` the overview; the built CLI, run as a person runs it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, runLoupe } from './loupe.js';

beforeAll(requireBuild);

const scratch = mkdtempSync(join(tmpdir(), 'loupe-help-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A run that printed help: exit 0, the text on stdout, nothing on stderr. */
async function help(args: string[]): Promise<string> {
  const run = await runLoupe(args);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return run.stdout;
}

describe('per-command help', { timeout: 60_000 }, () => {
  it('list: help list, list --help and list -h print the same, with its usage and options and no other command’s', async () => {
    const text = await help(['help', 'list']);
    expect(await help(['list', '--help'])).toBe(text);
    expect(await help(['list', '-h'])).toBe(text);
    const lines = text.split('\n');
    expect(lines[0]).toBe(
      'loupe list — every tool (or resource, template, prompt, skill), all pages followed to the end',
    );
    expect(lines).toContain(
      '  loupe list [--kind tools|resources|templates|prompts|skills] [--costs] [--json] <target>',
    );
    expect(lines).toContain('  loupe list --config <file>');
    expect(text).toMatch(/^ {2}--kind <kind> +tools, resources, templates, prompts or skills/m);
    expect(text).toContain('(default: tools)');
    expect(text).toContain('--page-limit <n> (64)');
    expect(text).toContain('  loupe list --demo\n');
    expect(text.trimEnd().split('\n').at(-1)).toBe('Guide: docs/inspect.md');
    for (const other of [
      '--fail-on',
      '--scenario',
      '--grep',
      '--sarif',
      '--fault',
      '--on-miss',
      'loupe call',
    ])
      expect(text, other).not.toContain(other);
  });

  it('diff and conform: their own options, not each other’s', async () => {
    const diff = await help(['diff', '--help']);
    expect(diff.split('\n')).toContain(
      '  loupe diff [--fail-on breaking|drift|any] [--json] <old.json> <new.json>',
    );
    expect(diff).toMatch(
      /^ {2}--fail-on <level> +what makes the exit code 1: breaking, drift \(drift or breaking\)/m,
    );
    expect(diff).toContain('(default: breaking)');
    expect(diff).not.toContain('--scenario');
    expect(diff).not.toContain('--kind');
    const conform = await help(['help', 'conform']);
    expect(conform).toMatch(/^ {2}--scenario <name> +run this scenario \(repeatable\)$/m);
    expect(conform).toContain('Guide: docs/conformance.md');
    expect(conform).not.toContain('--fail-on');
    expect(conform).not.toContain('Sign-in');
  });

  it('a command named after target flags still gets its own help', async () => {
    const text = await help(['--url', 'http://127.0.0.1:9/mcp', 'call', '--help']);
    expect(text.split('\n')[0]).toBe(
      'loupe call — call a tool: its result alone on stdout, the rest on stderr; exit 1 on isError',
    );
    expect(text).toContain("  loupe call <tool> [--args '<json>'] [--task] [--json] <target>");
  });

  it('an option group has help of its own', async () => {
    const text = await help(['help', 'sign-in']);
    expect(text.split('\n')[0]).toBe('Sign-in — loupe help sign-in');
    expect(text).toMatch(/^ {2}--grant <grant> +auto, code, client-credentials, jwt-bearer or enterprise/m);
    expect(text).toContain('Guide: docs/sign-in.md');
  });

  it('the overview lists every command in one line and says where more is', async () => {
    const text = await help(['help']);
    expect(await help(['--help'])).toBe(text);
    const lines = text.split('\n');
    expect(lines).toContain(
      '  list      every tool (or resource, template, prompt, skill), all pages followed to the end',
    );
    expect(lines).toContain('  tap       stand between a host and a server and record every frame both ways');
    expect(lines).toContain(
      "  conform   the official conformance suite's server scenarios, each check with its frames",
    );
    expect(text).toContain('loupe help <command> for more');
    expect(text).not.toContain('--kind <kind>');
    expect(text).not.toContain('--fail-on');
  });

  it('an unknown word after help, or before --help, suggests the closest one (exit 2)', async () => {
    for (const args of [
      ['help', 'lsit'],
      ['lsit', '--help'],
    ]) {
      const run = await runLoupe(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(
        /^loupe: usage: No help for "lsit"\. Did you mean "list"\? Help for: list, call, read, /,
      );
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
  });
});

describe('tap --help', { timeout: 60_000 }, () => {
  it('prints tap’s help, its flags and none of the other commands’', async () => {
    const text = await help(['tap', '--help']);
    expect(await help(['tap', '-h'])).toBe(text);
    expect(await help(['help', 'tap'])).toBe(text);
    expect(text.split('\n')).toContain(
      '  loupe tap [--journal <file>] [--fault <rule>]… [--max-frame-bytes <n>] -- <command> [args…]',
    );
    expect(text).toMatch(/^ {2}--fault '<selectors>:<action>' +misbehave on purpose/m);
    expect(text).not.toContain('--kind');
    expect(text).not.toContain('Sign-in');
  });

  it('passes a --help after the server command on to the server, as a host’s entry needs', async () => {
    const server = join(scratch, 'arguments.mjs');
    writeFileSync(
      server,
      'process.stderr.write(`server got ${JSON.stringify(process.argv.slice(2))}\\n`);\n',
    );
    const env = { LOUPE_RUNTIME_DIR: join(scratch, 'run'), LOUPE_DATA_DIR: join(scratch, 'data') };
    for (const args of [
      ['tap', '--journal', join(scratch, 'a.jsonl'), '--', process.execPath, server, '--help'],
      ['tap', '--journal', join(scratch, 'b.jsonl'), process.execPath, server, '-h'],
    ]) {
      const run = await runLoupe(args, { env });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`server got ["${args.at(-1) ?? ''}"]`);
      expect(run.stderr).not.toContain('loupe tap —');
    }
  });
});
