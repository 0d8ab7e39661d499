#!/usr/bin/env node
// Test helper: records the bytes that cross a pipe, for checking that a tap recorded exactly them.
//
//   node teeHost.mjs <sent-file> <received-file> <command> [args…]
//
// Runs the command with stdio pipes; what arrives on this process's stdin is written to the command's stdin and
// appended to <sent-file>, what the command writes to stdout is written to this process's stdout and appended to
// <received-file>; stderr passes through. Exits with the command's code. "{pid}" in any argument is replaced by this
// process's id, so a host that starts the server twice (the v2 SDK probes on a sibling process) leaves two sets.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

const [sentPath, receivedPath, command, ...args] = process.argv
  .slice(2)
  .map((argument) => argument.replaceAll('{pid}', String(process.pid)));
const sent = createWriteStream(sentPath);
const received = createWriteStream(receivedPath);
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.on('data', (chunk) => {
  sent.write(chunk);
  child.stdin.write(chunk);
});
process.stdin.on('end', () => child.stdin.end());
child.stdin.on('error', () => undefined);
child.stdout.on('data', (chunk) => {
  received.write(chunk);
  process.stdout.write(chunk);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('close', (code) => {
  let open = 2;
  const done = () => --open === 0 && process.exit(code ?? 1);
  sent.end(done);
  received.end(done);
});
