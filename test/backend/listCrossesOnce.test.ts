/**
 * A listing's items cross the carrier once (issue 44): listOutline answers with the result less its items, and the
 * walk's onListProgress carries every row, the last progress marked, so the UI puts the list together from what it
 * was streamed. Measured on what the real backend sends over the channel, serialized as a carrier sends it: each
 * tool of a real paginating server appears once in the list's messages (twice with `list`, which still repeats them in
 * its result). The frames of Traffic carry each page's raw text as well; they are Traffic's, counted apart.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  createContractClient,
  memoryChannelPair,
  serveContract,
  type MessageChannel,
} from '../../src/shared/carrier.js';
import type { LoupeApi, WireMessage } from '../../src/shared/contract.js';
import type { JsonObject } from '../../src/shared/json.js';
import type { ListOutline, ListProgress } from '../../src/shared/lists.js';
import { createBackend, type Backend } from '../../src/core/backend/createBackend.js';
import { paginatingServer } from '../helpers/servers.js';
import { demoStdio } from './backendHarness.js';

interface Wire {
  api: LoupeApi;
  backend: Backend;
  /** Every message the backend sent, as the text a carrier sends (frames of Traffic excluded). */
  sent: string[];
  progress: ListProgress[];
  close(): Promise<void>;
}

let wire: Wire | undefined;
afterEach(async () => {
  await wire?.close();
  wire = undefined;
});

function startWire(pageLimit: number): Wire {
  const backend = createBackend({ resolveDemo: demoStdio, sessionDefaults: { pageLimit } });
  const [serverSide, clientSide] = memoryChannelPair();
  const sent: string[] = [];
  const recording: MessageChannel = {
    send: (message: WireMessage) => {
      if (!(message.type === 'event' && message.event === 'onFrames')) sent.push(JSON.stringify(message));
      serverSide.send(message);
    },
    receive: (listener) => serverSide.receive(listener),
  };
  const stop = serveContract(backend.methodsFor, backend.events, recording);
  const api = createContractClient(clientSide);
  const progress: ListProgress[] = [];
  api.on('onListProgress', (update) => progress.push(update));
  return {
    api,
    backend,
    sent,
    progress,
    close: async () => {
      await backend.dispose();
      stop();
    },
  };
}

/** How many times each of the tools numbered `from`…`to` appears, as an item, in what the backend sent. */
function crossings(sent: string[], from: number, to: number): Set<number> {
  const text = sent.join('\n');
  const counts = new Set<number>();
  for (let index = from; index <= to; index += 1) {
    const name = `"name":"tool_${String(index).padStart(4, '0')}"`;
    counts.add(text.split(name).length - 1);
  }
  return counts;
}

/** The rows of one walk, joined in order (each progress follows on from the last), up to its last progress. */
function rowsOf(
  progress: ListProgress[],
  walk: number,
): { rows: JsonObject[]; offset: number; ended: boolean } {
  const mine = progress.filter((update) => update.walk === walk);
  const offset = mine[0]?.offset ?? -1;
  const rows: JsonObject[] = [];
  for (const update of mine) {
    expect(update.offset).toBe(offset + rows.length);
    rows.push(...(update.rows ?? []));
  }
  return { rows, offset, ended: mine.at(-1)?.last === true };
}

/** Until the walk's last progress has arrived (events are batched: it may follow the outline). */
async function lastRows(current: Wire, walk: number): Promise<void> {
  while (!current.progress.some((update) => update.walk === walk && update.last)) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('a listing crosses the carrier once', () => {
  it('listOutline: every tool once, as a streamed row; the outline holds the rest; list repeats them', async () => {
    wire = startWire(500);
    const current = wire;
    await current.api.connect(paginatingServer('--tools', '2000', '--page-size', '10', '--no-control'));
    const before = current.sent.length;
    const outline: ListOutline = await current.api.listOutline('tools');
    await lastRows(current, outline.walk);
    expect(outline).toMatchObject({ kind: 'tools', complete: true, itemCount: 2000, from: 0 });
    expect(outline).not.toHaveProperty('items');
    expect(outline.pages).toHaveLength(200);
    expect([...crossings(current.sent.slice(before), 1, 2000)]).toEqual([1]);

    const { rows, offset, ended } = rowsOf(current.progress, outline.walk);
    expect({ offset, ended, count: rows.length }).toEqual({ offset: 0, ended: true, count: 2000 });
    const [kept] = (await current.api.keptLists()).filter((result) => result.kind === 'tools');
    expect(JSON.stringify(rows)).toBe(JSON.stringify(kept.items));

    // The plain list still answers with the items: they then cross twice (rows and result).
    const fromList = current.sent.length;
    const listed = await current.api.list('tools');
    expect(listed.items).toHaveLength(2000);
    const walk = Math.max(...current.progress.map((update) => update.walk ?? 0));
    await lastRows(current, walk);
    expect([...crossings(current.sent.slice(fromList), 1, 2000)]).toEqual([2]);
  });

  it('rows of a slow server arrive before the outline, which names their walk', async () => {
    wire = startWire(64);
    const current = wire;
    await current.api.connect(
      paginatingServer('--tools', '60', '--page-size', '20', '--no-control', '--delay', '300'),
    );
    // The order things reached the client in: the rows of each page as they came, the outline when it came.
    const arrivals: string[] = [];
    current.api.on('onListProgress', (update) => arrivals.push(`rows ${update.rows?.length ?? 0}`));
    const outline = await current.api.listOutline('tools');
    arrivals.push('outline');
    expect(arrivals.slice(0, 2)).toEqual(['rows 20', 'rows 20']);
    expect(arrivals.indexOf('outline')).toBeGreaterThanOrEqual(2);
    expect(current.progress[0]).toMatchObject({ kind: 'tools', pages: 1, items: 20, offset: 0 });
    await lastRows(current, outline.walk);
    expect(current.progress.every((update) => update.walk === outline.walk)).toBe(true);
    const { rows } = rowsOf(current.progress, outline.walk);
    expect(rows.map((row) => row.name)).toEqual(
      Array.from({ length: 60 }, (_, index) => `tool_${String(index + 1).padStart(4, '0')}`),
    );
  });

  it('past the page limit, listMoreOutline streams only the new rows, after the kept ones', async () => {
    wire = startWire(3);
    const current = wire;
    await current.api.connect(paginatingServer('--tools', '100', '--page-size', '10', '--no-control'));
    const first = await current.api.listOutline('tools');
    expect(first).toMatchObject({ complete: false, itemCount: 30, from: 0 });
    expect(first.error?.kind).toBe('page-limit');
    await lastRows(current, first.walk);
    const before = current.sent.length;
    const more = await current.api.listMoreOutline('tools', 'all');
    await lastRows(current, more.walk);
    expect(more).toMatchObject({ complete: true, itemCount: 100, from: 30 });
    expect(more.pages).toHaveLength(10);
    const { rows, offset, ended } = rowsOf(current.progress, more.walk);
    expect({ offset, ended }).toEqual({ offset: 30, ended: true });
    expect(rows.map((row) => row.name)).toEqual(
      Array.from({ length: 70 }, (_, index) => `tool_${String(index + 31).padStart(4, '0')}`),
    );
    // The kept 30 do not cross again; the 70 new ones cross once.
    expect([...crossings(current.sent.slice(before), 1, 30)]).toEqual([0]);
    expect([...crossings(current.sent.slice(before), 31, 100)]).toEqual([1]);
  });
});
