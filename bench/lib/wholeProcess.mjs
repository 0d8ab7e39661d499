// One whole process, as a user runs it, for the processes and startup sections: spawn to exit under
// /usr/bin/time (peak memory: the client's maxRSS, the server it spawns not counted), stdout kept for the check.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { root } from './engine.mjs';

export const timeBinary = '/usr/bin/time';
export const hasTimeBinary = () => existsSync(timeBinary);
const tmp = join(root, 'bench', 'tmp', 'processes');

/** Runs `node <args…>` to exit: { ms, peakMiB, stdout }; throws when it exited non-zero. */
export function runProcess(name, args) {
  mkdirSync(tmp, { recursive: true });
  const rss = join(tmp, `rss-${process.pid}`);
  rmSync(rss, { force: true });
  const started = performance.now();
  const child = spawnSync(timeBinary, ['-f', '%M', '-o', rss, process.execPath, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 1024 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  if (child.status !== 0)
    throw new Error(`${name} exited ${child.status}: ${child.stderr.toString().slice(-300)}`);
  const peakKiB = Number(readFileSync(rss, 'utf8').trim().split('\n').at(-1));
  rmSync(rss, { force: true });
  return { ms, peakMiB: peakKiB / 1024, stdout: child.stdout };
}

/**
 * Alternated rounds over named contenders ({ name: { args, check(stdout) } }), one warm-up run each first (the file
 * cache), the order rotating every round. Returns { wall, peak, bytes }: per contender, the series of each round.
 */
export function alternate(table, rounds, log) {
  const names = Object.keys(table);
  const wall = Object.fromEntries(names.map((name) => [name, []]));
  const peak = Object.fromEntries(names.map((name) => [name, []]));
  const bytes = {};
  const once = (name) => {
    const result = runProcess(name, table[name].args);
    table[name].check(result.stdout);
    return result;
  };
  for (const name of names) once(name);
  for (let round = 0; round < rounds; round += 1) {
    const order = names.map((_, index) => names[(index + round) % names.length]);
    for (const name of order) {
      const result = once(name);
      wall[name].push(result.ms);
      peak[name].push(result.peakMiB);
      bytes[name] = result.stdout.length;
      log(`round ${round + 1}: ${name} ${result.ms.toFixed(0)} ms, ${result.peakMiB.toFixed(0)} MiB`);
    }
  }
  return { wall, peak, bytes };
}
