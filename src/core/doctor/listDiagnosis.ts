/**
 * The doctor on a listing that came back but is wrong, the reference table's rows "duplicate tools" and "stale tool
 * list": names that repeat (which, on which pages, and why paging is the likely culprit), and a re-listing whose
 * items changed although the server sent no list_changed notification since the listing before.
 */
import type { Diagnosis } from '../../shared/doctor.js';
import type { Frame } from '../../shared/frames.js';
import type { JsonObject } from '../../shared/json.js';
import { itemKey, listMethods, type ListKind, type ListPage, type ListResult } from '../../shared/lists.js';
import { diffLists } from '../lists/diffLists.js';
// cutLine alone, not toolFacts: that one loads lint (and the security rules) onto every listing's path.
import { cutLine } from './cutLine.js';

const namesShown = 5;
const evidenceShown = 10;

/** Where each repeated name sits: its pages and positions (1-based), in list order. */
function repeatedNames(names: readonly string[], pages: readonly ListPage[]) {
  const pageOfPosition: number[] = [];
  for (const page of pages)
    for (let count = 0; count < page.itemCount; count += 1) pageOfPosition.push(page.index);
  const seen = new Map<string, { pages: number[]; positions: number[] }>();
  names.forEach((name, position) => {
    if (name === '') return;
    const entry = seen.get(name) ?? { pages: [], positions: [] };
    entry.pages.push(pageOfPosition[position] ?? 0);
    entry.positions.push(position + 1);
    seen.set(name, entry);
  });
  return [...seen].filter(([, entry]) => entry.positions.length > 1);
}

function pageList(pages: readonly number[]): string {
  const unique = [...new Set(pages)];
  if (unique.length === 1) return `page ${unique[0]} (${pages.length} times)`;
  return `pages ${unique.slice(0, -1).join(', ')} and ${unique.at(-1)}`;
}

/** Names that appear more than once in a listing: which, on which pages, and what to do; undefined when none. */
export function duplicateDiagnosis(
  kind: ListKind,
  items: readonly JsonObject[],
  pages: readonly ListPage[],
): Diagnosis | undefined {
  return duplicateNamesDiagnosis(
    kind,
    items.map((item) => itemKey(kind, item)),
    pages,
  );
}

/**
 * The same from the items' names alone (itemKey of each, in list order): a walk that hands its items on page by
 * page (`loupe list`) keeps only these.
 */
export function duplicateNamesDiagnosis(
  kind: ListKind,
  names: readonly string[],
  pages: readonly ListPage[],
): Diagnosis | undefined {
  const repeated = repeatedNames(names, pages);
  if (repeated.length === 0) return undefined;
  const acrossPages = repeated.some(([, entry]) => new Set(entry.pages).size > 1);
  const shown = repeated
    .slice(0, namesShown)
    .map(([name, entry]) => `“${cutLine(name)}” (${pageList(entry.pages)})`)
    .join(', ');
  const more = repeated.length > namesShown ? ` and ${repeated.length - namesShown} more` : '';
  const noun = kind === 'templates' ? 'resource templates' : kind;
  const method = listMethods[kind].method;
  const likelyCause = acrossPages
    ? `The ${noun} listing repeats ${repeated.length} name${repeated.length === 1 ? '' : 's'} across pages: ${shown}${more}. The server’s paging is likely at fault: a cursor that led back to items already sent, or a page served twice.`
    : `The ${noun} listing repeats ${repeated.length} name${repeated.length === 1 ? '' : 's'} within one page: ${shown}${more}. The server registers the same name twice.`;
  const pagesInvolved = new Set(repeated.flatMap(([, entry]) => entry.pages));
  const cursorLines = pages
    .filter((page) => pagesInvolved.has(page.index))
    .map(
      (page) =>
        `${method} page ${page.index}: cursor ${page.cursor === undefined ? '(none)' : `“${cutLine(page.cursor)}”`} → nextCursor ${page.nextCursor === undefined ? '(none)' : `“${cutLine(page.nextCursor)}”`}, ${page.itemCount} items`,
    );
  const nameLines = repeated
    .slice(0, evidenceShown)
    .map(
      ([name, entry]) =>
        `“${cutLine(name)}” at positions ${entry.positions.join(', ')} (pages ${entry.pages.join(', ')})`,
    );
  return {
    likelyCause,
    nextStep: `Calls by name are ambiguous: the server decides which one runs. Compare each page’s cursor and nextCursor in Traffic and report it to the server’s authors; Loupe shows every item as sent and does not deduplicate.`,
    evidence: [...nameLines, ...cursorLines.slice(0, evidenceShown)],
  };
}

const listChangedOf: Partial<Record<ListKind, string>> = {
  tools: 'notifications/tools/list_changed',
  prompts: 'notifications/prompts/list_changed',
  resources: 'notifications/resources/list_changed',
  templates: 'notifications/resources/list_changed',
};

/**
 * A re-listing whose items differ from the listing before, with no list_changed notification between the two:
 * the server changed its list silently. Both listings must be complete; undefined when nothing changed or the
 * server did notify.
 */
export function silentChangeDiagnosis(
  before: ListResult,
  after: ListResult,
  frames: readonly Frame[],
): Diagnosis | undefined {
  if (!before.complete || !after.complete || before.kind !== after.kind) return undefined;
  const notification = listChangedOf[after.kind];
  const since = before.pages.at(-1)?.responseSeq;
  if (!notification || since === undefined) return undefined;
  const diff = diffLists(after.kind, before.items, after.items);
  const changes = diff.added.length + diff.removed.length + diff.changed.length;
  if (changes === 0) return undefined;
  const notified = frames.some(
    (frame) =>
      frame.seq > since &&
      frame.direction === 'in' &&
      frame.kind === 'notification' &&
      frame.method === notification,
  );
  if (notified) return undefined;
  const names = (label: string, list: string[]): string[] =>
    list.length > 0
      ? [
          `${label}: ${list
            .slice(0, evidenceShown)
            .map((name) => `“${cutLine(name)}”`)
            .join(', ')}${list.length > evidenceShown ? ` and ${list.length - evidenceShown} more` : ''}`,
        ]
      : [];
  return {
    likelyCause: `The ${after.kind} changed since the last listing (${diff.added.length} added, ${diff.removed.length} removed, ${diff.changed.length} changed), but the server sent no ${notification}: a client that waits for it keeps a stale list.`,
    nextStep: `The server should send ${notification} whenever its list changes (and declare listChanged); until it does, re-list before relying on the list.`,
    evidence: [
      ...names('added', diff.added),
      ...names('removed', diff.removed),
      ...names('changed', diff.changed),
      `no ${notification} after frame #${since} (the last page of the listing before)`,
    ],
  };
}
