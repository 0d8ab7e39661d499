/** What the strip says about a session: a short label (server name, else the target) and its state in words. */
import type { SessionStatus } from '../../shared/session';
import { describeTarget } from '../../shared/target';

export const nextSessionKeys = 'Alt+Shift+]';
export const previousSessionKeys = 'Alt+Shift+[';

const maxLabel = 40;

export function sessionLabel(status: SessionStatus, serverName?: string): string {
  if (status.state !== 'idle' && status.tapped) return clip(status.tapped.label);
  if (status.state === 'connected') {
    const name = status.handshake.serverInfo?.name;
    if (typeof name === 'string' && name.trim()) return clip(name);
  }
  if (serverName) return clip(serverName);
  if (status.state === 'idle') return 'New session';
  return clip(describeTarget(status.target));
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > maxLabel ? `${line.slice(0, maxLabel - 1)}…` : line;
}

export function statusWords(status: SessionStatus): string {
  switch (status.state) {
    case 'idle':
      return 'idle';
    case 'connecting':
      return 'connecting';
    case 'connected':
      return 'connected';
    default:
      return status.reason ? 'closed with an error' : 'closed';
  }
}
