// The filter bench's 50 keystrokes: digit groups typed one by one, then erased. Tool names carry the only
// digits (descriptions and titles have none), so every keystroke changes the first row of the list, and
// the bench can tell exactly when the list shows the result of that keystroke.
import { tool } from '../servers/toolShape.mjs';

const groups = ['1234', '5678', '9012', '3456', '7890', '2468'];

function firstMatch(tools, query) {
  const needle = query.toLowerCase();
  for (const item of tools) {
    if (needle === '' || [item.name, item.title, item.description].some((text) => text.toLowerCase().includes(needle))) return item.name;
  }
  return undefined;
}

/** [{ key, query, expected }] for `count` keystrokes over `toolCount` tools. */
export function filterKeystrokes(toolCount, count = 50) {
  const tools = Array.from({ length: toolCount }, (_, index) => tool(index));
  const steps = [];
  let query = '';
  const push = (key, next) => {
    query = next;
    steps.push({ key, query, expected: firstMatch(tools, query) });
  };
  for (const group of [...groups, ...groups]) {
    for (const digit of group) push(digit, query + digit);
    for (let index = 0; index < group.length; index += 1) push('Backspace', query.slice(0, -1));
    if (steps.length >= count) break;
  }
  const chosen = steps.slice(0, count);
  for (let index = 1; index < chosen.length; index += 1) {
    if (chosen[index].expected === chosen[index - 1].expected || chosen[index].expected === undefined) {
      throw new Error(`keystroke ${index} (${chosen[index].query}) does not change the first row`);
    }
  }
  return chosen;
}

/**
 * Types `keystrokes` into the focused filter of the list named `label`, each armed first (pageProbes' armKeystroke):
 * [{ paintMs, workMs, framesLate }] per keystroke; throws when the list never shows a keystroke's first row.
 */
export async function timeKeystrokes(page, keystrokes, { label = 'Tools', onMissing = (text) => new Error(text) } = {}) {
  const { armKeystroke, keystrokeToPaint } = await import('./pageProbes.mjs');
  const measured = [];
  for (const keystroke of keystrokes) {
    await page.evaluate(armKeystroke, { label, expected: keystroke.expected });
    await page.keyboard.press(keystroke.key);
    const times = await page.evaluate(keystrokeToPaint);
    if (times.paintMs < 0) throw onMissing(`the list never showed ${keystroke.expected} for filter "${keystroke.query}"`);
    measured.push(times);
  }
  return measured;
}

/** The filter's figures from timeKeystrokes: keydown → paint as before, and the keystroke's work and frames late. */
export async function filterFigures(measured) {
  const { percentile } = await import('./stats.mjs');
  const series = (name) => measured.map((times) => times[name]);
  const round = (value) => Math.round(value * 10) / 10;
  const paint = series('paintMs');
  const work = series('workMs');
  const late = series('framesLate');
  return {
    keystrokes: measured.length,
    p50Ms: percentile(paint, 0.5),
    p95Ms: percentile(paint, 0.95),
    maxMs: Math.max(...paint),
    work: { p50Ms: round(percentile(work, 0.5)), p95Ms: round(percentile(work, 0.95)), maxMs: round(Math.max(...work)) },
    framesLate: {
      p50: percentile(late, 0.5),
      p95: percentile(late, 0.95),
      max: Math.max(...late),
      keystrokesLate: late.filter((frames) => frames > 0).length,
    },
  };
}
