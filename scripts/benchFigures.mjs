#!/usr/bin/env node
// `npm run bench:figures [-- --check] [-- --root <dir>]`: the benchmark figures of docs/benchmarks.md and
// bench/README.md, rendered from the result files in bench/results/ (one per `npm run bench` run), never typed by hand.
// Each marked block, <!-- bench:NAME --> … <!-- /bench:NAME -->, is rewritten; the rest of each file is left as it is,
// and the file is formatted as the repository formats Markdown (prettier). --check rewrites nothing: it exits 1 naming
// each block that differs from what the result files give (test/bench/benchFigures.test.ts runs it).
//
// Which run is quoted: for each section, the newest run (by its date) that has the section without an error, leaving
// out quick runs and runs with BENCH_BASELINE (an A/B of another build). So a run is quoted once its file is in
// bench/results/: commit the file with the docs it changes, and delete a run's file rather than quote it.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { numberText, sectionMarkdown, verdictOf } from '../bench/lib/report.mjs';

/** bench/results/<UTC time>[-quick].json: sortable, one per run. */
export function resultFileName(results) {
  const stamp = results.date.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  return `${stamp}${results.quick ? '-quick' : ''}.json`;
}

/** The order sections are quoted in: issue 44's goals first. */
const sectionOrder = [
  'startup',
  'processes',
  'uiScale',
  'collection',
  'listing',
  'recording',
  'memory',
  'renderer',
  'tap',
  'replay',
];

export function loadResults(root) {
  const directory = join(root, 'bench', 'results');
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({
      file: `bench/results/${name}`,
      results: JSON.parse(readFileSync(join(directory, name), 'utf8')),
    }))
    .sort((left, right) => left.results.date.localeCompare(right.results.date));
}

/** For each section, the newest quotable run that has it: { name, file, results, section }. */
export function quotedSections(runs) {
  const quoted = [];
  for (const name of sectionOrder) {
    const newest = runs
      .filter(({ results }) => !results.quick && !results.baseline)
      .filter(({ results }) => results.sections?.[name] && !results.sections[name].error)
      .at(-1);
    if (newest)
      quoted.push({
        name,
        file: newest.file,
        results: newest.results,
        section: newest.results.sections[name],
      });
  }
  return quoted;
}

const day = (iso) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const loadText = (load) => (load ? `${load.atStart?.[0] ?? '—'} → ${load.atEnd?.[0] ?? '—'}` : '—');
const commitText = (results) =>
  `${(results.commit ?? 'unknown').slice(0, 7)}${results.dirty ? ' (uncommitted changes)' : ''}`;

/** Whether the machine was busy while the section ran: a 1-minute load average above its cores at either end. */
function busy(results, section) {
  const cores = results.machine?.cores ?? 1;
  return [section.loadAverage?.atStart?.[0], section.loadAverage?.atEnd?.[0]].some((load) => load > cores);
}

/** The goals table; links relative to the file it goes in (docs/benchmarks.md, or bench/README.md). */
function goalsBlock(quoted, link = (file) => file) {
  const lines = [
    '| goal | measured | verdict | run (load: 1-minute average at the section’s start → end) |',
    '| --- | --- | --- | --- |',
  ];
  for (const entry of quoted) {
    const { checks } = sectionMarkdown(entry.name, entry.section);
    const loaded = busy(entry.results, entry.section);
    for (const [label, value, limit] of checks) {
      const verdict =
        loaded && value !== undefined && value !== null && limit !== null
          ? `${verdictOf(value, limit)}, on a busy machine`
          : verdictOf(value, limit);
      const run = `[${day(entry.results.date)}](${link(entry.file)}), ${commitText(entry.results)}, load ${loadText(entry.section.loadAverage)} on ${entry.results.machine?.cores ?? '?'} cores`;
      lines.push(`| ${label} | ${numberText(value, 2)} | ${verdict} | ${run} |`);
    }
  }
  const missing = sectionOrder.filter((name) => !quoted.some((entry) => entry.name === name));
  if (missing.length > 0)
    lines.push(
      '',
      `Not measured by any result file yet: ${missing.join(', ')} (\`npm run bench -- --only ${missing.join(',')}\`).`,
    );
  lines.push(
    '',
    'A verdict “on a busy machine” was measured while the load average was above the number of cores: its ratios come from alternated rounds, but the machine’s other work spreads them; re-run it on a quiet machine before relying on it.',
  );
  return lines;
}

