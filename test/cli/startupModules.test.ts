// What a `loupe` run loads, by command: a run loads what its command prints and nothing more (issue 44). Before, every
// `loupe list` loaded Ajv (80-odd modules), both tokenizers (3.5 MB of rank tables, most of the run's memory) and
// node:https/zlib, and every `loupe call` Ajv and the lint and security modules, before the first request was sent.
// The CLI runs with test/helpers/moduleTrace.mjs preloaded, which records every module, CommonJS file and Node
// built-in the CLI process loaded (the demo server it starts is not traced). No clock: what is loaded, by name.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, runLoupe, startLoupe } from './loupe.js';

beforeAll(requireBuild);

const preload = fileURLToPath(new URL('../helpers/moduleTrace.mjs', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'loupe-modules-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

interface Loaded {
  /** Packages from node_modules, by name (ESM or CommonJS). */
  packages: Set<string>;
  builtins: Set<string>;
  /** Files of the CLI's own code (the bundle's chunks, or out/node when run unbundled). */
  own: string[];
}

let runs = 0;
function traceFile(): string {
  runs += 1;
  return join(directory, `trace-${runs}.jsonl`);
}

async function loaded(args: string[]): Promise<Loaded & { stdout: string }> {
  const trace = traceFile();
  const run = await runLoupe(args, {
    env: { NODE_OPTIONS: `--import=${preload}`, LOUPE_MODULE_TRACE: trace },
    timeoutMs: 45_000,
  });
  expect(run.code, run.stderr).toBe(0);
  return { ...read(trace), stdout: run.stdout };
}

function read(trace: string): Loaded {
  const entries = readFileSync(trace, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { esm?: string; cjs?: string; builtin?: string; error?: string });
  expect(entries.filter((entry) => entry.error)).toEqual([]);
  const packages = new Set<string>();
  const own: string[] = [];
  for (const entry of entries) {
    const path = entry.esm ?? entry.cjs;
    if (path === undefined) continue;
    const name = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(path)?.[1];
    if (name) packages.add(name.replace('\\', '/'));
    else if (/[\\/]out[\\/]node[\\/]/.test(path)) own.push(path);
  }
  const builtins = new Set(entries.flatMap((entry) => (entry.builtin ? [entry.builtin] : [])));
  return { packages, builtins, own };
}

/** Built-ins only an HTTP session, TLS or a compressed body needs. */
const httpBuiltins = ['http', 'https', 'tls', 'zlib', 'http2'];

describe('what a loupe run loads', { timeout: 120_000 }, () => {
  it('list (the table) of a stdio server: no package at all, no HTTP or TLS, and the CLI as a few bundled files', async () => {
    const run = await loaded(['list', '--demo']);
    expect(run.stdout).toMatch(/^163 tools · 5 pages$/m);
    expect([...run.packages]).toEqual([]);
    expect(httpBuiltins.filter((name) => run.builtins.has(name))).toEqual([]);
    // The bundle (scripts/bundleCli.mjs), not the ~250 modules of out/node one by one.
    expect(run.own.every((path) => /[\\/]out[\\/]node[\\/]bundle[\\/]/.test(path))).toBe(true);
    expect(run.own.length).toBeLessThan(40);
  });

  it('list --json: lint loads Ajv after the items; the tokenizers stay out', async () => {
    const run = await loaded(['list', '--json', '--demo']);
    expect(JSON.parse(run.stdout)).toMatchObject({ complete: true, findings: expect.any(Array) as unknown });
    expect(run.packages.has('ajv')).toBe(true);
    expect(run.packages.has('gpt-tokenizer')).toBe(false);
  });

  it('list --costs: the tokenizers load because the cost line is printed', async () => {
    const run = await loaded(['list', '--costs', '--demo']);
    expect(run.stdout).toMatch(/^Context cost: [\d,]+ tokens \(o200k\)/m);
    expect(run.packages.has('gpt-tokenizer')).toBe(true);
    expect(run.packages.has('ajv')).toBe(false);
  });

  it('call of a tool without an outputSchema: no Ajv, no lint; one with an outputSchema loads Ajv to validate it', async () => {
    const plain = await loaded(['call', 'echo', '--args', '{"message":"hi"}', '--demo']);
    expect(plain.stdout).toContain('hi');
    expect([...plain.packages]).toEqual([]);
    expect(httpBuiltins.filter((name) => plain.builtins.has(name))).toEqual([]);

    const structured = await loaded(['call', 'get_weather_report', '--args', '{"city":"Utrecht"}', '--demo']);
    expect(JSON.parse(structured.stdout)).toMatchObject({ city: 'Utrecht' });
    expect(structured.packages.has('ajv')).toBe(true);
    expect(structured.packages.has('gpt-tokenizer')).toBe(false);
  });

  it('--version loads none of the engine', async () => {
    const run = await loaded(['--version']);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect([...run.packages]).toEqual([]);
    expect(['child_process', ...httpBuiltins].filter((name) => run.builtins.has(name))).toEqual([]);
  });

  it('web: the host starts without the engines its views load when shown (conformance, collections, skills)', async () => {
    const trace = traceFile();
    const web = startLoupe(['web', '--port', '0'], {
      env: { NODE_OPTIONS: `--import=${preload}`, LOUPE_MODULE_TRACE: trace, XDG_RUNTIME_DIR: directory },
    });
    try {
      await web.waitForLine((line) => line.startsWith('Loupe is at '), 45_000);
    } finally {
      expect(await web.stop()).toBe(0);
    }
    const run = read(trace);
    // Before: the SDK's server and stdio client (conformance bridges), zod, YAML (requirements, skill frontmatter)
    // and Ajv (the collection schema, compiled at load) were all loaded before the URL was printed.
    const engines = ['@modelcontextprotocol/sdk', 'zod', 'yaml', 'ajv', 'gpt-tokenizer'];
    expect(engines.filter((name) => run.packages.has(name))).toEqual([]);
    expect(run.packages.has('ws')).toBe(true);
  });
});
