/**
 * Serves the built renderer: GET and HEAD only, files inside the root only (also after following symlinks:
 * a link that leads out of the folder is not served), correct MIME types, and the security headers on
 * every response. Never a redirect, so no Location can be steered to another host.
 */
import { existsSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { basename, dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const mimeTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export function mimeType(path: string): string {
  return mimeTypes[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Headers every response carries, whatever its status. */
export function securityHeaders(csp: string): OutgoingHttpHeaders {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  };
}

/**
 * Where the built renderer lives: out/renderer, found from this module whether it runs compiled
 * (out/node/host) or from source under vitest (src/host). Never the renderer's source folder.
 */
export function defaultRendererDir(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, '../../out/renderer')];
  const outDir = resolve(here, '../..');
  if (basename(outDir) === 'out') candidates.push(join(outDir, 'renderer'));
  return candidates.find((dir) => existsSync(join(dir, 'index.html')));
}

export function sendText(response: ServerResponse, status: number, text: string, headers: OutgoingHttpHeaders): void {
  response.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

/** Whether the request asks for the page itself (`/` or `/index.html`), not one of its files. */
export function isPagePath(request: IncomingMessage): boolean {
  const pathname = new URL(request.url ?? '/', 'http://placeholder').pathname;
  return pathname === '/' || pathname === '/index.html';
}

/** Serve one file of the renderer for the request's path; `status` is what a file found is answered with. */
export async function serveStatic(
  request: IncomingMessage,
  response: ServerResponse,
  rendererDir: string | undefined,
  headers: OutgoingHttpHeaders,
  status = 200,
): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    sendText(response, 405, 'Method not allowed.\n', { ...headers, Allow: 'GET, HEAD' });
    return;
  }
  if (!rendererDir) {
    sendText(response, 503, 'The Loupe UI is not built yet: run `npm run build`, then start the host again.\n', headers);
    return;
  }
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://placeholder').pathname);
  } catch {
    sendText(response, 400, 'Bad path.\n', headers);
    return;
  }
  if (pathname.includes('\0')) {
    sendText(response, 400, 'Bad path.\n', headers);
    return;
  }
  const root = resolve(rendererDir);
  const relative = pathname === '/' ? 'index.html' : normalize(pathname).replace(/^[/\\]+/, '');
  const file = resolve(root, relative);
  if (file !== root && !file.startsWith(root + sep)) {
    sendText(response, 404, 'Not found.\n', headers);
    return;
  }
  try {
    const realRoot = await realpath(root);
    const realFile = await realpath(file);
    if (!realFile.startsWith(realRoot + sep)) throw new Error('outside the UI folder');
    const info = await stat(realFile);
    if (!info.isFile()) throw new Error('not a file');
    const body = await readFile(realFile);
    response.writeHead(status, { ...headers, 'Content-Type': mimeType(file), 'Content-Length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
  } catch {
    sendText(response, 404, 'Not found.\n', headers);
  }
}
