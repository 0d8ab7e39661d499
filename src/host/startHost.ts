/**
 * The browser host: the built renderer over HTTP and the contract over a WebSocket at /ws, on 127.0.0.1
 * only unless the caller explicitly asks for remote access. One backend (one MCP session) per WebSocket,
 * disposed when the socket closes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { serveContract } from '../shared/carrier.js';
import { LoupeError } from '../shared/errors.js';
import type { SessionOptions } from '../shared/session.js';
import type { Target } from '../shared/target.js';
import { createBackend, type Backend } from '../core/backend/createBackend.js';
import { appDataDir } from '../core/backend/appDataDir.js';
import { startAppSandbox, type AppSandbox } from '../core/apps/sandboxServer.js';
import { contentSecurityPolicy } from '../core/backend/contentSecurityPolicy.js';
import { demoTarget } from '../core/demoTarget.js';
import { webSocketProtocol } from '../shared/webSocketCredential.js';
import { createToken } from './accessToken.js';
import { checkRequest, type GuardOptions } from './requestGuard.js';
import { defaultRendererDir, isPagePath, securityHeaders, sendText, serveStatic } from './staticFiles.js';
import { webSocketChannel } from './webSocketChannel.js';
import { listenForTaps } from '../core/tap/liveListener.js';
import type { LivePaths } from '../core/tap/livePaths.js';
import type { TapListener } from '../core/tap/liveListener.js';

export interface HostOptions {
  target?: Target | null;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** 127.0.0.1 by default. Any other address needs allowRemote. */
  bindAddress?: string;
  /** Serve on a non-loopback address: anyone who can reach it and holds the token controls local processes. */
  allowRemote?: boolean;
  rendererDir?: string;
  /** The settings file; the app data dir's settings.json by default, null to keep settings in memory. */
  settingsPath?: string | null;
  /** Session options given on the command line (--page-limit, --timeout): they win over saved settings. */
  sessionDefaults?: SessionOptions;
  /**
   * Where taps find this Loupe (core/tap/livePaths(): the user's runtime folder). Absent: no live taps — `loupe web`
   * and the host's main ask for them; an embedding (a test) that does not is not reached by the user's taps.
   */
  taps?: LivePaths;
}

export interface RunningHost {
  /** The address with the access token, e.g. http://127.0.0.1:5173/?token=… */
  url: string;
  port: number;
  /** The socket taps reach this Loupe at; else why there is none (another Loupe listens, an unsafe folder). */
  tapSocket?: string;
  tapsOff?: string;
  close(): Promise<void>;
}

const loopbackAddresses = new Set(['127.0.0.1', '::1']);
const maxMessageBytes = 256 * 1024 * 1024;

