// Preloaded into a CLI run by startupTimeline.mjs (`node --import <this> bin/loupe.js …`): writes one JSON line per
// event to $STARTUP_TRACE_OUT — every module the run loads (ESM through a load hook, CommonJS through the compile
// step), with its size, and the milestones: the server spawned, the first byte written to it, the first byte on
// stdout, the exit. Times are ms since the process started (performance.now()).
import { appendFileSync, statSync } from 'node:fs';
import childProcess from 'node:child_process';
import Module, { register, syncBuiltinESMExports } from 'node:module';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';

const out = process.env.STARTUP_TRACE_OUT;
if (!out) throw new Error('STARTUP_TRACE_OUT is not set');
const note = (event) => appendFileSync(out, `${JSON.stringify({ at: performance.now(), ...event })}\n`);
note({ event: 'preload' });

// ESM: a load hook on the loader thread posts each URL back here.
const { port1, port2 } = new MessageChannel();
port1.on('message', ({ url, epoch }) => {
  let bytes = 0;
  try {
    if (url.startsWith('file:')) bytes = statSync(fileURLToPath(url)).size;
  } catch {
    /* a module that is gone: size 0 */
  }
  appendFileSync(
    out,
    `${JSON.stringify({ at: epoch - performance.timeOrigin, event: 'module', url, bytes })}\n`,
  );
});
port1.unref();
register(new URL('./startupHooks.mjs', import.meta.url), { data: { port: port2 }, transferList: [port2] });

// CommonJS required from CommonJS does not pass the ESM hooks in Node 20: count it where it compiles.
const compile = Module.prototype._compile;
Module.prototype._compile = function traced(content, filename) {
  note({ event: 'module', url: `file://${filename}`, bytes: Buffer.byteLength(content), cjs: true });
  return compile.call(this, content, filename);
};

const spawn = childProcess.spawn;
childProcess.spawn = function tracedSpawn(...args) {
  note({ event: 'spawn', command: String(args[0]) });
  const child = spawn.apply(this, args);
  const write = child.stdin?.write;
  if (write) {
    child.stdin.write = function firstWrite(...writeArgs) {
      note({ event: 'first request written' });
      child.stdin.write = write;
      return write.apply(this, writeArgs);
    };
  }
  child.stdout?.once('data', () => note({ event: 'first byte from the server' }));
  return child;
};
syncBuiltinESMExports();

const stdoutWrite = process.stdout.write;
process.stdout.write = function firstOut(...args) {
  note({ event: 'first byte on stdout' });
  process.stdout.write = stdoutWrite;
  return stdoutWrite.apply(this, args);
};
process.on('exit', () => note({ event: 'exit' }));
