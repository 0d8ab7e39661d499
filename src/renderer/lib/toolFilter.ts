import type { JsonObject } from '../../shared/json';

const separator = '\u0000';

/**
 * One lowercased string per item holding the searched fields, built once per list so a keystroke costs one
 * `includes` per item instead of lowercasing every field again (measured in bench/README.md).
 */
export function buildHaystacks(
  items: readonly JsonObject[],
  fields = ['name', 'title', 'description'],
): string[] {
  return items.map((item) =>
    fields
      .map((field) => {
        const value = item[field];
        return typeof value === 'string' ? value.toLowerCase() : '';
      })
      .join(separator),
  );
}

/** The last list given to haystacksOf and its haystacks: a list that grew by rows appended is only extended. */
let last: { items: readonly JsonObject[]; haystacks: string[] } | undefined;

/**
 * buildHaystacks for a list shown as it streams in: when `items` begins with the last list given (rows were appended,
 * as a walk's pages arrive, or the walk's result is those rows), only the new rows are lowercased, so the haystacks are
 * ready when the list is whole rather than built then in one go.
 */
export function haystacksOf(items: readonly JsonObject[]): string[] {
  if (last?.items === items) return last.haystacks;
  const before = last;
  const grown =
    before !== undefined &&
    before.items.length > 0 &&
    items.length >= before.items.length &&
    items[0] === before.items[0] &&
    items[before.items.length - 1] === before.items[before.items.length - 1];
  const haystacks = grown
    ? before.haystacks.concat(buildHaystacks(items.slice(before.items.length)))
    : buildHaystacks(items);
  last = { items, haystacks };
  return haystacks;
}

/**
 * How well a haystack matches, lower is better, or -1 for no match: an exact first field (the name) 0, a name
 * that starts with the query 1, a name that contains it 2, then 2 + the field's place (title 3, description 4).
 * The first occurrence is in the earliest field that holds the query, as the fields are joined in order.
 */
export function matchRank(haystack: string, needle: string): number {
  const at = haystack.indexOf(needle);
  if (at < 0) return -1;
  const nameEnd = haystack.indexOf(separator);
  const nameLength = nameEnd < 0 ? haystack.length : nameEnd;
  if (at === 0 && needle.length === nameLength) return 0;
  if (at === 0) return 1;
  if (at < nameLength) return 2;
  let field = 0;
  for (
    let index = haystack.indexOf(separator);
    index >= 0 && index < at;
    index = haystack.indexOf(separator, index + 1)
  )
    field += 1;
  return 2 + field;
}

/**
 * Positions of the haystacks that contain the query (case-insensitive), best match first: exact name, name
 * prefix, name substring, title, description; in list order within each. Every position for an empty query.
 */
export function filterHaystacks(haystacks: readonly string[], query: string): number[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return haystacks.map((_haystack, index) => index);
  const buckets: number[][] = [];
  rankRange(haystacks, needle, 0, haystacks.length, buckets);
  return buckets.flatMap((bucket) => bucket);
}

/** The haystacks from..to that hold the needle, added to the bucket of their rank, in list order. */
function rankRange(
  haystacks: readonly string[],
  needle: string,
  from: number,
  to: number,
  buckets: number[][],
): void {
  for (let index = from; index < to; index += 1) {
    const rank = matchRank(haystacks[index], needle);
    if (rank >= 0) (buckets[rank] ??= []).push(index);
  }
}

/** The haystacks at `among` (an earlier query's positions, best first) that hold the needle, by rank, in list order. */
function rankAmong(
  haystacks: readonly string[],
  needle: string,
  among: readonly number[],
  buckets: number[][],
): void {
  for (const index of among) {
    const rank = matchRank(haystacks[index], needle);
    if (rank >= 0) (buckets[rank] ??= []).push(index);
  }
  for (const bucket of buckets) bucket?.sort((left, right) => left - right);
}

/**
 * Runs the search over these haystacks while the page is idle, a slice per idle period, and throws the result away:
 * the first key a person types then runs code the engine has already compiled for it. Cold, the first keys at 50,000
 * tools cost 4-8 times what they do warm (bench/README, "The filter within one frame"). Returns a function that stops
 * it (the list changed); `onDone(slices)` once it has run over every haystack.
 */
export function warmFilterWhenIdle(
  haystacks: readonly string[],
  onDone?: (slices: number) => void,
): () => void {
  const slice = 4_096;
  const needle = haystacks[0]?.charAt(0) || 'e';
  const longer = haystacks[0]?.slice(0, 2) || 'ex';
  let from = 0;
  let slices = 0;
  let stopped = false;
  const idle = typeof requestIdleCallback === 'function';
  let pending: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    if (idle) pending = requestIdleCallback(step, { timeout: 2_000 });
    else timer = setTimeout(step, 0);
  };
  const step = () => {
    if (stopped) return;
    const to = Math.min(haystacks.length, from + slice);
    const first: number[][] = [];
    rankRange(haystacks, needle, from, to, first);
    rankAmong(haystacks, longer, first.flat(), []);
    from = to;
    slices += 1;
    if (from < haystacks.length) next();
    else onDone?.(slices);
  };
  next();
  return () => {
    stopped = true;
    if (pending !== undefined) cancelIdleCallback(pending);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** Per list of haystacks, the last queries and their positions, newest last (typing and erasing come back to them). */
const recentMatches = new WeakMap<readonly string[], { needle: string; positions: number[] }[]>();
const keptQueries = 24;

/**
 * filterHaystacks for a filter typed a key at a time, with the same result: a query seen lately over these haystacks
 * (a key erased) is answered from its kept positions, and a query holding an earlier one (a key typed) is searched only
 * among that query's matches, since a haystack that holds the longer query holds the shorter; only a query with
 * nothing kept to narrow from searches the whole list. Each keystroke at 50,000 tools otherwise searched all 50,000.
 */
export function filterHaystacksTyped(haystacks: readonly string[], query: string): number[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return filterHaystacks(haystacks, needle);
  const kept = recentMatches.get(haystacks) ?? [];
  const known = kept.find((matches) => matches.needle === needle);
  if (known) return known.positions;
  let among: number[] | undefined;
  for (const matches of kept)
    if (needle.includes(matches.needle) && (!among || matches.positions.length < among.length))
      among = matches.positions;
  const buckets: number[][] = [];
  // The earlier query's positions are in its own order (best first): rankAmong restores list order within each rank.
  if (among) rankAmong(haystacks, needle, among, buckets);
  else rankRange(haystacks, needle, 0, haystacks.length, buckets);
  const positions = buckets.flatMap((bucket) => bucket);
  recentMatches.set(haystacks, [...kept.slice(1 - keptQueries), { needle, positions }]);
  return positions;
}
