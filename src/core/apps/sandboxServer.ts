/**
 * The sandbox origin: a second loopback HTTP server whose only page is the MCP App proxy (proxyPage.ts).
 * Being another port it is another origin, so an app inside it cannot read Loupe's DOM, storage or
 * token, and Loupe's WebSocket refuses it (wrong Origin). Each proxy page carries the policy of one app,
 * rebuilt here from its address (the address is only a carrier: the domains are checked again).
 * Host headers other than our own address are refused (DNS rebinding); only GET /proxy is served.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppCsp } from '../../shared/apps.js';
import { buildAppCsp, decodeAppCsp, encodeAppCsp, isPlainOrigin } from './appCsp.js';
import { proxyPageHtml } from './proxyPage.js';

export interface AppSandbox {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The proxy page for one app's policy. */
  frameUrl(csp: AppCsp): string;
  /** The Content-Security-Policy header that page is served with. */
  policy(csp: AppCsp): string;
  close(): Promise<void>;
}

export interface SandboxOptions {
  /** Loupe's own origin: the only one allowed to embed the proxy and to receive its messages. */
  hostOrigin?: string;
  port?: number;
}

function refuse(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Security-Policy': "default-src 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
  response.end(`${text}\n`);
}

export async function startAppSandbox(options: SandboxOptions = {}): Promise<AppSandbox> {
  const hostOrigin = options.hostOrigin && isPlainOrigin(options.hostOrigin) ? options.hostOrigin : undefined;
  let ownHost = '';
  const policy = (csp: AppCsp) => buildAppCsp(csp, hostOrigin ? { frameAncestors: [hostOrigin] } : {});
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    if (request.headers.host !== ownHost)
      return refuse(response, 403, 'This host name is not the sandbox address.');
    const url = new URL(request.url ?? '/', 'http://placeholder');
    if (url.pathname !== '/proxy') return refuse(response, 404, 'Not found.');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return refuse(response, 405, 'Method not allowed.');
    const csp = policy(decodeAppCsp(url.searchParams.get('csp')));
    const body = Buffer.from(proxyPageHtml(hostOrigin ?? '*'), 'utf8');
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': body.length,
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
  const server = createServer(onRequest);
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  const port = (server.address() as AddressInfo).port;
  ownHost = `127.0.0.1:${port}`;
  const origin = `http://${ownHost}`;
  return {
    origin,
    frameUrl: (csp) => `${origin}/proxy?csp=${encodeAppCsp(csp)}`,
    policy,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
    },
  };
}
