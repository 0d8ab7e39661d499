// Functions evaluated inside the page (Chromium) by the renderer bench. Each is self-contained: Playwright
// serialises it, so it may use only its argument and browser globals.
/* global window, document, performance, requestAnimationFrame, MutationObserver, PerformanceObserver */

/**
 * Installed before the app loads: collects long tasks, stamps every keydown, and gives `window.__bench.arm` (see
 * armKeystroke): a keystroke watched from its keydown to the list showing its result.
 */
export function installObservers() {
  window.__bench = { longTasks: [], keyAt: 0, armed: null };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    window.__bench.noLongTaskObserver = true;
  }
  const firstRowText = (label) => {
    const list = document.querySelector(`[role="listbox"][aria-label="${label}"]`);
    const first = list?.querySelector('[role="option"] .item-name') ?? list?.querySelector('[role="option"]');
    return first?.textContent?.trim();
  };
  // The next keydown is watched: when the list named `label` first shows `expected` (a MutationObserver, so inside
  // the task that changed it), the page lays out what changed right there (reading offsetHeight: the layout the
  // browser would do next anyway, forced by the editor revealing the caret or in the frame, not an extra one) and
  // stamps workMs, keydown to list updated and laid out. framesLate counts the animation frames that began before
  // that and were not the frame the change happened in (a change made in a frame's own rAF callbacks still paints
  // in it): 0 means the result is in the first frame painted after the keystroke.
  window.__bench.arm = ({ label, expected }) => {
    const record = { label, expected, keyAt: 0, workMs: null, framesLate: 0, inFrame: false };
    record.settled = new Promise((resolve) => (record.resolve = resolve));
    window.__bench.armed = record;
  };
  const watch = (record) => {
    let observer;
    const matched = () => {
      if (record.workMs !== null || firstRowText(record.label) !== record.expected) return;
      void document.documentElement.offsetHeight;
      record.workMs = performance.now() - record.keyAt;
      if (record.inFrame) record.framesLate -= 1;
      observer?.disconnect();
      clearTimeout(record.timer);
      record.resolve();
    };
    const tick = () => {
      if (record.workMs !== null || record.stopped) return;
      record.framesLate += 1;
      record.inFrame = true;
      setTimeout(() => (record.inFrame = false), 0);
      requestAnimationFrame(tick);
    };
    observer = new MutationObserver(matched);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    record.timer = setTimeout(() => {
      record.stopped = true;
      observer.disconnect();
      record.resolve();
    }, 10_000);
    requestAnimationFrame(tick);
    matched();
  };
  document.addEventListener(
    'keydown',
    () => {
      window.__bench.keyAt = performance.now();
      const record = window.__bench.armed;
      if (record && record.keyAt === 0) {
        record.keyAt = window.__bench.keyAt;
        watch(record);
      }
    },
    true,
  );
}

/** Before a keystroke: its keydown will be watched until the first row of the list named `label` shows `expected`. */
export function armKeystroke({ label, expected }) {
  window.__bench.arm({ label, expected });
}

/** First contentful paint and the time now, both ms since navigation start. */
export function paintTimes() {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  return { firstContentfulPaintMs: paint ? paint.startTime : null, nowMs: performance.now() };
}

/**
 * After a keystroke armed with armKeystroke: waits until the list shows the result, then for the next painted frame
 * (the next animation frame, then a task after its rendering). Returns { paintMs: keydown to that paint, the figure
 * quoted since the filter was first timed (it holds the wait for the next vsync, 0–16.7 ms, which no code removes),
 * workMs: keydown to the list updated and laid out, framesLate: frames painted before the one with the result }; all
 * -1 when the list never showed it (10 s).
 */
export async function keystrokeToPaint() {
  const record = window.__bench.armed;
  if (!record || record.keyAt === 0) return { paintMs: -1, workMs: -1, framesLate: -1 };
  await record.settled;
  if (record.workMs === null) return { paintMs: -1, workMs: -1, framesLate: -1 };
  const paintMs = await new Promise((resolve) =>
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - record.keyAt), 0)),
  );
  return { paintMs, workMs: record.workMs, framesLate: Math.max(0, record.framesLate) };
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
