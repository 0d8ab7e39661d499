/**
 * The renderer's one door to the backend. In Electron the preload exposes `window.loupe`; in a browser the
 * host carries the same contract over a same-origin WebSocket at /ws, which the page opens by offering the
 * access token as a subprotocol (see accessToken.ts; no cookie, nothing in the WebSocket's URL).
 * Nothing else in the renderer talks to the backend.
 */
import {
  createContractClient,
  disconnectedError,
  isWireMessage,
  type MessageChannel,
} from '../shared/carrier';
import type { LoupeApi, WireMessage } from '../shared/contract';
import { webSocketProtocols } from '../shared/webSocketCredential';
import { sessionStorageOrNothing, takeAccessToken } from './accessToken';

/**
 * 'no-credential': the page was opened without the access token (the bare address); 'refused': Loupe answers at
 * this address but did not open the socket for this tab's token (a wrong one in the address, or one of an
 * earlier run: each run makes its own); 'unreachable': the socket has never opened and nothing answers at this
 * address. All three need the user to open the address Loupe printed. 'closed': it was open and dropped (it may come
 * back); 'ended': it was open, dropped, and nothing has answered at this address since (the Loupe of this tab has
 * ended: a run's token dies with it, so no later run at this address can take this tab back).
 */
export type BridgeState =
  'connecting' | 'open' | 'closed' | 'ended' | 'no-credential' | 'refused' | 'unreachable';

let current: LoupeApi | undefined;
/** The session on screen: getApi() names it on every call (none: calls name no session). */
let shownSession: string | undefined;
let bridgeState: BridgeState = 'open';
const stateListeners = new Set<(state: BridgeState) => void>();

function setBridgeState(next: BridgeState): void {
  if (next === bridgeState) return;
  bridgeState = next;
  for (const listener of stateListeners) listener(next);
}

/** Whether the carrier to the backend is up. Electron's IPC and a test API are always 'open'. */
export function getBridgeState(): BridgeState {
  return bridgeState;
}

export function onBridgeState(listener: (state: BridgeState) => void): () => void {
  stateListeners.add(listener);
  return () => {
    stateListeners.delete(listener);
  };
}

/** The API of the session on screen: every call names it. Actions capture it when they start. */
export function getApi(): LoupeApi {
  return shownSession === undefined ? getRootApi() : sessionApi(shownSession);
}

/** Session-bound APIs, made once each (in Electron each forSession crosses the context bridge anew). */
const sessionApis = new Map<string, { root: LoupeApi; api: LoupeApi }>();

/** The API naming `session` on every call. */
export function sessionApi(session: string): LoupeApi {
  const root = getRootApi();
  const known = sessionApis.get(session);
  if (known?.root === root) return known.api;
  const api = root.forSession(session);
  sessionApis.set(session, { root, api });
  return api;
}

/** The API naming no session: every session's events, the session list, settings. */
export function getRootApi(): LoupeApi {
  if (current) return current;
  const exposed = (window as Window & { loupe?: LoupeApi }).loupe;
  if (exposed) current = exposed;
  else {
    const token = takeAccessToken(window.location, window.history, sessionStorageOrNothing());
    current = createWebSocketApi(
      webSocketUrl(window.location),
      token === undefined ? [] : webSocketProtocols(token),
    );
    if (token === undefined) setBridgeState('no-credential');
  }
  return current;
}

/** The session store says which session is on screen (see sessions/sessionStore.ts). */
export function showApiSession(session: string | undefined): void {
  shownSession = session;
}

/**
 * Whether this page runs in the desktop window, whose main process asks the person (a native dialog showing the
 * exact URL) before it hands a page to the system browser. The browser host has no such step: there a page is
 * opened only on the person's click.
 */
export function asksBeforeOpeningPages(): boolean {
  return (window as Window & { loupe?: LoupeApi }).loupe !== undefined;
}

