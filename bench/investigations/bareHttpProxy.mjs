// Investigation (not a target): the least an HTTP tap can be — a loopback reverse proxy that pipes each request
// and response through (http.request + pipe()), headers copied, nothing recorded. Prints its URL first.
//   node bareHttpProxy.mjs <upstream URL>
import { createServer, request } from 'node:http';

const upstream = new URL(process.argv[2]);
const skip = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host']);
const server = createServer((incoming, response) => {
  const headers = {};
  for (const [name, value] of Object.entries(incoming.headers)) if (!skip.has(name)) headers[name] = value;
  headers.host = upstream.host;
  const outgoing = request(
    new URL(incoming.url, upstream),
    { method: incoming.method, headers },
    (answer) => {
      const back = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!skip.has(name)) back[name] = value;
      response.writeHead(answer.statusCode, back);
      answer.pipe(response);
    },
  );
  outgoing.on('error', () => response.destroy());
  incoming.pipe(outgoing);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${server.address().port}${upstream.pathname}\n`);
});
process.on('SIGINT', () => process.exit(0));
