/**
 * Which open session is of a given server: comparing a snapshot with the live session of another server shows
 * nearly every item as added or removed, so the views name the sessions whose server has the snapshot's name.
 */
import type { SessionStatus } from '../../shared/session';
import type { SessionEntry } from '../store/sessionsSlice';

/** The server name of a connected session's handshake (undefined when not connected, or when it sent none). */
export function liveServerName(status: SessionStatus): string | undefined {
  if (status.state !== 'connected') return undefined;
  const name = status.handshake.serverInfo?.name;
  return typeof name === 'string' ? name : undefined;
}

/** The connected sessions (other than `except`) whose server is named `name`, in strip order. */
export function sessionsOfServer(
  entries: readonly SessionEntry[],
  name: string,
  except: string | null,
): SessionEntry[] {
  return entries.filter((entry) => entry.id !== except && liveServerName(entry.status) === name);
}
