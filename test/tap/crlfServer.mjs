#!/usr/bin/env node
// Test server: another stdio server whose stdout lines end in "\r\n" (as a server on Windows, or one written with
// CRLF line ends, sends them). Runs the command given, passes stdin and stderr through, and writes its stdout with
// every '\n' made "\r\n".
//
//   node crlfServer.mjs <command> [args…]
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.pipe(child.stdin);
child.stdin.on('error', () => undefined);
child.stdout.on('data', (chunk) =>
  process.stdout.write(chunk.toString('latin1').replaceAll('\n', '\r\n'), 'latin1'),
);
child.on('close', (code) => process.exit(code ?? 1));
