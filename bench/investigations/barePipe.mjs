// Investigation (not a target): the least a stdio tap can be — spawn the server, pipe() both ways, no recording.
//   node barePipe.mjs <command> [args…]
import { spawn } from 'node:child_process';

const [command, ...rest] = process.argv.slice(2);
const child = spawn(command, rest, { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.pipe(child.stdin);
child.stdout.pipe(process.stdout);
child.on('exit', (code, signal) => (signal ? process.kill(process.pid, signal) : process.exit(code ?? 1)));
