/**
 * Fuzzy-ish ranking for the command palette: the label equal to the query, then starting with it, then a word of
 * it starting with it, then containing it, then holding its characters in order (fewer gaps better), then a
 * detail line containing it. Ties keep the order the entries were given in. Case-insensitive.
 */
export interface Rankable {
  label: string;
  detail?: string;
}

/** Lower is better; undefined: no match. */
export function paletteScore(entry: Rankable, query: string): number | undefined {
  const needle = query.trim().toLowerCase();
  if (needle === '') return 0;
  const label = entry.label.toLowerCase();
  if (label === needle) return 0;
  if (label.startsWith(needle)) return 1;
  const at = label.indexOf(needle);
  if (at > 0 && /[\s/_\-.:#]/.test(label[at - 1])) return 2;
  if (at > 0) return 3;
  let position = -1;
  let gaps = 0;
  for (const character of needle) {
    if (character === ' ') continue;
    const next = label.indexOf(character, position + 1);
    if (next < 0) {
      position = -2;
      break;
    }
    if (position >= 0 && next > position + 1) gaps += 1;
    position = next;
  }
  if (position !== -2) return 4 + Math.min(gaps, 20) / 100;
  if (entry.detail?.toLowerCase().includes(needle)) return 5;
  return undefined;
}

/** The best `limit` entries for the query, best first. */
export function rankPalette<T extends Rankable>(entries: readonly T[], query: string, limit = 50): T[] {
  const scored: Array<{ entry: T; score: number; index: number }> = [];
  entries.forEach((entry, index) => {
    const score = paletteScore(entry, query);
    if (score !== undefined) scored.push({ entry, score, index });
  });
  scored.sort((left, right) => left.score - right.score || left.index - right.index);
  return scored.slice(0, limit).map((item) => item.entry);
}
