/**
 * Where the user signs in. The flow hands the authorization URL to a user agent and then waits for the loopback
 * redirect. Interactive: show the URL (the CLI prints it; the app opens a browser). Non-interactive (tests, CI):
 * GET the URL without a browser and follow the authorization server's redirects to the loopback receiver — this
 * only works where the server authorizes without a user, as the conformance suite's servers do.
 */
import { wireFetch } from '../wire/nodeHttpFetch.js';
import type { FetchLike } from '../wire/recordingFetch.js';

export type UserAgent = (authorizationUrl: string, redirectUri: string) => Promise<void>;

/** Tells the user where to go; the receiver then waits for the browser. */
export function interactiveUserAgent(show: (line: string) => void): UserAgent {
  return (authorizationUrl) => {
    show(`Open this URL in a browser to sign in (Loupe waits for the redirect):\n${authorizationUrl}`);
    return Promise.resolve();
  };
}

const maxHops = 10;

/**
 * `fetchImpl` defaults to the wire's fetch, so an authorization server on a port fetch refuses is reached too. Each
 * hop may take hopTimeoutMs: no person is waited for here, only the server.
 */
export function nonInteractiveUserAgent(fetchImpl: FetchLike = wireFetch, hopTimeoutMs = 10_000): UserAgent {
  return async (authorizationUrl, redirectUri) => {
    let url = authorizationUrl;
    for (let hop = 0; hop < maxHops; hop += 1) {
      let response: Response;
      try {
        response = await fetchImpl(url, { redirect: 'manual', signal: AbortSignal.timeout(hopTimeoutMs) });
      } catch (error) {
        if (error instanceof Error && error.name === 'TimeoutError')
          throw new Error(`${new URL(url).origin} got no answer within ${Math.round(hopTimeoutMs / 1000)} s`);
        throw error;
      }
      await response.body?.cancel();
      if (url.startsWith(redirectUri)) return; // the receiver has the callback
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        throw new Error(
          `the authorization server answered HTTP ${response.status} at ${new URL(url).origin} instead of redirecting back; ` +
            'non-interactive sign-in needs a server that authorizes without a user (sign in interactively instead)',
        );
      }
      url = new URL(location, url).href;
    }
    throw new Error(`more than ${maxHops} redirects from the authorization server`);
  };
}
