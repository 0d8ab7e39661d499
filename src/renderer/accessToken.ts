/**
 * The browser host's access token on the page side. The printed address carries it once as ?token=…; the
 * page moves it into sessionStorage (this tab only, gone with the tab) and takes it out of the address bar,
 * so it is not left in history, bookmarks or screenshots. A reload finds it in sessionStorage again. It is
 * never a cookie: a browser would send a cookie to every other server on this host name, whatever the port.
 */
const storageKey = 'loupe.accessToken';

type Place = Pick<Location, 'href'>;
type HistoryLike = Pick<History, 'replaceState' | 'state'>;
type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export function takeAccessToken(
  location: Place,
  history: HistoryLike,
  storage: StorageLike | undefined,
): string | undefined {
  const url = new URL(location.href);
  const fromAddress = url.searchParams.get('token');
  if (fromAddress !== null) {
    url.searchParams.delete('token');
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
    if (fromAddress) {
      storage?.setItem(storageKey, fromAddress);
      return fromAddress;
    }
  }
  return storage?.getItem(storageKey) ?? undefined;
}

/** sessionStorage, or undefined where the browser refuses it (then the token lives in this page only). */
export function sessionStorageOrNothing(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
