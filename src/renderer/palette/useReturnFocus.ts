import { useEffect, type RefObject } from 'react';

/**
 * While `open`: focus `first` (or the first focusable element inside `container`) and, when it closes, give
 * focus back to the element that had it before, so a keyboard user lands where they were — unless what closed it
 * moved focus on already (a palette jump into a tool's form): that focus stays.
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
    const inside = container.current;
    return () => {
      const now = document.activeElement;
      const movedOn = now !== null && now !== document.body && !(inside?.contains(now) ?? false);
      if (before && before.isConnected && !movedOn) before.focus();
    };
  }, [open, container, first]);
}
