#!/usr/bin/env node
// A URL that serves a web page, not MCP: every request (any method, any path) gets an HTML page with a <title>,
// as a website, a dashboard or a framework's HTML error page answers.
//
//   node test/servers/webPage.mjs [--status N] [--title TEXT] [--no-title]
//
//   --status N      the HTTP status (default 200); e.g. 501 for an HTML "Not Implemented" error page
//   --title TEXT    the page's title, written as given (default: "Acme Dashboard &amp; \e[31mSign in" with a real ESC)
//   --no-title      a page without a <title>
//
// The body is about 60 KB of markup after the head. Listens on 127.0.0.1, a free port; prints
// http://127.0.0.1:<port>/mcp as the first stdout line.
import { createServer } from 'node:http';

const flag = (name) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const status = Number(flag('--status') ?? 200);
const title = flag('--title') ?? 'Acme Dashboard &amp; \u001b[31mSign in';
const head = process.argv.includes('--no-title') ? '<meta charset="utf-8">' : `<meta charset="utf-8"><title>${title}</title>`;
const page = `<!DOCTYPE html>\n<html lang="en"><head>${head}</head><body>${'<div class="row"><p>Welcome back</p></div>'.repeat(1500)}</body></html>\n`;

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(page));
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${server.address().port}/mcp\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
