// Investigation (not a target): the host's stdin read by a helper process with blocking reads (a process, unlike a
// thread, can be killed when the tap must exit while the host still holds stdin open). Copies each chunk to fd 3
// after passing it to fd 1 (the server's stdin).   node stdinHelper.mjs   (stdio: host stdin, server stdin, -, copy)
import { closeSync, readSync, writeSync } from 'node:fs';

const buffer = Buffer.allocUnsafe(64 * 1024);
for (;;) {
  let n;
  try {
    n = readSync(0, buffer, 0, buffer.length, null);
  } catch (error) {
    if (error.code === 'EAGAIN' || error.code === 'EINTR') continue;
    break;
  }
  if (n === 0) break;
  for (let at = 0; at < n;) at += writeSync(1, buffer, at, n - at);
  try {
    for (let at = 0; at < n;) at += writeSync(3, buffer, at, n - at);
  } catch {
    // The tap is gone: keep forwarding.
  }
}
closeSync(1);
