// Investigation (not a target): a Node stdio hop built like a C one — the server's stdin and stdout are pipes (FIFOs
// made by mkfifo, unlinked once open) instead of the socketpairs child_process makes, and one worker thread per
// direction copies with blocking readSync/writeSync, no event loop in the byte path. With --post each chunk is also
// posted (copied) to the main thread, as a recorder there would need.
//   node threadHop.mjs [--post] [--loop-in | --helper-in] <command> [args…]
//     --loop-in: the host's stdin on the thread's event loop (what loupe tap does); --helper-in: read by a helper
//     process with blocking reads (stdinHelper.mjs; a process can be killed at exit, a blocked thread not joined)
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

if (!isMainThread && workerData.loop) {
  // The host's stdin read by this thread's own event loop (a thread blocked in read() cannot be ended at exit).
  const { Socket } = await import('node:net');
  const source = new Socket({ fd: workerData.from, readable: true, writable: false });
  source.on('data', (chunk) => {
    for (let at = 0; at < chunk.length;) at += writeSync(workerData.to, chunk, at, chunk.length - at);
  });
  source.on('end', () => closeSync(workerData.to));
} else if (!isMainThread) {
  const { from, to, post } = workerData;
  const buffer = Buffer.allocUnsafe(64 * 1024);
  for (;;) {
    let n;
    try {
      n = readSync(from, buffer, 0, buffer.length, null);
    } catch (error) {
      if (error.code === 'EAGAIN' || error.code === 'EINTR') continue;
      break;
    }
    if (n === 0) break;
    for (let at = 0; at < n;) at += writeSync(to, buffer, at, n - at);
    if (post) parentPort.postMessage(buffer.subarray(0, n));
  }
  closeSync(to);
} else {
  const args = process.argv.slice(2);
  const post = args.includes('--post');
  const loop = args.includes('--loop-in');
  const [command, ...rest] = args.filter((arg) => !arg.startsWith('--'));
  const folder = mkdtempSync(join(tmpdir(), 'hop-'));
  const toServer = join(folder, 'in');
  const fromServer = join(folder, 'out');
  execFileSync('mkfifo', ['-m', '600', toServer, fromServer]);
  // Each end opened so that no open blocks: a non-blocking reader first, then the (blocking) writer, then the
  // blocking reader we keep; the non-blocking one is closed.
  const probeIn = openSync(toServer, constants.O_RDONLY | constants.O_NONBLOCK);
  const serverInWrite = openSync(toServer, constants.O_WRONLY);
  const serverInRead = openSync(toServer, constants.O_RDONLY);
  closeSync(probeIn);
  const probeOut = openSync(fromServer, constants.O_RDONLY | constants.O_NONBLOCK);
  const serverOutWrite = openSync(fromServer, constants.O_WRONLY);
  const serverOutRead = openSync(fromServer, constants.O_RDONLY);
  closeSync(probeOut);
  rmSync(folder, { recursive: true, force: true });
  const child = spawn(command, rest, { stdio: [serverInRead, serverOutWrite, 'inherit'] });
  closeSync(serverInRead);
  closeSync(serverOutWrite);
  let received = 0;
  const start = (from, to, loopHere = false) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { from, to, post, loop: loopHere } });
    worker.on('message', (chunk) => (received += chunk.length));
    return worker;
  };
  if (args.includes('--helper-in')) {
    const helper = spawn(process.execPath, [new URL('./stdinHelper.mjs', import.meta.url).pathname], {
      stdio: [0, serverInWrite, 'inherit', 'pipe'],
    });
    helper.stdio[3].on('data', (chunk) => (received += chunk.length));
    helper.unref();
    child.on('exit', () => helper.kill('SIGKILL'));
  } else start(0, serverInWrite, loop).unref();
  start(serverOutRead, 1);
  child.on('exit', (code, signal) => (signal ? process.kill(process.pid, signal) : process.exit(code ?? 1)));
}
