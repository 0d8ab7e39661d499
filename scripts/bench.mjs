#!/usr/bin/env node
// `npm run bench [-- --quick] [-- --only listing,processes,recording,memory,renderer,tap,collection]`: Loupe side by side with the
// bare SDK and the raw JSON-RPC floor, its recorder's overhead, its renderer at scale and its core's memory.
// Builds the engine (and the renderer) first when stale, runs each section in its own process with
// --expose-gc, and writes bench/results.json and bench/results.md. Not part of `npm test`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderMarkdown } from '../bench/lib/report.mjs';
import { findChromium } from './chromiumPath.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyIndex = args.indexOf('--only');
const sections = onlyIndex >= 0 ? args[onlyIndex + 1].split(',') : ['listing', 'processes', 'recording', 'memory', 'renderer', 'uiScale', 'tap', 'collection', 'replay'];
const started = Date.now();

function newest(directory) {
  let latest = 0;
  if (!existsSync(directory)) return latest;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path));
    else if (/\.(ts|tsx|css|html)$/.test(entry.name) && !entry.name.includes('.test.')) latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}
const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

function build(label, script, stale) {
  if (!stale) return;
  process.stderr.write(`building ${label} (npm run ${script})…\n`);
  const child = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (child.status !== 0) process.stderr.write(`  ${script} exited ${child.status}; measuring whatever it emitted\n`);
}

const engineSources = Math.max(...['shared', 'core', 'host', 'cli', 'demo'].map((dir) => newest(join(root, 'src', dir))));
build('the engine', 'build:node', engineSources > mtime(join(root, 'out', 'node', '.tsbuildinfo')) || !existsSync(join(root, 'out', 'node', 'core')));
if (sections.includes('renderer') || sections.includes('uiScale')) {
  const rendererSources = Math.max(newest(join(root, 'src', 'renderer')), newest(join(root, 'src', 'shared')));
  build('the renderer', 'build:app', rendererSources > mtime(join(root, 'out', 'renderer', 'index.html')));
}

function chromiumVersion() {
  const path = findChromium().path;
  if (!path) return undefined;
  try {
    const text = execFileSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] });
    return /\d+(\.\d+)+/.exec(text)?.[0];
  } catch {
    return undefined;
  }
}

const tmp = join(root, 'bench', 'tmp');
mkdirSync(tmp, { recursive: true });
const results = {
  date: new Date().toISOString(),
  quick,
  machine: {
    cores: cpus().length,
    cpu: cpus()[0]?.model,
    memoryGB: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverageAtStart: loadavg().map((value) => Math.round(value * 100) / 100),
    sdk: JSON.parse(readFileSync(join(root, 'node_modules', '@modelcontextprotocol', 'sdk', 'package.json'), 'utf8')).version,
  },
  sections: {},
};
for (const section of sections) {
  process.stderr.write(`${section}${quick ? ' (quick)' : ''}…\n`);
  const out = join(tmp, `${section}.json`);
  rmSync(out, { force: true });
  const sectionStarted = Date.now();
  const loadAtStart = loadavg().map((value) => Math.round(value * 100) / 100);
  spawnSync(process.execPath, ['--expose-gc', join(root, 'bench', 'runSection.mjs'), section, ...(quick ? ['--quick'] : []), '--out', out], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  results.sections[section] = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : { error: 'the section wrote no result (crashed)' };
  results.sections[section].seconds = Math.round((Date.now() - sectionStarted) / 100) / 10;
  // The machine is shared: each section says what the load was while it ran (1, 5 and 15 minute averages).
  results.sections[section].loadAverage = { atStart: loadAtStart, atEnd: loadavg().map((value) => Math.round(value * 100) / 100) };
}
results.machine.chromium = results.sections.renderer?.chromium ?? chromiumVersion();
results.machine.loadAverageAtEnd = loadavg().map((value) => Math.round(value * 100) / 100);
results.seconds = Math.round((Date.now() - started) / 100) / 10;

// A partial run (--only) never overwrites the full results.
const base = onlyIndex >= 0 ? join(tmp, 'results-only') : join(root, 'bench', 'results');
writeFileSync(`${base}.json`, `${JSON.stringify(results, null, 2)}\n`);
const markdown = renderMarkdown(results);
writeFileSync(`${base}.md`, markdown);
process.stderr.write(`wrote ${base}.json and ${base}.md\n`);
process.stdout.write(markdown);
