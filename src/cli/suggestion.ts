/**
 * "Did you mean …?" for a mistyped command: the closest real one by edit distance (insertions, deletions,
 * substitutions and swaps of two neighbours, each counting 1: `lsit` is one swap from `list`), or one the word
 * begins (`snap` → `snapshot`). Nothing when no command is close: a guess that far off would mislead.
 */

/** Optimal string alignment distance: Levenshtein plus adjacent transpositions. */
export function editDistance(left: string, right: string): number {
  const rows = left.length + 1;
  const columns = right.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_, row) =>
    Array.from({ length: columns }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)),
  );
  for (let row = 1; row < rows; row += 1) {
    for (let column = 1; column < columns; column += 1) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let best = Math.min(
        table[row - 1][column] + 1,
        table[row][column - 1] + 1,
        table[row - 1][column - 1] + cost,
      );
      if (
        row > 1 &&
        column > 1 &&
        left[row - 1] === right[column - 2] &&
        left[row - 2] === right[column - 1]
      ) {
        best = Math.min(best, table[row - 2][column - 2] + 1);
      }
      table[row][column] = best;
    }
  }
  return table[rows - 1][columns - 1];
}

/** The candidate closest to `word` (at most 2 edits, and fewer than the word has letters), or undefined. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const typed = word.toLowerCase();
  if (typed.length > 40) return undefined;
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(typed, candidate);
    if (distance <= 2 && distance < typed.length && (best === undefined || distance < best.distance)) {
      best = { candidate, distance };
    }
  }
  const prefixed =
    typed.length >= 3 ? candidates.find((candidate) => candidate.startsWith(typed)) : undefined;
  // One edit away wins; two edits lose to a command the word begins (`snap` is `snapshot`, not `scan`).
  if (best && best.distance <= 1) return best.candidate;
  return prefixed ?? best?.candidate;
}
