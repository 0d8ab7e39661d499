/**
 * Sessions this page opened for itself, to use and close at once (a second listing without capabilities): they
 * stay out of the strip, so a session the user did not open does not appear in it and vanish again.
 */
const hidden = new Set<string>();

export function hideSession(session: string): void {
  hidden.add(session);
}

export function isHiddenSession(session: string): boolean {
  return hidden.has(session);
}
