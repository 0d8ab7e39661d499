/**
 * Walks every page of a list (tools, resources, templates, prompts) by following nextCursor until it is
 * absent. Cursors are opaque: sent back exactly as received, never decoded. A walk that stops early
 * (page limit, cursor loop, error, timeout, disconnect, abort) keeps the items of the pages it fetched
 * but is never marked complete, and its error names the page.
 *
 * An empty-string nextCursor is still a cursor: the spec makes "present" the signal for more results
 * and the Cursor type is any string, so "" is sent back; a server that means "the end" with "" then
 * answers with no nextCursor or is caught as a cursor loop, which is louder than a quiet undercount.
 * A null nextCursor is treated as absent; any other non-string is an invalid response.
 */
import type { LoupeErrorData } from '../../shared/errors.js';
import { LoupeError, toErrorData } from '../../shared/errors.js';
import type { JsonObject } from '../../shared/json.js';
import { isJsonObject } from '../../shared/json.js';
import type { ListKind, ListPage, ListProgress, ListResult } from '../../shared/lists.js';
import { defaultPageLimit, itemKey, listMethods } from '../../shared/lists.js';
import { duplicateDiagnosis, duplicateNamesDiagnosis } from '../doctor/listDiagnosis.js';
import { diagnosed } from '../doctor/withDiagnosis.js';
import type { McpSession } from '../types.js';
import { inTraceAction } from '../trace/traceAction.js';

export interface WalkOptions {
  /** Pages fetched at most; a server still sending nextCursor after that many ends with `page-limit`. */
  pageLimit?: number;
  /** Per-page request timeout, ms (the session's default when absent). */
  timeoutMs?: number;
  onProgress?: (progress: ListProgress) => void;
  signal?: AbortSignal;
  /**
   * A walk that stopped at the page limit, to go on from: its items and pages are kept, the walk starts from its
   * last nextCursor (not from page 1) and `pageLimit` counts the pages fetched now.
   */
  resume?: ListResult;
}

export type PageOutcome = { items: JsonObject[]; nextCursor?: string } | { error: LoupeErrorData };

/**
 * Reads one page's result: the item array (all objects) and the nextCursor, or what is wrong with it. Loupe's own
 * walks and a host's walk read through a tap (tap/liveSession.ts) read pages with it alike.
 */
export function readPage({ method, key }: PagedMethod, result: JsonObject, pageNumber: number): PageOutcome {
  const invalid = (detail: string): PageOutcome => ({
    error: {
      kind: 'invalid-response',
      message: `Page ${pageNumber} of ${method} is invalid: ${detail}.`,
      data: { page: pageNumber },
    },
  });
  const array = result[key];
  if (array === undefined) return invalid(`the result has no "${key}" array`);
  if (!Array.isArray(array))
    return invalid(`"${key}" is ${array === null ? 'null' : typeof array}, not an array`);
  const items: JsonObject[] = [];
  for (const [position, item] of array.entries()) {
    if (!isJsonObject(item)) return invalid(`item ${position + 1} of "${key}" is not an object`);
    items.push(item);
  }
  const next = result.nextCursor;
  if (next === undefined || next === null) return { items };
  if (typeof next !== 'string')
    return invalid(`nextCursor is ${Array.isArray(next) ? 'an array' : typeof next}, not a string`);
  return { items, nextCursor: next };
}

/** An error from the session, restated with the page it failed on; kind and code kept. */
function failedOnPage(error: unknown, method: string, pageNumber: number, fetched: number): LoupeErrorData {
  const cause = toErrorData(error);
  const kept =
    fetched === 0
      ? 'no pages were fetched'
      : `the ${fetched} page${fetched === 1 ? '' : 's'} before it are kept`;
  return {
    ...cause,
    message: `${method} failed on page ${pageNumber}: ${cause.message} (${kept}; the list is incomplete).`,
    data: {
      page: pageNumber,
      pagesFetched: fetched,
      ...(cause.data === undefined ? {} : { cause: cause.data }),
    },
  };
}

/** ttlMs and cacheScope of a modern (CacheableResult) page, when sent with the right types. */
function cacheHints(result: JsonObject): { ttlMs?: number; cacheScope?: string } {
  const hints: { ttlMs?: number; cacheScope?: string } = {};
  if (typeof result.ttlMs === 'number') hints.ttlMs = result.ttlMs;
  if (typeof result.cacheScope === 'string') hints.cacheScope = result.cacheScope;
  return hints;
}

