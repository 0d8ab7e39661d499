// Functions evaluated inside the page (Chromium) by the renderer bench. Each is self-contained: Playwright
// serialises it, so it may use only its argument and browser globals.
/* global window, document, performance, requestAnimationFrame, MutationObserver, PerformanceObserver */

/** Installed before the app loads: collects long tasks and stamps every keydown. */
export function installObservers() {
  window.__bench = { longTasks: [], keyAt: 0 };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    window.__bench.noLongTaskObserver = true;
  }
  document.addEventListener('keydown', () => (window.__bench.keyAt = performance.now()), true);
}

/** First contentful paint and the time now, both ms since navigation start. */
export function paintTimes() {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  return { firstContentfulPaintMs: paint ? paint.startTime : null, nowMs: performance.now() };
}

/**
 * After a keystroke: waits until the first row of the list named `label` shows `expected`, then for the
 * next painted frame; returns ms from the keydown to that paint (-1 after 10 s).
 */
export function keystrokeToPaint({ label, expected }) {
  const keyAt = window.__bench.keyAt;
  const list = document.querySelector(`[role="listbox"][aria-label="${label}"]`);
  const matches = () => {
    const first = list?.querySelector('[role="option"] .item-name') ?? list?.querySelector('[role="option"]');
    return first?.textContent?.trim() === expected;
  };
  const painted = () =>
    new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - keyAt), 0)));
  if (matches()) return painted();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(-1);
    }, 10_000);
    const observer = new MutationObserver(() => {
      if (!matches()) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(painted());
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/**
 * Scrolls the list named `label` from top to bottom in `steps` equal jumps, one per animation frame
 * (each jump shows rows never rendered before), and reports the long tasks and frame gaps meanwhile.
 */
export async function scrollEndToEnd({ label, steps }) {
  const list = document.querySelector(`[role="listbox"][aria-label="${label}"]`);
  if (!list) return { error: `no listbox labelled ${label}` };
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  list.scrollTop = 0;
  await frame();
  await frame();
  const range = list.scrollHeight - list.clientHeight;
  const started = performance.now();
  let last = started;
  const gaps = [];
  for (let step = 1; step <= steps; step += 1) {
    list.scrollTop = Math.round((range * step) / steps);
    await frame();
    const now = performance.now();
    gaps.push(now - last);
    last = now;
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  const durationMs = performance.now() - started;
  const tasks = window.__bench.longTasks.filter((task) => task.start >= started).map((task) => task.duration);
  const rows = list.querySelectorAll('[role="option"]');
  gaps.sort((a, b) => a - b);
  return {
    steps,
    scrollHeightPx: list.scrollHeight,
    durationMs,
    longTasks: tasks.length,
    longestTaskMs: tasks.length ? Math.max(...tasks) : 0,
    longTaskObserver: !window.__bench.noLongTaskObserver,
    frameGapP50Ms: gaps[Math.floor(gaps.length / 2)],
    frameGapP95Ms: gaps[Math.min(gaps.length - 1, Math.ceil(gaps.length * 0.95) - 1)],
    frameGapMaxMs: gaps[gaps.length - 1],
    lastRowText: rows.length ? rows[rows.length - 1].textContent : null,
    atBottom: list.scrollTop + list.clientHeight >= list.scrollHeight - 2,
  };
}

/** The number in the element matching `selector` (digits only, separators dropped), or -1. */
export function countIn(selector) {
  const text = document.querySelector(selector)?.textContent ?? '';
  const match = /[\d,.\u00a0\u202f ]*\d/.exec(text);
  return match ? Number(match[0].replace(/\D/g, '')) : -1;
}

/** True once the number in the element matching `selector` is at least `expected` (self-contained for waitForFunction). */
export function countAtLeast({ selector, expected }) {
  const text = document.querySelector(selector)?.textContent ?? '';
  const match = /[\d,.\u00a0\u202f ]*\d/.exec(text);
  return match ? Number(match[0].replace(/\D/g, '')) >= expected : false;
}

/** True when the first row of the list named `label` shows `expected`. */
export function firstRowIs({ label, expected }) {
  const list = document.querySelector(`[role="listbox"][aria-label="${label}"]`);
  const first = list?.querySelector('[role="option"] .item-name') ?? list?.querySelector('[role="option"]');
  return first?.textContent?.trim() === expected;
}