/** Tests (and a future embedding) hand in their own API. */
export function setApi(api: LoupeApi): void {
  current = api;
  setBridgeState('open');
}

export function webSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

const reconnectDelaysMs = [500, 1000, 2000, 4000, 8000];
/**
 * Tries after a drop with nothing answering at the address (0.5 + 1 + 2 s): then the page says this Loupe has ended,
 * rather than "trying to reconnect…" for ever. It goes on trying: a new run at this address refuses the tab's token
 * and the page then says that (the access page).
 */
const endedAfterTries = 3;

/**
 * Whether the page's own host answers HTTP (the page is public): after a socket that never opened, it tells a
 * refused token (the host is there) from a host that is gone. A browser does not show a refused upgrade's status.
 */
async function hostAnswers(socketUrl: string): Promise<boolean> {
  try {
    const page = new URL('/', socketUrl.replace(/^ws/, 'http'));
    const response = await fetch(page, { method: 'HEAD', cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * A contract client over a WebSocket that reconnects. Calls made while the socket is still opening are
 * queued; calls waiting when it closes are rejected with kind 'disconnected' (the client's own waiting map
 * is reached by feeding it synthetic error results, so the shared adapter stays generic).
 */
export function createWebSocketApi(url: string, protocols: string[] = []): LoupeApi {
  let socket: WebSocket | undefined;
  let receiver: ((message: WireMessage) => void) | undefined;
  let attempt = 0;
  let everOpened = false;
  /** Tries since the socket dropped at which nothing answered at the address. */
  let silentTries = 0;
  const queued: WireMessage[] = [];
  const outstanding = new Set<number>();

  const failOutstanding = () => {
    const detail = disconnectedError().detail;
    for (const id of [...outstanding]) receiver?.({ type: 'result', id, ok: false, error: detail });
    outstanding.clear();
  };

  const open = () => {
    if (bridgeState === 'open') setBridgeState('connecting');
    const next = new WebSocket(url, protocols);
    socket = next;
    let opened = false;
    next.addEventListener('open', () => {
      opened = true;
      attempt = 0;
      silentTries = 0;
      everOpened = true;
      setBridgeState('open');
      for (const message of queued.splice(0)) next.send(JSON.stringify(message));
    });
    next.addEventListener('message', (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(event.data);
      } catch {
        return;
      }
      if (!isWireMessage(parsed)) return;
      if (parsed.type === 'result') outstanding.delete(parsed.id);
      receiver?.(parsed);
    });
    next.addEventListener('close', () => {
      if (socket !== next) return;
      socket = undefined;
      if (opened) setBridgeState('closed');
      queued.length = 0;
      failOutstanding();
      const retry = () => {
        const delay = reconnectDelaysMs[Math.min(attempt, reconnectDelaysMs.length - 1)];
        attempt += 1;
        setTimeout(open, delay);
      };
      if (opened || bridgeState === 'no-credential') return retry();
      // This socket never opened: a host that answers refused the token (no retry helps: the user must open
      // the address this run printed); a host that does not answer may come back.
      void hostAnswers(url).then((answers) => {
        if (answers) return setBridgeState('refused');
        if (everOpened) {
          silentTries += 1;
          setBridgeState(silentTries >= endedAfterTries ? 'ended' : 'closed');
        } else if (attempt >= 1) setBridgeState('unreachable');
        retry();
      });
    });
  };

  const channel: MessageChannel = {
    send: (message) => {
      if (message.type === 'call') outstanding.add(message.id);
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
      else if (socket?.readyState === WebSocket.CONNECTING) queued.push(message);
      else if (message.type === 'call') {
        const id = message.id;
        queueMicrotask(() => {
          outstanding.delete(id);
          receiver?.({ type: 'result', id, ok: false, error: disconnectedError().detail });
        });
      }
    },
    receive: (listener) => {
      receiver = listener;
    },
  };
  const api = createContractClient(channel);
  open();
  return api;
}
