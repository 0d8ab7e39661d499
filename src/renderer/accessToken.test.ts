import { beforeEach, describe, expect, it } from 'vitest';
import { takeAccessToken } from './accessToken';

describe('takeAccessToken', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('moves ?token= from the address bar into sessionStorage, keeping the rest of the address', () => {
    window.history.replaceState(null, '', '/?view=tools&token=abc_DEF-123#traffic');
    expect(takeAccessToken(window.location, window.history, window.sessionStorage)).toBe('abc_DEF-123');
    expect(window.location.search).toBe('?view=tools');
    expect(window.location.hash).toBe('#traffic');
    expect(window.location.href).not.toContain('abc_DEF-123');
    expect(window.sessionStorage.getItem('loupe.accessToken')).toBe('abc_DEF-123');
    expect(document.cookie).toBe('');
  });

  it('finds the token again after a reload, when the address no longer carries it', () => {
    window.history.replaceState(null, '', '/?token=first');
    takeAccessToken(window.location, window.history, window.sessionStorage);
    expect(window.location.pathname + window.location.search).toBe('/');
    expect(takeAccessToken(window.location, window.history, window.sessionStorage)).toBe('first');
  });

  it('prefers a new token in the address over the stored one (a new run of the host)', () => {
    window.sessionStorage.setItem('loupe.accessToken', 'old');
    window.history.replaceState(null, '', '/?token=new');
    expect(takeAccessToken(window.location, window.history, window.sessionStorage)).toBe('new');
    expect(window.sessionStorage.getItem('loupe.accessToken')).toBe('new');
  });

  it('has no token without one in the address or storage, and keeps it in memory when storage is refused', () => {
    expect(takeAccessToken(window.location, window.history, window.sessionStorage)).toBeUndefined();
    window.history.replaceState(null, '', '/?token=only-here');
    expect(takeAccessToken(window.location, window.history, undefined)).toBe('only-here');
    expect(window.location.search).toBe('');
  });
});
