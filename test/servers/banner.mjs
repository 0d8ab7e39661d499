#!/usr/bin/env node
// A stdio "server" that breaks the stdout rule: it prints a banner on stdout, then answers every line it reads
// with a log line on stdout, never with JSON-RPC. Loupe must quote the banner instead of only "timeout".
//
//   node test/servers/banner.mjs [--stderr TEXT]
//
//   --stderr TEXT   also write TEXT on stderr at start
import { createInterface } from 'node:readline';

const index = process.argv.indexOf('--stderr');
if (index > 0 && process.argv[index + 1]) process.stderr.write(`${process.argv[index + 1]}\n`);
process.stdout.write('Weather MCP server v1.2.3\n');
process.stdout.write('Listening on stdio, press Ctrl-C to stop\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  process.stdout.write(`[info] got a message of ${line.length} characters\n`);
});
