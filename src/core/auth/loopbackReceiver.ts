/**
 * The redirect receiver of a native client (RFC 8252 §7.3): node:http on 127.0.0.1 and an ephemeral port,
 * one-shot. It answers the browser with a short page and hands the callback URL to the flow, which checks
 * state, iss and code. Anything at another path is a 404; the server closes after the first callback.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackReceiver {
  /** http://127.0.0.1:<port>/callback */
  readonly redirectUri: string;
  /** Resolves with the full callback URL the authorization server redirected to. */
  readonly callback: Promise<URL>;
  close(): Promise<void>;
}

const page = (title: string): string =>
  `<!doctype html><meta charset="utf-8"><title>Loupe</title><p>${title}</p><p>You can close this tab and return to Loupe.</p>`;

export async function startLoopbackReceiver(timeoutMs = 300_000): Promise<LoopbackReceiver> {
  let settle: { resolve: (url: URL) => void; reject: (error: Error) => void } | undefined;
  const callback = new Promise<URL>((resolve, reject) => (settle = { resolve, reject }));
  // Callers await it later; a rejection before then must not count as unhandled.
  callback.catch(() => undefined);
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== '/callback' || !settle) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const failed = url.searchParams.has('error');
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(page(failed ? 'Sign-in was not completed.' : 'Signed in.'));
    const { resolve } = settle;
    settle = undefined;
    resolve(new URL(`${redirectUri}${url.search}`));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const redirectUri = `http://127.0.0.1:${port}/callback`;
  const timer = setTimeout(() => {
    settle?.reject(
      new Error(`no redirect arrived at ${redirectUri} within ${Math.round(timeoutMs / 1000)} s`),
    );
    settle = undefined;
  }, timeoutMs);
  timer.unref();
  return {
    redirectUri,
    callback,
    close: () =>
      new Promise<void>((resolve) => {
        clearTimeout(timer);
        settle?.reject(new Error('the sign-in was abandoned'));
        settle = undefined;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
