/**
 * Alt+Shift+] / Alt+Shift+[: next / previous session, from anywhere in the page (the palette included).
 * Chromium on Linux keeps Ctrl+Tab, Ctrl/Alt+digits, Ctrl+PageUp/Down and Alt+arrows for itself; these reach
 * the page. Matched by the physical key (event.code), so Shift's ] → } does not matter, nor the layout's Alt.
 */
import { useEffect } from 'react';
import { switchSession } from './sessionsActions';

export function sessionStep(
  event: Pick<KeyboardEvent, 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'code'>,
): number {
  if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) return 0;
  if (event.code === 'BracketRight') return 1;
  if (event.code === 'BracketLeft') return -1;
  return 0;
}

export function useSessionKeys(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      const step = sessionStep(event);
      if (step === 0) return;
      event.preventDefault();
      void switchSession(step);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
