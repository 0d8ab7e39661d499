/**
 * The redirect receiver of a native client (RFC 8252 §7.3): node:http on 127.0.0.1 and an ephemeral port. It
 * waits for the one redirect that carries the state of the sign-in in progress (expect()), answers the browser
 * with a short page and hands that callback URL to the flow, which checks error, iss and code. A redirect with
 * another state (a stale tab, a forged link) is answered with an error page and does not end the sign-in: Loupe
 * keeps waiting for the right one until the sign-in times out. Anything at another path is a 404.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackReceiver {
  /** http://127.0.0.1:<port>/callback */
  readonly redirectUri: string;
  /** The state the sign-in sent: only a redirect carrying exactly it is taken. Until then none is. */
  expect(state: string): void;
  /** Resolves with the full callback URL of the redirect that carried the expected state. */
  readonly callback: Promise<URL>;
  /** Redirects answered "not this sign-in" so far. */
  readonly strays: number;
  close(): Promise<void>;
}

const page = (title: string, next: string): string =>
  `<!doctype html><meta charset="utf-8"><title>Loupe</title><p>${title}</p><p>${next}</p>`;

const strayPage = page(
  'This is not the sign-in Loupe is waiting for.',
  'This redirect carries another state than the sign-in Loupe started (an old tab, or a link from elsewhere). Loupe ignored it and still waits for its own sign-in.',
);

export async function startLoopbackReceiver(timeoutMs = 300_000): Promise<LoopbackReceiver> {
  let settle: { resolve: (url: URL) => void; reject: (error: Error) => void } | undefined;
  let expected: string | undefined;
  let strays = 0;
  const callback = new Promise<URL>((resolve, reject) => (settle = { resolve, reject }));
  // Callers await it later; a rejection before then must not count as unhandled.
  callback.catch(() => undefined);
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== '/callback' || !settle) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
    if (expected === undefined || url.searchParams.get('state') !== expected) {
      strays += 1;
      response.writeHead(400, headers).end(strayPage);
      return;
    }
    const failed = url.searchParams.has('error');
    response
      .writeHead(200, headers)
      .end(
        failed
          ? page('Sign-in was not completed.', 'You can close this tab; Loupe says why.')
          : page('Signed in.', 'You can close this tab and return to Loupe.'),
      );
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
    const refused = strays > 0 ? ` (${strays} redirect(s) with another state were refused)` : '';
    settle?.reject(
      new Error(
        `no redirect with the state Loupe sent arrived at ${redirectUri} within ${Math.round(timeoutMs / 1000)} s${refused}`,
      ),
    );
    settle = undefined;
  }, timeoutMs);
  timer.unref();
  return {
    redirectUri,
    callback,
    expect: (state) => {
      expected = state;
    },
    get strays() {
      return strays;
    },
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