function hostPart(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

export async function startHost(options: HostOptions = {}): Promise<RunningHost> {
  const bindAddress = options.bindAddress ?? '127.0.0.1';
  const remote = !loopbackAddresses.has(bindAddress);
  if (remote && options.allowRemote !== true) {
    throw new LoupeError({
      kind: 'usage',
      message: `Refusing to listen on ${bindAddress}: the host controls local processes. Pass allowRemote explicitly to do this.`,
    });
  }
  const token = createToken();
  const rendererDir = options.rendererDir ?? defaultRendererDir();
  const settingsPath = options.settingsPath === undefined ? join(appDataDir(), 'settings.json') : options.settingsPath;
  const sockets = new Set<WebSocket>();
  const guard: GuardOptions = { token, allowedHosts: [], anyHost: false };
  let headers = securityHeaders(contentSecurityPolicy());
  /** MCP Apps' sandbox origin, started once our own origin is known. */
  const apps: { sandbox?: AppSandbox } = {};

  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    const verdict = checkRequest(request, guard, 'http');
    // A wrong ?token= on the page itself gets the page, answered 401: it shows the same "open the address Loupe
    // printed" page as a tab without a token or with one of an earlier run (the page is public; it holds no secret).
    const refusedPage = !verdict.allowed && verdict.status === 401 && isPagePath(request);
    if (!verdict.allowed && !refusedPage) {
      sendText(response, verdict.status, `${verdict.reason}\n`, headers);
      return;
    }
    serveStatic(request, response, rendererDir, headers, refusedPage ? 401 : 200).catch(() => {
      if (!response.headersSent) sendText(response, 500, 'Internal error.\n', headers);
      else response.destroy();
    });
  };

  const server = createServer(onRequest);
  // The guard has checked the token offered next to `loupe`; the answer names `loupe`, never the token.
  const webSockets = new WebSocketServer({
    noServer: true,
    maxPayload: maxMessageBytes,
    handleProtocols: (protocols) => (protocols.has(webSocketProtocol) ? webSocketProtocol : false),
  });

  const refuseUpgrade = (socket: Duplex, status: number, reason: string) => {
    const text = `${reason}\n`;
    socket.end(
      `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Forbidden'}\r\n` +
        `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  };

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const pathname = new URL(request.url ?? '/', 'http://placeholder').pathname;
    const verdict = checkRequest(request, guard, 'websocket');
    if (!verdict.allowed) return refuseUpgrade(socket, verdict.status, verdict.reason);
    if (pathname !== '/ws') return refuseUpgrade(socket, 403, 'Only /ws accepts WebSocket connections.');
    webSockets.handleUpgrade(request, socket, head, (webSocket) => serveSocket(webSocket));
  });

  /** One backend for the whole host: its sessions outlive any one page, so a reload re-attaches to them. */
  let backend: Backend | undefined;
  const theBackend = (): Backend =>
    (backend ??= createBackend({
      initialTarget: options.target === undefined ? { transport: 'demo' } : options.target,
      resolveDemo: () => demoTarget(),
      ...(settingsPath ? { settingsPath } : {}),
      ...(apps.sandbox ? { appSandbox: apps.sandbox } : {}),
      ...(options.sessionDefaults ? { sessionDefaults: options.sessionDefaults } : {}),
    }));
  const serveSocket = (webSocket: WebSocket) => {
    sockets.add(webSocket);
    const backend = theBackend();
    const stop = serveContract(backend.methodsFor, backend.events, webSocketChannel(webSocket));
    webSocket.on('error', () => webSocket.terminate());
    webSocket.on('close', () => {
      sockets.delete(webSocket);
      stop();
    });
  };

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, bindAddress, () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `${hostPart(bindAddress)}:${port}`;
  guard.allowedHosts = remote ? [] : [origin];
  // A remote host is reached under names we cannot know; the token and the Origin check still hold.
  guard.anyHost = remote;
  // MCP Apps render on a second loopback origin (another port): the only frames Loupe's page may hold.
  apps.sandbox = await startAppSandbox({ hostOrigin: `http://${origin}` });
  headers = securityHeaders(
    contentSecurityPolicy({ connectSources: remote ? [] : [`ws://${origin}`], frameSources: [apps.sandbox.origin] }),
  );

  // Taps started from a terminal or a host's config show up as live sessions (a user-only socket, never a port).
  const taps: { listener?: TapListener; reason?: string } = options.taps === undefined ? {} : await listenForTaps((tap) => theBackend().adopt(tap), options.taps).catch((error: unknown) => ({ reason: String(error) }));

  return {
    url: `http://${origin}/?token=${token}`,
    port,
    ...(taps.listener ? { tapSocket: taps.listener.paths.socket } : taps.reason ? { tapsOff: taps.reason } : {}),
    close: async () => {
      for (const socket of sockets) socket.close(1001, 'Loupe is shutting down');
      // A client has a second to finish the close handshake; then the socket is cut.
      const settled = async (ms: number) => {
        const deadline = Date.now() + ms;
        while (sockets.size > 0 && Date.now() < deadline) await new Promise((resolveWait) => setTimeout(resolveWait, 20));
      };
      await settled(1000);
      for (const socket of sockets) socket.terminate();
      await settled(1000);
      await new Promise<void>((resolveClose) => webSockets.close(() => resolveClose()));
      server.closeAllConnections();
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
      await taps.listener?.close().catch(() => undefined);
      await backend?.dispose().catch(() => undefined);
      await apps.sandbox?.close();
    },
  };
}
