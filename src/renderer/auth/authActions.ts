/** Sign-in actions of the UI: open the authorization page, sign out of the current server. */
import { toErrorData } from '../../shared/errors';
import type { LoupeApi } from '../../shared/contract';
import { asksBeforeOpeningPages } from '../bridge';
import { apiOf, sessionStore, shownStore } from '../sessions/sessionStore';

/**
 * Opens the sign-in page in a new tab (the browser host) or, in the desktop app, in the system browser: the
 * window hands http(s) pages to it after the user confirms. Only http(s) URLs are opened.
 */
export function openSignInPage(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return;
  window.open(parsed.href, '_blank', 'noopener,noreferrer');
}

/** The URL of the server now connected (or last tried), when it is an HTTP or SSE one. */
export function currentServerUrl(): string | undefined {
  const { status, lastTarget } = shownStore().getState();
  const target = status.state === 'idle' ? lastTarget : status.target;
  return target && target.transport !== 'stdio' && target.transport !== 'demo' ? target.url : undefined;
}

export async function signOut(): Promise<void> {
  const url = currentServerUrl();
  if (!url) return;
  const { setState } = shownStore();
  try {
    const removed = await apiOf(shownStore()).signOut(url);
    setState({
      authSignedOut:
        removed > 0
          ? `Signed out of ${url}: its tokens are forgotten; the next connect signs in again.`
          : `No saved sign-in for ${url}.`,
    });
  } catch (error) {
    setState({ authSignedOut: `Sign-out failed: ${toErrorData(error).message}` });
  }
}

export function bindAuthEvents(api: LoupeApi): () => void {
  const stops = [
    api.on('onAuthPrompt', (prompt, session) => {
      sessionStore(session).setState({ authPrompt: prompt, authSignedOut: null });
      // The desktop window asks before it opens anything; in a browser tab the banner's button is the asking.
      if (asksBeforeOpeningPages()) openSignInPage(prompt.authorizationUrl);
    }),
    api.on('onAuthNotice', (notice, session) =>
      sessionStore(session).setState({ authNotice: notice.message }),
    ),
    api.on('onStatus', (status, session) => {
      const { setState } = sessionStore(session);
      if (status.state === 'connecting') setState({ authNotice: null, authPrompt: null });
      else setState({ authPrompt: null });
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
