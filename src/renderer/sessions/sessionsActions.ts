/**
 * The session strip's actions: open, show, switch, close, and taking the backend's sessions up at start and
 * after the carrier came back. The strip lists every session the backend holds; the shown one lives in the
 * store's slices, the others in sessions/sessionStore.ts's stash.
 */
import { toErrorData } from '../../shared/errors';
import type { SessionStatus } from '../../shared/session';
import type { SessionInfo } from '../../shared/sessions';
import { sessionStorageOrNothing } from '../accessToken';
import { getRootApi, sessionApi } from '../bridge';
import { useLoupeStore } from '../store/store';
import type { SessionEntry } from '../store/sessionsSlice';
import { attachSession } from './attach';
import { isHiddenSession } from './hiddenSessions';
import { forget, holdFresh, isHeld, sessionStore, shownSessionId, swapShown } from './sessionStore';

const { getState, setState } = useLoupeStore;
const rememberKey = 'loupe.shownSession';

/** Held background sessions whose state may be behind the backend's (the carrier was down): read again when shown. */
const stale = new Set<string>();

function remember(session: string): void {
  try {
    sessionStorageOrNothing()?.setItem(rememberKey, session);
  } catch {
    // A browser that refuses storage just shows the first session after a reload.
  }
}

export function rememberedSession(): string | undefined {
  try {
    return sessionStorageOrNothing()?.getItem(rememberKey) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The server's name and era of a session's handshake: a connected one's, or the one a tapped session closed with. */
function handshakeFacts(status: SessionStatus): { name: unknown; era: 'modern' | 'legacy' | undefined } {
  const handshake =
    status.state === 'connected'
      ? status.handshake
      : status.state === 'closed'
        ? status.handshake
        : undefined;
  return { name: handshake?.serverInfo?.name, era: handshake?.era };
}

function entryOf(info: SessionInfo): SessionEntry {
  const status = info.status;
  const { name, era } = handshakeFacts(status);
  return {
    id: info.id,
    status,
    openedAt: info.openedAt,
    ...(typeof name === 'string' ? { serverName: name } : {}),
    ...(era ? { era } : {}),
  };
}

/** A status heard for any session: its dot in the strip follows it. */
export function noteSessionStatus(session: string | undefined, status: SessionStatus): void {
  const id = session ?? shownSessionId();
  if (id === undefined) return;
  const { name, era } = handshakeFacts(status);
  const known = { ...(typeof name === 'string' ? { serverName: name } : {}), ...(era ? { era } : {}) };
  setState((state) => ({
    sessionList: state.sessionList.map((entry) => (entry.id === id ? { ...entry, status, ...known } : entry)),
  }));
}

function isNoSession(error: unknown): boolean {
  return toErrorData(error).kind === 'no-session';
}

/** Reads a session back from the backend into the store it lives in; one the backend lost leaves the strip. */
async function attach(session: string): Promise<void> {
  try {
    await attachSession(sessionStore(session));
  } catch (error) {
    if (isNoSession(error)) await dropLost([session]);
    else sessionStore(session).setState({ connectError: toErrorData(error) });
  }
}

/** Puts a session on screen; one the page did not hold yet (or may be behind) is read back from the backend. */
export async function showSession(session: string): Promise<void> {
  if (!getState().sessionList.some((entry) => entry.id === session)) return;
  if (session === shownSessionId()) return;
  const held = swapShown(session);
  remember(session);
  if (!held || stale.delete(session)) await attach(session);
}

/** The next (step 1) or previous (step -1) session in the strip, wrapping around. */
export async function switchSession(step: number): Promise<void> {
  const list = getState().sessionList;
  if (list.length < 2) return;
  const index = list.findIndex((entry) => entry.id === shownSessionId());
  const next = list[(index + step + list.length * 2) % list.length];
  await showSession(next.id);
}

/** Opens a new idle session and shows it (the connection form): the other sessions are not touched. */
export async function openNewSession(): Promise<string | undefined> {
  try {
    const info = await getRootApi().openSession();
    setState((state) =>
      state.sessionList.some((entry) => entry.id === info.id)
        ? {}
        : { sessionList: [...state.sessionList, entryOf(info)] },
    );
    holdFresh(info.id);
    await showSession(info.id);
    return info.id;
  } catch (error) {
    setState({
      notice: { tone: 'error', text: `Could not open a new session: ${toErrorData(error).message}` },
    });
    return undefined;
  }
}

/** Removes sessions from the strip; when the shown one goes, a neighbour is shown (or a new idle session). */
async function removeSessions(ids: readonly string[]): Promise<void> {
  const gone = new Set(ids);
  const before = getState().sessionList;
  const shown = shownSessionId();
  const index = before.findIndex((entry) => entry.id === shown);
  const after = before.filter((entry) => !gone.has(entry.id));
  setState({ sessionList: after });
  for (const id of ids) {
    if (id !== shown) forget(id);
    stale.delete(id);
  }
  if (shown === undefined || !gone.has(shown)) return;
  const neighbour = after[Math.min(Math.max(index, 0), after.length - 1)] ?? after[after.length - 1];
  if (neighbour) {
    const held = swapShown(neighbour.id, true);
    remember(neighbour.id);
    if (!held || stale.delete(neighbour.id)) await attach(neighbour.id);
  } else {
    swapShown(null, true);
    await openNewSession();
  }
}

async function dropLost(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await removeSessions(ids);
  const names = ids.join(', ');
  setState({
    notice: {
      tone: 'error',
      text: `The backend no longer has session ${names} (it was closed elsewhere, or the host restarted): removed from the strip.`,
    },
  });
}

/** Ends a session (its connection, recorder, lists) and moves to a neighbour; closing the last leaves a new idle one. */
export async function closeSession(session: string = shownSessionId() ?? ''): Promise<void> {
  if (!getState().sessionList.some((entry) => entry.id === session)) return;
  try {
    await sessionApi(session).closeSession();
  } catch (error) {
    if (!isNoSession(error)) {
      setState({
        notice: { tone: 'error', text: `Could not close the session: ${toErrorData(error).message}` },
      });
      return;
    }
  }
  await removeSessions([session]);
}

/** The backend's list (onSessions, or sessions()): new ones join the strip, vanished ones leave it (`noticeLost`: saying so). */
export async function applySessionList(all: readonly SessionInfo[], noticeLost = false): Promise<void> {
  const infos = all.filter((info) => !isHiddenSession(info.id));
  const known = new Set(infos.map((info) => info.id));
  const current = getState().sessionList;
  const lost = current.filter((entry) => !known.has(entry.id)).map((entry) => entry.id);
  const byId = new Map(current.map((entry) => [entry.id, entry]));
  setState({
    sessionList: infos.map((info) => {
      const held = byId.get(info.id);
      // The strip's status of a held session follows its events; a new one starts from the backend's word.
      return held ? { ...held, status: info.status } : entryOf(info);
    }),
  });
  if (lost.length > 0) await (noticeLost ? dropLost(lost) : removeSessions(lost));
}

let listRequest = 0;
/**
 * onSessions: asks for the list again rather than applying the event's copy, so a list sent before this page
 * opened or closed a session (events are batched) cannot undo what the page just did. Only the latest answer counts.
 */
export async function refreshSessionList(): Promise<void> {
  const mine = ++listRequest;
  try {
    const infos = await getRootApi().sessions();
    if (mine === listRequest) await applySessionList(infos);
  } catch {
    // The carrier is down: reattachAll reads the list when it comes back.
  }
}

/**
 * At start: take up the backend's sessions (the remembered one shown, read back without new traffic), or,
 * when there are none, open one. Resolves with whether the shown session is a fresh one to connect.
 */
export async function attachAtStart(): Promise<boolean> {
  const api = getRootApi();
  const infos = (await api.sessions()).filter((info) => !isHiddenSession(info.id));
  const remembered = rememberedSession();
  // Taps that reached Loupe before any page opened are the hosts' sessions, not this page's: a first page still gets
  // its own session for the initial target (the demo), beside them. (It was missing: the taps were taken for a page
  // that had been here before.) A reload of a tab that showed one of them takes it up again.
  const owned = infos.filter((info) => info.status.state === 'idle' || !info.status.tapped);
  if (owned.length === 0 && !infos.some((info) => info.id === remembered)) {
    const info = await api.openSession();
    setState({ sessionList: [...infos.map(entryOf), entryOf(info)] });
    holdFresh(info.id);
    swapShown(info.id);
    remember(info.id);
    return true;
  }
  setState({ sessionList: infos.map(entryOf) });
  const chosen = infos.find((info) => info.id === remembered) ?? owned[0] ?? infos[0];
  swapShown(chosen.id);
  remember(chosen.id);
  // One session of the page's own that never connected: a page that starts over (the first load, or a reload before
  // it dialled).
  if (owned.length === 1 && chosen === owned[0] && chosen.status.state === 'idle') return true;
  await attach(chosen.id);
  return false;
}

/** The carrier came back: the backend kept its sessions; read the shown one again, the others when shown. */
export async function reattachAll(): Promise<void> {
  try {
    // Sessions gone now were lost while the carrier was down (the backend restarted): said in a notice.
    await applySessionList(await getRootApi().sessions(), true);
  } catch {
    return;
  }
  const shown = shownSessionId();
  for (const entry of getState().sessionList) {
    if (entry.id !== shown && isHeld(entry.id)) stale.add(entry.id);
  }
  if (shown !== undefined) await attach(shown);
}
