#!/usr/bin/env node
// Where a CLI run's start-up goes: `node startupTimeline.mjs [--runs N] [--cpu-prof] -- <loupe arguments…>`, e.g.
//   node bench/investigations/startupTimeline.mjs --runs 5 -- list -- node bench/servers/manyTools.mjs --tools 10
// Runs bin/loupe.js N times with startupTrace.mjs preloaded and prints: the modules loaded (count and bytes, by
// package or by out/ folder: the same in every run), and the median time of each milestone (main module loaded,
// server spawned, first request written, first answer, first byte on stdout, exit). With --cpu-prof, one more
// run under the V8 profiler, its samples summed by what they were doing (compiling and evaluating modules, reading
// files, the command's own work, idle) and by the package their code came from.
// --until <text>: for a command that keeps running (`web`), each run ends once stdout shows that text, e.g.
//   node bench/investigations/startupTimeline.mjs --until 'Loupe is at' -- web --port 0
// The preload's hooks cost time themselves: read the milestones as where the time goes, not as the bench's figure.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarizeProfile } from './startupProfile.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const argv = process.argv.slice(2);
const split = argv.indexOf('--');
const own = split >= 0 ? argv.slice(0, split) : argv;
const command =
  split >= 0
    ? argv.slice(split + 1)
    : ['list', '--', process.execPath, 'bench/servers/manyTools.mjs', '--tools', '10'];
const runs = Number(own[own.indexOf('--runs') + 1] ?? 5) || 5;
const profile = own.includes('--cpu-prof');
const until = own.includes('--until') ? own[own.indexOf('--until') + 1] : undefined;
const entry = own.includes('--entry') ? own[own.indexOf('--entry') + 1] : join(root, 'bin', 'loupe.js');
const dir = mkdtempSync(join(tmpdir(), 'loupe-startup-'));

/** Which package (node_modules/<name>), out/ folder or node built-in a module URL belongs to. */
export function packageOf(url) {
  if (url.startsWith('node:')) return 'node built-ins';
  const modules = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (modules) return modules[1];
  const out = /\/out\/([^/]+\/(?:[^/]+\/)?)/.exec(url);
  if (out) return `out/${out[1]}`;
  const bin = /\/(bin|bench)\//.exec(url);
  return bin ? bin[1] : url;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)];
};

/** Runs node with these arguments to exit, or with --until until stdout shows that text (then stops it). */
function runTraced(args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
      // A moment after, so the command has set its signal handlers and ends normally (the profile is written).
      if (until !== undefined && stdout.includes(until)) setTimeout(() => child.kill('SIGTERM'), 300);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.once('close', (status) =>
      resolve({ status: until !== undefined && stdout.includes(until) ? 0 : status, stderr }),
    );
  });
}

const milestones = new Map();
let modules;
for (let run = 0; run < runs; run += 1) {
  const trace = join(dir, `trace-${run}.jsonl`);
  const child = await runTraced(
    ['--import', join(root, 'bench', 'investigations', 'startupTrace.mjs'), entry, ...command],
    { ...process.env, STARTUP_TRACE_OUT: trace },
  );
  if (child.status !== 0)
    throw new Error(`run ${run + 1} exited ${child.status}: ${child.stderr.slice(-400)}`);
  const events = readFileSync(trace, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const seen = new Map();
  let mainLoaded;
  for (const event of events) {
    if (event.event === 'module') {
      if (!seen.has(event.url)) seen.set(event.url, event);
      if (/\/(cli\/main|bundle\/loupe)\.m?js$/.test(event.url)) mainLoaded ??= event.at;
      continue;
    }
    if (!milestones.has(event.event)) milestones.set(event.event, []);
    milestones.get(event.event).push(event.at);
  }
  if (mainLoaded !== undefined) {
    if (!milestones.has('CLI entry module loaded')) milestones.set('CLI entry module loaded', []);
    milestones.get('CLI entry module loaded').push(mainLoaded);
  }
  const lastModule = Math.max(...[...seen.values()].map((event) => event.at));
  if (!milestones.has('last module loaded')) milestones.set('last module loaded', []);
  milestones.get('last module loaded').push(lastModule);
  modules ??= [...seen.values()];
}

const byPackage = new Map();
for (const module of modules) {
  const name = packageOf(module.url);
  const entryOf = byPackage.get(name) ?? { count: 0, bytes: 0 };
  entryOf.count += 1;
  entryOf.bytes += module.bytes;
  byPackage.set(name, entryOf);
}
const total = modules.reduce((sum, module) => sum + module.bytes, 0);
console.log(`loupe ${command.join(' ')}`);
console.log(`${modules.length} modules, ${(total / 1024).toFixed(0)} KiB of source`);
for (const [name, { count, bytes }] of [...byPackage].sort((a, b) => b[1].bytes - a[1].bytes)) {
  console.log(`  ${String(count).padStart(4)} modules ${(bytes / 1024).toFixed(0).padStart(6)} KiB  ${name}`);
}
console.log(`\nmilestones, ms since the process started (median of ${runs} runs)`);
const order = [
  'preload',
  'CLI entry module loaded',
  'spawn',
  'first request written',
  'first byte from the server',
  'last module loaded',
  'first byte on stdout',
  'exit',
];
for (const name of [...order, ...[...milestones.keys()].filter((key) => !order.includes(key))]) {
  const values = milestones.get(name);
  if (values)
    console.log(
      `  ${median(values).toFixed(0).padStart(6)} ms  ${name} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`,
    );
}

if (profile) {
  const profileDir = join(dir, 'profile');
  await runTraced(
    ['--cpu-prof', '--cpu-prof-interval', '250', '--cpu-prof-dir', profileDir, entry, ...command],
    process.env,
  );
  const [file] = readdirSync(profileDir);
  console.log(`\nCPU profile (one run, 250 µs samples)`);
  for (const line of summarizeProfile(JSON.parse(readFileSync(join(profileDir, file), 'utf8')), packageOf))
    console.log(line);
}
rmSync(dir, { recursive: true, force: true });
