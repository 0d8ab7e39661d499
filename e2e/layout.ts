/**
 * Layout measured as the person sees it, each measure taken in one frame: read one box, then another, and a list's
 * findings arriving between the two reads (the lenses answer on their own time) move the second alone, so the boxes
 * of one layout could be compared with those of the next (appLayout.spec failed so on a loaded machine).
 */
import type { Locator, Page } from '@playwright/test';

export type Box = { x: number; y: number; width: number; height: number };

interface Measured {
  getBoundingClientRect(): Box;
  contains(other: unknown): boolean;
}

/** The boxes of these elements, all read in the same frame. */
export async function boxes(page: Page, ...locators: Locator[]): Promise<Box[]> {
  const handles = await Promise.all(
    locators.map(async (locator) => {
      const handle = await locator.elementHandle();
      if (!handle) throw new Error(`not rendered: ${String(locator)}`);
      return handle;
    }),
  );
  try {
    return await page.evaluate(
      (elements) =>
        elements.map((element) => {
          const { x, y, width, height } = (element as unknown as Measured).getBoundingClientRect();
          return { x, y, width, height };
        }),
      handles,
    );
  } finally {
    await Promise.all(handles.map((handle) => handle.dispose()));
  }
}

/** Two boxes share some area (touching edges do not count). */
export function overlaps(a: Box, b: Box): boolean {
  const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const down = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return across > 0.5 && down > 0.5;
}

/** The element drawn at a locator's centre is it (or inside it): nothing covers it. Box and point in one frame. */
export async function drawnOnTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const scope = globalThis as unknown as { document: { elementFromPoint(x: number, y: number): unknown } };
    const box = (element as unknown as Measured).getBoundingClientRect();
    const top = scope.document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top === element || (element as unknown as Measured).contains(top);
  });
}