function resultsBlock(quoted) {
  const lines = [];
  for (const entry of quoted) {
    const { results, section } = entry;
    const m = results.machine ?? {};
    const { lines: body } = sectionMarkdown(entry.name, section);
    const [heading, ...rest] = body;
    lines.push(heading.replace(/^## /, '### '), '');
    lines.push(
      `Run: [${entry.file}](${entry.file.replace(/^bench\//, '')}), ${day(results.date)}, commit ${commitText(results)}; ${m.cores} cores (${m.cpu}), Node ${m.node}${m.chromium ? `, Chromium ${m.chromium}` : ''}; load average (1 / 5 / 15 min) ${section.loadAverage?.atStart?.join(' / ') ?? '—'} at the section’s start, ${section.loadAverage?.atEnd?.join(' / ') ?? '—'} at its end${busy(results, section) ? ' (busy: re-run on a quiet machine)' : ''}; ${numberText(section.seconds, 0)} s.`,
    );
    lines.push(...rest.map((line) => line.replace(/^## /, '#### ').replace(/^### /, '#### ')));
  }
  if (lines.length === 0) lines.push('No result file in bench/results/ yet: run `npm run bench`.');
  return lines;
}

/** The blocks each file holds: { path: { name: lines } }. */
function blocksFor(root) {
  const quoted = quotedSections(loadResults(root));
  return {
    'docs/benchmarks.md': { 'bench:goals': goalsBlock(quoted, (file) => `../${file}`) },
    'bench/README.md': {
      'bench:goals': goalsBlock(quoted, (file) => file.replace(/^bench\//, '')),
      'bench:results': resultsBlock(quoted),
    },
  };
}

/** text with each named block's inside replaced; throws when a block's markers are missing. */
export function withBlocks(text, blocks, path) {
  let out = text;
  for (const [name, lines] of Object.entries(blocks)) {
    const open = `<!-- ${name} -->`;
    const close = `<!-- /${name} -->`;
    const start = out.indexOf(open);
    const end = out.indexOf(close);
    if (start < 0 || end < start) throw new Error(`${path}: the markers ${open} … ${close} are missing`);
    const note = `<!-- generated by npm run bench:figures from bench/results/: do not edit -->`;
    out = `${out.slice(0, start + open.length)}\n${note}\n\n${lines.join('\n')}\n\n${out.slice(end)}`;
  }
  return out;
}

async function formatted(text, path) {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(path)) ?? {};
  return prettier.format(text, { ...options, filepath: path });
}

/** [{ path, current, expected }] for each file with generated blocks. */
export async function renderedFiles(root) {
  const files = [];
  for (const [relative, blocks] of Object.entries(blocksFor(root))) {
    const path = join(root, relative);
    const current = readFileSync(path, 'utf8');
    files.push({
      path: relative,
      current,
      expected: await formatted(withBlocks(current, blocks, relative), path),
    });
  }
  return files;
}

/** The names of the blocks that differ between current and expected text. */
function staleBlocks(current, expected) {
  const names = [...expected.matchAll(/<!-- (bench:[a-z]+) -->/g)].map((match) => match[1]);
  const inside = (text, name) =>
    text.slice(text.indexOf(`<!-- ${name} -->`), text.indexOf(`<!-- /${name} -->`));
  const stale = names.filter((name) => inside(current, name) !== inside(expected, name));
  return stale.length > 0 || current === expected ? stale : ['(formatting outside the blocks)'];
}

async function main(argv) {
  const rootIndex = argv.indexOf('--root');
  const root = rootIndex >= 0 ? resolve(argv[rootIndex + 1]) : fileURLToPath(new URL('..', import.meta.url));
  const check = argv.includes('--check');
  let stale = 0;
  for (const file of await renderedFiles(root)) {
    if (file.current === file.expected) continue;
    if (check) {
      stale += 1;
      process.stderr.write(
        `${file.path}: ${staleBlocks(file.current, file.expected).join(', ')} differ from bench/results/: run npm run bench:figures\n`,
      );
    } else {
      writeFileSync(join(root, file.path), file.expected);
      process.stderr.write(`rewrote ${file.path}\n`);
    }
  }
  process.exitCode = stale > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main(process.argv.slice(2));
