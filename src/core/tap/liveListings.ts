/**
 * The lists a host walks through a tap, page by page as they pass: each page read as Loupe's own walks read theirs
 * (pageWalker's readPage and listPage), a first page starting the listing again, a cursor going on with it. A list
 * is complete only when a page without nextCursor passed; until then it is as far as the host went (a host that asks
 * for page 1 only, like the SDK's single listTools(), leaves it incomplete, and says so).
 */
import type { LoupeErrorData } from '../../shared/errors.js';
import type { Frame } from '../../shared/frames.js';
import { stringField, type JsonObject } from '../../shared/json.js';
import { listMethods, type ListKind, type ListPage, type ListResult } from '../../shared/lists.js';
import { duplicateDiagnosis } from '../doctor/listDiagnosis.js';
import { listPage, readPage } from '../lists/pageWalker.js';

/** A list request of the host's, as it went out. */
export interface ListRequest {
  kind: ListKind;
  params: JsonObject;
  seq: number;
  t: number;
}

interface Listing {
  items: JsonObject[];
  pages: ListPage[];
  startedAt: number;
  /** Cursors the server returned, with the page that returned each. */
  seen: Map<string, number>;
}

export class HostListings {
  private readonly listings = new Map<ListKind, Listing>();

  /** The answer to one list request (its result, or the error it got): the list as far as the host walked it. */
  answer(
    request: ListRequest,
    result: JsonObject | undefined,
    failure: LoupeErrorData | undefined,
    frame: Frame,
  ): ListResult {
    const { kind } = request;
    const paged = listMethods[kind];
    const cursor = stringField(request.params, 'cursor');
    const kept = this.listings.get(kind);
    const goesOn = cursor !== undefined && kept !== undefined && kept.pages.at(-1)?.nextCursor === cursor;
    const listing: Listing = goesOn ? kept : { items: [], pages: [], startedAt: request.t, seen: new Map() };
    this.listings.set(kind, listing);
    const index = listing.pages.length + 1;
    const finish = (complete: boolean, error?: LoupeErrorData): ListResult => {
      const doctor = duplicateDiagnosis(kind, listing.items, listing.pages);
      return {
        kind,
        items: [...listing.items],
        pages: [...listing.pages],
        complete,
        ...(error ? { error } : {}),
        ...(doctor ? { doctor } : {}),
        startedAt: listing.startedAt,
        endedAt: frame.t,
      };
    };
    if (!result) return finish(false, failure);
    const outcome = readPage(paged, result, index);
    if ('error' in outcome) return finish(false, outcome.error);
    for (const item of outcome.items) listing.items.push(item);
    listing.pages.push(
      listPage(index, cursor, outcome, {
        result,
        requestSeq: request.seq,
        responseSeq: frame.seq,
        rttMs: frame.rttMs ?? Math.max(0, frame.t - request.t),
      }),
    );
    if (cursor !== undefined && !goesOn) {
      return finish(false, {
        kind: 'invalid-response',
        message: `The host asked ${paged.method} for a cursor Loupe did not see the server hand out: the pages before it did not pass this tap (the list is incomplete).`,
        data: { cursor },
      });
    }
    const next = outcome.nextCursor;
    if (next === undefined) return finish(true);
    const earlier = listing.seen.get(next);
    if (earlier !== undefined) {
      return finish(false, {
        kind: 'cursor-loop',
        message: `${paged.method} page ${index} returned a cursor that page ${earlier} already returned (the list is incomplete).`,
        data: { page: index, firstSeenOnPage: earlier, cursor: next },
      });
    }
    listing.seen.set(next, index);
    // The host may go on with the next page: until it does, the list is as far as it went.
    return finish(false);
  }
}
