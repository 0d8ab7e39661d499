#!/usr/bin/env node
// `npm run bench [-- --quick] [-- --only startup,processes,listing,recording,memory,renderer,uiScale,tap,collection,replay]`:
// Loupe side by side with the bare SDK and the raw JSON-RPC floor, its start-up, its recorder's overhead, its renderer
// at scale and its core's memory. Builds the engine (and the renderer) first when stale, runs each section in its own
// process with --expose-gc. Every run writes one result file, bench/results/<UTC time>[-quick].json: the machine, the
// commit (and whether the tree had uncommitted changes), the load average at the start and end of the run and of each
// section, and every figure with its runs. docs/benchmarks.md's and bench/README's figures are rendered from the committed
// result files (npm run bench:figures; a test fails when they are stale). Not part of `npm test`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderMarkdown } from '../bench/lib/report.mjs';
import { resultFileName } from './benchFigures.mjs';
import { findChromium } from './chromiumPath.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyIndex = args.indexOf('--only');
const allSections = ['startup', 'processes', 'listing', 'recording', 'memory', 'renderer', 'uiScale', 'tap', 'collection', 'replay'];
const sections = onlyIndex >= 0 ? args[onlyIndex + 1].split(',') : allSections;
const unknown = sections.filter((section) => !allSections.includes(section));
if (unknown.length > 0) {
  process.stderr.write(`unknown section ${unknown.join(', ')}: the sections are ${allSections.join(', ')}\n`);
  process.exit(2);
}
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

const engineSources = Math.max(
  ...['shared', 'core', 'host', 'cli', 'demo'].map((dir) => newest(join(root, 'src', dir))),
  mtime(join(root, 'scripts', 'bundleCli.mjs')),
);
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

/** The commit measured, and whether tracked files differed from it (the figures are then of that tree, not the commit). */
function commitOf() {
  const git = (...gitArgs) => execFileSync('git', gitArgs, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const changed = git('status', '--porcelain', '--untracked-files=no');
    return { commit: git('rev-parse', 'HEAD'), dirty: changed !== '', ...(changed ? { changedFiles: changed.split('\n').map((line) => line.slice(3)) } : {}) };
  } catch {
    return { commit: null, dirty: true };
  }
}

const tmp = join(root, 'bench', 'tmp');
mkdirSync(tmp, { recursive: true });
const results = {
  date: new Date().toISOString(),
  ...commitOf(),
  quick,
  sectionsRun: sections,
  ...(process.env.BENCH_BASELINE ? { baseline: process.env.BENCH_BASELINE } : {}),
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

// Every run keeps its own file: commit the ones the docs should quote, then npm run bench:figures.
const resultsDir = join(root, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, resultFileName(results));
results.file = `bench/results/${resultFileName(results)}`;
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
const markdown = renderMarkdown(results);
const readable = join(tmp, resultFileName(results).replace(/\.json$/, '.md'));
writeFileSync(readable, markdown);
process.stderr.write(`wrote ${results.file} (and ${readable.slice(root.length + 1)} to read)\n`);
process.stdout.write(markdown);
