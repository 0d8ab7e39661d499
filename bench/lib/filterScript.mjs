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