/** The record of one page read: its number, the cursor sent, what came back, and the frames that carried it. */
export function listPage(
  index: number,
  cursor: string | undefined,
  outcome: { items: JsonObject[]; nextCursor?: string },
  response: { result: JsonObject; requestSeq?: number; responseSeq?: number; rttMs: number },
): ListPage {
  return {
    index,
    ...(cursor === undefined ? {} : { cursor }),
    ...(outcome.nextCursor === undefined ? {} : { nextCursor: outcome.nextCursor }),
    itemCount: outcome.items.length,
    ...cacheHints(response.result),
    ...(response.requestSeq === undefined ? {} : { requestSeq: response.requestSeq }),
    ...(response.responseSeq === undefined ? {} : { responseSeq: response.responseSeq }),
    rttMs: response.rttMs,
  };
}

/** A paginated method and the key of its result's item array (a list kind's, or an extension's like skills/list). */
export interface PagedMethod {
  method: string;
  key: string;
}

export interface PageWalkOptions extends Omit<WalkOptions, 'onProgress' | 'resume'> {
  /** After each page: pages fetched so far, items so far, and that page's items. */
  onPage?: (pages: number, items: number, page: JsonObject[]) => void;
  resume?: PageWalk;
}

/** What walking any paginated method gives: the items as sent, the pages, and why it stopped early (undiagnosed). */
export interface PageWalk {
  items: JsonObject[];
  pages: ListPage[];
  complete: boolean;
  error?: LoupeErrorData;
  startedAt: number;
  endedAt: number;
}

export async function walkList(
  session: McpSession,
  kind: ListKind,
  options: WalkOptions = {},
): Promise<ListResult> {
  const { onProgress, ...rest } = options;
  const walked = await walkPages(session, listMethods[kind], {
    ...rest,
    ...(onProgress
      ? {
          onPage: (pages, count, page) =>
            onProgress({ kind, pages, items: count, rows: page, offset: count - page.length }),
        }
      : {}),
  });
  const { items, pages, complete } = walked;
  // Modern era: the session mirrors x-mcp-header parameters of these tools into HTTP headers.
  if (kind === 'tools' && session.toolHeaders) session.toolHeaders.learn(items, complete);
  return { kind, items, ...walkEnd(session, walked, duplicateDiagnosis(kind, items, pages)) };
}

/** What any walk's result ends with: pages, completeness, the error with the doctor's cause, repeated names, times. */
function walkEnd(
  session: McpSession,
  walked: Pick<PageWalk, 'pages' | 'complete' | 'error' | 'startedAt' | 'endedAt'>,
  duplicates: ListResult['doctor'],
): Omit<ListResult, 'kind' | 'items'> {
  // The connection doctor's cause and next step ride on the error (page limit, cursor loop, method not found…).
  const diagnosedError = walked.error ? diagnosed(walked.error, session.recorder.frames()) : undefined;
  return {
    pages: walked.pages,
    complete: walked.complete,
    ...(diagnosedError ? { error: diagnosedError } : {}),
    ...(duplicates ? { doctor: duplicates } : {}),
    startedAt: walked.startedAt,
    endedAt: walked.endedAt,
  };
}

/** What a walk that handed its items on page by page gives: a ListResult less the items, and how many there were. */
export interface StreamedList extends Omit<ListResult, 'items'> {
  itemCount: number;
}

/**
 * Walks every page as walkList does but keeps no items: each page's items go to onItems as they arrive (in list order;
 * offset is the position of rows[0]) and the result counts them. For a listing that is printed and done (`loupe
 * list`): 50,000 parsed items held through the walk were what its garbage collector spent its time on. The
 * repeated-names doctor runs on the names, kept alone; the session learns no tool headers from this walk (a modern
 * session mirrors x-mcp-header parameters for the tools of a listing it keeps, to call them later).
 */
export async function streamList(
  session: McpSession,
  kind: ListKind,
  onItems: (rows: JsonObject[], offset: number) => void,
  options: Omit<WalkOptions, 'resume'> = {},
): Promise<StreamedList> {
  const { onProgress, ...rest } = options;
  const names: string[] = [];
  const walked = await inTraceAction(() =>
    followPages(session, listMethods[kind], {
      ...rest,
      keepItems: false,
      onPage: (pages, count, page) => {
        for (const item of page) names.push(itemKey(kind, item));
        onItems(page, count - page.length);
        onProgress?.({ kind, pages, items: count, rows: page, offset: count - page.length });
      },
    }),
  );
  return {
    kind,
    itemCount: walked.itemCount,
    ...walkEnd(session, walked, duplicateNamesDiagnosis(kind, names, walked.pages)),
  };
}

