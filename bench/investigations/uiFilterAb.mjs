// A/B of the Tools filter at 50,000 tools: uiFilterProfile.mjs against this checkout and a baseline build, alternated
// round by round (the order flipping), so both share the machine's load; per run the keystroke figures on the page's
// clock and, from the Chromium trace, the CPU of the tasks that dispatched a key and the main thread's CPU per key.
//   node bench/investigations/uiFilterAb.mjs --baseline /work/main [--rounds 3] [tools]
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at < 0 ? fallback : args.splice(at, 2)[1];
};
const baseline = resolve(option('--baseline', '/work/main'));
const rounds = Number(option('--rounds', 3));
const tools = args.find((arg) => /^\d+$/.test(arg)) ?? '50000';
const own = fileURLToPath(new URL('../..', import.meta.url));
const profile = fileURLToPath(new URL('uiFilterProfile.mjs', import.meta.url));

function once(root) {
  const run = spawnSync(process.execPath, [profile, tools, '--root', root], {
    encoding: 'utf8',
    timeout: 600_000,
  });
  const lines = run.stdout.split('\n');
  const figures = JSON.parse(lines.find((line) => line.startsWith('{')) ?? '{}');
  const cpu = /main thread ([\d.]+) ms CPU/.exec(run.stdout);
  const keyTasks = /tasks dispatching a key \(ms CPU\): (.*)/.exec(run.stdout);
  return {
    paintP50: figures.p50Ms,
    paintP95: figures.p95Ms,
    workP50: figures.work?.p50Ms,
    workP95: figures.work?.p95Ms,
    framesLateP95: figures.framesLate?.p95,
    mainCpuMsPerKey: cpu ? Math.round((Number(cpu[1]) / (figures.keystrokes || 50)) * 10) / 10 : null,
    keyTasks: keyTasks ? JSON.parse(keyTasks[1]) : null,
    error: run.status === 0 ? undefined : run.stderr.slice(-400),
  };
}

for (let round = 0; round < rounds; round += 1) {
  const order =
    round % 2 === 0
      ? [
          ['baseline', baseline],
          ['change', own],
        ]
      : [
          ['change', own],
          ['baseline', baseline],
        ];
  for (const [name, root] of order) {
    const load = loadavg()[0].toFixed(1);
    console.log(JSON.stringify({ round: round + 1, name, load, ...once(root) }));
  }
}
