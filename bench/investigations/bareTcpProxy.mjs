// Investigation (not a target): a loopback TCP proxy that pipes each connection's bytes to the upstream, no HTTP
// parsing at all (Host stays the proxy's): the least an HTTP hop can cost. Prints its URL first.
//   node bareTcpProxy.mjs <upstream URL>
import { connect, createServer } from 'node:net';

const upstream = new URL(process.argv[2]);
const server = createServer((socket) => {
  const out = connect(Number(upstream.port), upstream.hostname);
  socket.setNoDelay(true);
  out.setNoDelay(true);
  socket.pipe(out).pipe(socket);
  socket.on('error', () => out.destroy());
  out.on('error', () => socket.destroy());
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${server.address().port}${upstream.pathname}\n`);
});
process.on('SIGINT', () => process.exit(0));
