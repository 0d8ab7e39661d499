/**
 * How the browser page presents the host's access token when it opens /ws: as a WebSocket subprotocol
 * `loupe.token.<token>` offered next to `loupe`, which the host picks. A browser lets a page set this
 * header but never stores or sends it by itself (unlike a cookie, which goes to every port of the host),
 * so only a page that holds the token can present it, and the token never appears in a URL.
 */
export const webSocketProtocol = 'loupe';
export const tokenProtocolPrefix = 'loupe.token.';

/** The protocol list a client offers: Loupe's own, then the token. */
export function webSocketProtocols(token: string): string[] {
  return [webSocketProtocol, `${tokenProtocolPrefix}${token}`];
}

/** The token offered in a Sec-WebSocket-Protocol header value (a comma-separated list), or undefined. */
export function offeredToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const entry of header.split(',')) {
    const value = entry.trim();
    if (value.startsWith(tokenProtocolPrefix)) return value.slice(tokenProtocolPrefix.length);
  }
  return undefined;
}
