/** Replay in the app: serve the opened snapshot, open a session on the replay, stop it. */
import { stringField } from '../../shared/json';
import type { ReplayServing } from '../../shared/replay';
import type { Snapshot } from '../../shared/snapshot';
import { getRootApi } from '../bridge';
import { openNewSession } from '../sessions/sessionsActions';
import { shownStore } from '../sessions/sessionStore';
import { connect } from '../store/sessionActions';

/** The replay each opened snapshot is served by: it goes on while another session is shown, until stopped. */
const served = new WeakMap<Snapshot, ReplayServing>();
/**
 * The addresses this page served replays at: a session connected to one is a replay (the sessions list and the
 * palette say so), also after the replay stopped (its session stays, closed, with what it recorded).
 */
const servedUrls = new Set<string>();

export function isServedReplay(url: string): boolean {
  return servedUrls.has(url);
}

export function servingOf(snapshot: Snapshot): ReplayServing | null {
  return served.get(snapshot) ?? null;
}

/** Starts a replay of the snapshot on loopback; the text sent is the snapshot as opened (frames keep their raw text). */
export async function serveSnapshot(snapshot: Snapshot): Promise<ReplayServing> {
  const name = stringField(snapshot.serverInfo, 'name') ?? 'recording';
  const serving = await getRootApi().serveReplay({
    text: JSON.stringify(snapshot),
    fileName: `loupe-${name}.json`,
  });
  served.set(snapshot, serving);
  servedUrls.add(serving.url);
  return serving;
}

export async function stopServing(snapshot: Snapshot): Promise<void> {
  const serving = served.get(snapshot);
  served.delete(snapshot);
  // Its URL stays known: a session that was connected to it stays a replay session in the strip.
  if (serving) await getRootApi().stopReplay(serving.id);
}

/** A new session connected to the replay, like to any server (the snapshot stays open in the session it was in). */
export async function openSessionOnReplay(serving: ReplayServing): Promise<void> {
  const session = await openNewSession();
  if (session === undefined) return;
  await connect({ transport: serving.transport, url: serving.url }, {}, shownStore());
}
