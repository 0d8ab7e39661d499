#!/usr/bin/env node
// Test server for the tap's frame limit: a stdio "server" that sends a line of a given size between small ones, and
// reports the size and SHA-256 of every line it receives, without ever holding a whole line.
//
//   node bigLineServer.mjs <bytes of the big line> [crlf]
//
// At start it writes a notification "before", then one notification of exactly <bytes> bytes (its '\n' included;
// data "x…x"), then "after-1". For each line it reads it writes a notification whose data is "got <bytes> <sha256>"
// (the line's '\n' aside). The notification {"method":"exit"} ends it with exit code 7. With "crlf", its lines end
// with "\r\n" (and the big line's size still counts every byte).
import { createHash } from 'node:crypto';

const size = Number(process.argv[2] ?? 1024);
const end = process.argv[3] === 'crlf' ? '\r\n' : '\n';

const bigLine = (bytes, method, ending) => {
  const head = `{"jsonrpc":"2.0","method":"${method}","params":{"level":"info","data":"`;
  const tail = `"}}${ending}`;
  return { head, fill: bytes - head.length - tail.length, tail };
};

const note = (data) =>
  `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"${data}"}}${end}`;

function write(text) {
  return process.stdout.write(text)
    ? Promise.resolve()
    : new Promise((resolve) => process.stdout.once('drain', resolve));
}

async function start() {
  await write(note('before'));
  const { head, fill, tail } = bigLine(size, 'notifications/message', end);
  await write(head);
  const piece = 'x'.repeat(1024 * 1024);
  for (let left = fill; left > 0; left -= piece.length)
    await write(left >= piece.length ? piece : piece.slice(0, left));
  await write(tail);
  await write(note('after-1'));
}

let hash = createHash('sha256');
let bytes = 0;
/** The first bytes of the line being read: enough to know the exit notification. */
let first = '';
process.stdin.on('data', (chunk) => {
  let start = 0;
  for (;;) {
    const newline = chunk.indexOf(0x0a, start);
    const piece = chunk.subarray(start, newline === -1 ? chunk.length : newline);
    hash.update(piece);
    bytes += piece.length;
    if (first.length < 64) first += piece.subarray(0, 64).toString('latin1');
    if (newline === -1) return;
    if (first.startsWith('{"jsonrpc":"2.0","method":"exit"')) process.exit(7);
    void write(note(`got ${bytes} ${hash.digest('hex')}`));
    hash = createHash('sha256');
    bytes = 0;
    first = '';
    start = newline + 1;
  }
});

void start();