/** Follows nextCursor through every page of one paginated method, with the page limit and the cursor-loop check. */
export function walkPages(
  session: McpSession,
  paged: PagedMethod,
  options: PageWalkOptions = {},
): Promise<PageWalk> {
  // One walk is one action: its pages share a trace (SEP-414 trace context, core/trace/traceAction.ts).
  return inTraceAction(async () => {
    const { itemCount: _count, ...walked } = await followPages(session, paged, options);
    return walked;
  });
}

interface FollowOptions extends PageWalkOptions {
  /** False: the items go to onPage only and `items` stays empty (itemCount counts them); not with resume. */
  keepItems?: boolean;
}

async function followPages(
  session: McpSession,
  paged: PagedMethod,
  options: FollowOptions,
): Promise<PageWalk & { itemCount: number }> {
  const { method } = paged;
  const pageLimit = Math.max(1, Math.floor(options.pageLimit ?? defaultPageLimit));
  const resume = options.resume;
  const startedAt = resume?.startedAt ?? session.now();
  const keep = options.keepItems !== false;
  if (!keep && resume) throw new Error('walkPages: a walk that keeps no items cannot resume another');
  const items: JsonObject[] = resume ? [...resume.items] : [];
  let itemCount = items.length;
  const pages: ListPage[] = resume ? [...resume.pages] : [];
  /** Cursors already received, with the page that returned each one. */
  const seen = new Map<string, number>();
  for (const page of pages) if (page.nextCursor !== undefined) seen.set(page.nextCursor, page.index);
  const firstPage = pages.length + 1;

  const finish = (complete: boolean, error?: LoupeErrorData): PageWalk & { itemCount: number } => ({
    items,
    itemCount,
    pages,
    complete,
    ...(error ? { error } : {}),
    startedAt,
    endedAt: session.now(),
  });

  let cursor: string | undefined = pages.at(-1)?.nextCursor;
  if (resume && cursor === undefined) return finish(resume.complete, resume.error);
  for (let pageNumber = firstPage; ; pageNumber += 1) {
    if (options.signal?.aborted) {
      return finish(
        false,
        failedOnPage(
          new LoupeError({ kind: 'cancelled', message: 'the walk was cancelled' }),
          method,
          pageNumber,
          pages.length,
        ),
      );
    }
    let response;
    try {
      response = await session.request(method, cursor === undefined ? {} : { cursor }, {
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      return finish(false, failedOnPage(error, method, pageNumber, pages.length));
    }
    const outcome = readPage(paged, response.result, pageNumber);
    if ('error' in outcome) return finish(false, outcome.error);
    // One at a time: push(...page) passes every item as an argument, and 200,000 of them overflow the stack.
    if (keep) for (const item of outcome.items) items.push(item);
    itemCount += outcome.items.length;
    pages.push(listPage(pageNumber, cursor, outcome, response));
    options.onPage?.(pages.length, itemCount, outcome.items);

    const next = outcome.nextCursor;
    if (next === undefined) return finish(true);
    const earlier = seen.get(next);
    if (earlier !== undefined) {
      return finish(false, {
        kind: 'cursor-loop',
        message: `${method} page ${pageNumber} returned a cursor that page ${earlier} already returned; stopped after ${pageNumber} pages with ${itemCount} items (the list is incomplete).`,
        data: { page: pageNumber, firstSeenOnPage: earlier, cursor: next },
      });
    }
    seen.set(next, pageNumber);
    const fetchedNow = pageNumber - firstPage + 1;
    if (fetchedNow >= pageLimit) {
      const fetched = resume ? `${fetchedNow} more pages (${pageNumber} in all` : `${pageNumber} pages (`;
      return finish(false, {
        kind: 'page-limit',
        message: `${method} reached the page limit: fetched ${fetched}${resume ? ', ' : ''}${itemCount} items) and the server still sent a nextCursor (the list is incomplete).`,
        data: { pages: pageNumber, pageLimit, items: itemCount },
      });
    }
    cursor = next;
  }
}
