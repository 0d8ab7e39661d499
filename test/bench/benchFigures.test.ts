// The benchmark figures of docs/benchmarks.md and bench/README.md are rendered from the result files in bench/results/
// (scripts/benchFigures.mjs), never typed by hand: these tests fail when the committed blocks differ from what the
// committed result files give, and show the check catching a figure typed by hand and a run not yet rendered.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const script = join(root, 'scripts', 'benchFigures.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'loupe-bench-figures-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function figures(args: string[], cwd = root): { status: number | null; stderr: string } {
  const run = spawnSync(process.execPath, [script, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, stderr: run.stderr };
}

/** A copy of what the generator reads and writes, to change without touching the repository. */
function copyOfRepository(): string {
  const copy = join(scratch, `copy-${Date.now()}`);
  mkdirSync(join(copy, 'bench'), { recursive: true });
  mkdirSync(join(copy, 'docs'), { recursive: true });
  cpSync(join(root, 'docs', 'benchmarks.md'), join(copy, 'docs', 'benchmarks.md'));
  cpSync(join(root, 'bench', 'README.md'), join(copy, 'bench', 'README.md'));
  cpSync(join(root, 'bench', 'results'), join(copy, 'bench', 'results'), { recursive: true });
  cpSync(join(root, '.prettierrc.json'), join(copy, '.prettierrc.json'));
  return copy;
}

/** A run of the startup section alone, later than every committed one, with a loupe list / sdk list ratio of 0.42. */
function laterRun(): Record<string, unknown> {
  const summary = (median: number) => ({ median, min: median, max: median, runs: 1, values: [median] });
  return {
    date: '2099-01-01T00:00:00.000Z',
    commit: '0123456789abcdef0123456789abcdef01234567',
    dirty: false,
    quick: false,
    sectionsRun: ['startup'],
    machine: {
      cores: 2,
      cpu: 'test',
      memoryGB: 1,
      node: 'v20',
      platform: 'linux x64',
      loadAverageAtStart: [0.5, 0.5, 0.5],
    },
    sections: {
      startup: {
        measured: 'a run written by the test',
        tools: 10,
        runs: 1,
        wallMs: { 'sdk list': summary(200), 'loupe list': summary(84) },
        peakMiB: { 'sdk list': summary(67), 'loupe list': summary(50) },
        ratios: { 'loupe list / sdk list': { ...summary(0.42), overall: 0.42 } },
        seconds: 1,
        loadAverage: { atStart: [0.5, 0.5, 0.5], atEnd: [0.6, 0.5, 0.5] },
      },
    },
  };
}

describe('benchmark figures', { timeout: 120_000 }, () => {
  it('docs/benchmarks.md and bench/README.md hold the figures the committed result files give', () => {
    const check = figures(['--check']);
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('a figure typed by hand fails the check, and rendering puts the result file’s figure back', () => {
    const copy = copyOfRepository();
    const readme = join(copy, 'docs', 'benchmarks.md');
    const text = readFileSync(readme, 'utf8');
    // The first goal row with a number: its figure becomes 0.01.
    const lines = text.split('\n');
    const from = lines.indexOf('<!-- bench:goals -->');
    const at = lines.findIndex((line, index) => index > from && /^\|[^|]+\|\s*[\d.]+\s*\|/.test(line));
    expect(at).toBeGreaterThan(from);
    const cells = lines[at].split('|');
    cells[2] = ' 0.01 ';
    lines[at] = cells.join('|');
    const edited = lines.join('\n');
    expect(edited).not.toBe(text);
    writeFileSync(readme, edited);
    const check = figures(['--check', '--root', copy]);
    expect(check.status).toBe(1);
    expect(check.stderr).toContain('docs/benchmarks.md: bench:goals differ from bench/results/');
    expect(figures(['--root', copy]).status).toBe(0);
    expect(readFileSync(readme, 'utf8')).toBe(text);
    expect(figures(['--check', '--root', copy]).status).toBe(0);
  });

  it('a newer run not yet rendered fails the check for both files; rendered, its figure is quoted with its load', () => {
    const copy = copyOfRepository();
    writeFileSync(join(copy, 'bench', 'results', '2099-01-01T00-00-00Z.json'), JSON.stringify(laterRun()));
    const check = figures(['--check', '--root', copy]);
    expect(check.status).toBe(1);
    expect(check.stderr).toContain('docs/benchmarks.md: bench:goals differ');
    expect(check.stderr).toContain('bench/README.md: bench:goals, bench:results differ');
    expect(figures(['--root', copy]).status).toBe(0);
    const readme = readFileSync(join(copy, 'docs', 'benchmarks.md'), 'utf8');
    const row = readme
      .split('\n')
      .find((line) => line.includes('[2099-01-01 00:00 UTC](../bench/results/2099-01-01T00-00-00Z.json)'));
    expect(row).toContain('Start-up: loupe list ≤ 1.0× the bare SDK client (10 tools, whole process)');
    expect(row?.split('|')[2]?.trim()).toBe('0.42');
    expect(row).toContain('**met** (≤ 1)');
    expect(row).toContain('0123456, load 0.5 → 0.6 on 2 cores');
    // A quick run is never quoted: adding one changes nothing.
    writeFileSync(
      join(copy, 'bench', 'results', '2099-01-02T00-00-00Z-quick.json'),
      JSON.stringify({ ...laterRun(), date: '2099-01-02T00:00:00.000Z', quick: true }),
    );
    expect(figures(['--check', '--root', copy]).status).toBe(0);
  });
});
