import { useEffect, type RefObject } from 'react';

/**
 * While `open`: focus `first` (or the first focusable element inside `container`) and, when it closes, give
 * focus back to the element that had it before, so a keyboard user lands where they were.
 */
export function useReturnFocus(
  open: boolean,
  container: RefObject<HTMLElement | null>,
  first?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return undefined;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target =
      first?.current ??
      container.current?.querySelector<HTMLElement>('button, input, select, textarea, [tabindex]');
    target?.focus();
    return () => {
      if (before && before.isConnected) before.focus();
    };
  }, [open, container, first]);
}
