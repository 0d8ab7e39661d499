import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { streamList, walkList } from '../../../src/core/lists/pageWalker.js';
import type { JsonObject } from '../../../src/shared/json.js';
import { connect } from '../../../src/core/session/connect.js';
import type { McpSession } from '../../../src/core/types.js';
import { numberedTool } from '../../servers/catalog.mjs';
import {
  faultServer,
  paginatingServer,
  startHttpServer,
  type RunningHttpServer,
} from '../../helpers/servers.js';

const sessions: McpSession[] = [];
const httpServers: RunningHttpServer[] = [];

async function open(target: Parameters<typeof connect>[0], timeoutMs = 5_000): Promise<McpSession> {
  const session = await connect(target, { timeoutMs });
  sessions.push(session);
  return session;
}

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
  await Promise.all(httpServers.splice(0).map((server) => server.stop()));
});

const toolNames = (count: number): string[] =>
  Array.from({ length: count }, (_, index) => `tool_${String(index + 1).padStart(4, '0')}`);

describe('walkList over real stdio', () => {
  it('walks 1000 tools over 40 pages, complete and exact, with every field as sent', async () => {
    const session = await open(paginatingServer('--tools', '1000', '--page-size', '25', '--no-control'));
    const progress: number[] = [];
    const result = await walkList(session, 'tools', { onProgress: (update) => progress.push(update.pages) });
    expect(result.complete).toBe(true);
    expect(result.error).toBeUndefined();
    expect(result.items).toHaveLength(1000);
    expect(result.items.map((item) => item.name)).toEqual(toolNames(1000));
    expect(result.pages).toHaveLength(40);
    expect(progress).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    // Unknown fields, _meta, icons and execution survive exactly as the server built them.
    expect(result.items[4]).toEqual(numberedTool(5));
    expect(result.items[4]['x-unknown-field']).toEqual({ kept: true, index: 5 });
    // Cursors are sent back byte for byte: each page's cursor is the previous page's nextCursor.
    expect(result.pages[0].cursor).toBeUndefined();
    for (let index = 1; index < 40; index += 1)
      expect(result.pages[index].cursor).toBe(result.pages[index - 1].nextCursor);
    expect(result.pages[39].nextCursor).toBeUndefined();
    for (const page of result.pages) {
      expect(page.itemCount).toBe(25);
      expect(page.rttMs).toBeGreaterThanOrEqual(0);
      expect(page.responseSeq).toBeGreaterThan(page.requestSeq ?? Infinity);
    }
    const frames = session.recorder.frames();
    const request = frames.find((frame) => frame.seq === result.pages[7].requestSeq);
    expect(request?.method).toBe('tools/list');
    expect(request?.raw).toContain(JSON.stringify(result.pages[7].cursor));
    expect(result.endedAt).toBeGreaterThanOrEqual(result.startedAt);
  });

  it('walks resources, templates and prompts the same way', async () => {
    const session = await open(
      paginatingServer('--page-size', '7', '--resources', '30', '--templates', '10', '--prompts', '15'),
    );
    const resources = await walkList(session, 'resources');
    const templates = await walkList(session, 'templates');
    const prompts = await walkList(session, 'prompts');
    expect([resources.items.length, resources.pages.length, resources.complete]).toEqual([30, 5, true]);
    expect([templates.items.length, templates.pages.length, templates.complete]).toEqual([10, 2, true]);
    expect([prompts.items.length, prompts.pages.length, prompts.complete]).toEqual([15, 3, true]);
    expect(resources.items[29].uri).toBe('test://resource/0030');
    expect(templates.items[0].uriTemplate).toBe('test://template/0001/{id}');
  });

  it('stops at the page limit, says how many pages it fetched and keeps them', async () => {
    const session = await open(faultServer('--endless', '--page-size', '3'));
    const result = await walkList(session, 'tools', { pageLimit: 5 });
    expect(result.complete).toBe(false);
    expect(result.error?.kind).toBe('page-limit');
    expect(result.error?.message).toContain('fetched 5 pages');
    expect(result.pages).toHaveLength(5);
    expect(result.items).toHaveLength(15);
  });

  it('uses the default page limit of 64', async () => {
    const session = await open(faultServer('--endless', '--page-size', '1', '--no-control'));
    const result = await walkList(session, 'tools');
    expect(result.error?.kind).toBe('page-limit');
    expect(result.error?.message).toContain('fetched 64 pages');
    expect(result.items).toHaveLength(64);
  });

  it('ends a cursor loop with cursor-loop, naming both pages', async () => {
    const session = await open(faultServer('--cursor-loop', '--tools', '20', '--no-control'));
    const result = await walkList(session, 'tools');
    expect(result.complete).toBe(false);
    expect(result.error?.kind).toBe('cursor-loop');
    expect(result.error?.message).toContain('page 3 returned a cursor that page 1 already returned');
    expect(result.pages).toHaveLength(3);
    expect(result.items.map((item) => item.name)).toEqual(toolNames(15));
  });

  it('names the page a crash happened on and keeps the earlier items', async () => {
    const session = await open(faultServer('--crash-after-page', '2', '--tools', '20', '--no-control'));
    const result = await walkList(session, 'tools');
    expect(result.complete).toBe(false);
    expect(result.error?.kind).toBe('server-exited');
    expect(result.error?.message).toMatch(/^tools\/list failed on page 3: /);
    expect(result.error?.message).toContain('the 2 pages before it are kept');
    expect(result.items.map((item) => item.name)).toEqual(toolNames(10));
    expect(result.pages).toHaveLength(2);
    const stderr = session.recorder
      .frames()
      .filter((frame) => frame.kind === 'stderr')
      .map((frame) => frame.raw);
    expect(stderr.join('\n')).toContain('crashing while serving page 3 of tools/list');
  });

  it('names the page that timed out', async () => {
    const session = await open(faultServer('--delay', '3000', '--no-control'), 5_000);
    const started = Date.now();
    const result = await walkList(session, 'tools', { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(result.complete).toBe(false);
    expect(result.error?.kind).toBe('timeout');
    expect(result.error?.message).toMatch(/^tools\/list failed on page 1: .*no pages were fetched/);
    expect(result.items).toEqual([]);
  });

  it('names the page the server answered with an error, keeping its code', async () => {
    const session = await open(faultServer('--error-on-page', '2', '--no-control'));
    const result = await walkList(session, 'tools');
    expect(result.error?.kind).toBe('rpc-error');
    expect(result.error?.code).toBe(-32603);
    expect(result.error?.message).toContain('failed on page 2');
    expect(result.items).toHaveLength(5);
  });

  it('reports a result without an array as invalid-response', async () => {
    const session = await open(faultServer('--tools-not-array'));
    const result = await walkList(session, 'tools');
    expect(result.complete).toBe(false);
    expect(result.error).toMatchObject({
      kind: 'invalid-response',
      message: 'Page 1 of tools/list is invalid: "tools" is string, not an array.',
    });
  });

  it('reports method-not-found when the server has no tools', async () => {
    const session = await open(faultServer('--no-tools'));
    const result = await walkList(session, 'tools');
    expect(result.error?.kind).toBe('method-not-found');
    expect(result.error?.code).toBe(-32601);
  });

  it('keeps duplicates as sent and survives garbage lines on stdout', async () => {
    const session = await open(faultServer('--violations', '--garbage', '--no-control', '--page-size', '4'));
    const result = await walkList(session, 'tools');
    expect(result.complete).toBe(true);
    expect(result.items).toHaveLength(20);
    expect(result.items.filter((item) => item.name === 'dup_tool')).toHaveLength(2);
    expect(session.recorder.frames().some((frame) => frame.kind === 'invalid')).toBe(true);
  });

  it('treats an empty-string nextCursor as a cursor and sends it back', async () => {
    const session = await open(faultServer('--empty-cursor', '--no-control', '--tools', '8'));
    const result = await walkList(session, 'tools');
    expect(result.complete).toBe(true);
    expect(result.pages.map((page) => [page.cursor, page.nextCursor, page.itemCount])).toEqual([
      [undefined, '', 5],
      ['', undefined, 3],
    ]);
    expect(result.items.map((item) => item.name)).toEqual(toolNames(8));
  });

  it('stops when aborted, without calling the walk complete', async () => {
    const session = await open(faultServer('--delay', '200', '--tools', '30', '--no-control'));
    const controller = new AbortController();
    const walk = walkList(session, 'tools', {
      signal: controller.signal,
      onProgress: (update) => update.pages === 2 && controller.abort(),
    });
    const result = await walk;
    expect(result.complete).toBe(false);
    expect(result.error?.kind).toBe('cancelled');
    expect(result.error?.message).toContain('failed on page 3');
    expect(result.items).toHaveLength(10);
  });
});

describe('walkList over HTTP', () => {
  for (const transport of ['http', 'sse'] as const) {
    it(`walks every page over ${transport === 'http' ? 'Streamable HTTP' : 'SSE'}`, async () => {
      const server = await startHttpServer(transport, [
        '--tools',
        '120',
        '--page-size',
        '25',
        '--no-control',
      ]);
      httpServers.push(server);
      const session = await open(server.target);
      const result = await walkList(session, 'tools');
      expect(result.complete).toBe(true);
      expect(result.items.map((item) => item.name)).toEqual(toolNames(120));
      expect(result.pages.map((page) => page.itemCount)).toEqual([25, 25, 25, 25, 20]);
    });
  }
});

describe('walkList against server-everything', () => {
  it('lists every list of a real third-party server completely, one page each', async () => {
    const everything = createRequire(import.meta.url).resolve(
      '@modelcontextprotocol/server-everything/dist/index.js',
    );
    const session = await open(
      { transport: 'stdio', command: process.execPath, args: [everything, 'stdio'] },
      10_000,
    );
    const tools = await walkList(session, 'tools');
    expect(tools.complete).toBe(true);
    expect(tools.items.length).toBeGreaterThanOrEqual(13);
    expect(tools.items.map((item) => item.name)).toContain('echo');
    const resources = await walkList(session, 'resources');
    expect(resources.complete).toBe(true);
    expect(resources.items.length).toBeGreaterThan(0);
    expect(resources.pages.reduce((sum, page) => sum + page.itemCount, 0)).toBe(resources.items.length);
    const prompts = await walkList(session, 'prompts');
    expect(prompts.complete).toBe(true);
    expect(prompts.items.length).toBeGreaterThan(0);
  });
});

describe('walkList with hostile sizes', () => {
  const hostileServer = fileURLToPath(new URL('../../servers/hostile.mjs', import.meta.url));

  it(
    'keeps all 200,000 tools of one page (no spread of the page into a call)',
    { timeout: 120_000 },
    async () => {
      const session = await open(
        { transport: 'stdio', command: process.execPath, args: [hostileServer, 'many'] },
        60_000,
      );
      const result = await walkList(session, 'tools');
      expect(result.error).toBeUndefined();
      expect(result.complete).toBe(true);
      expect(result.items).toHaveLength(200_000);
      expect(result.pages).toHaveLength(1);
      expect(result.pages[0]?.itemCount).toBe(200_000);
      expect(result.items[0]?.name).toBe('tool_000001');
      expect(result.items[199_999]?.name).toBe('tool_200000');
    },
  );
});

// streamList: `loupe list`'s walk, which hands each page on and keeps no item (bench/README.md, "Big lists").
describe('streamList over real stdio', () => {
  /** Every page streamList handed on: its items and where they start in the list. */
  function collector(): {
    pages: { rows: JsonObject[]; offset: number }[];
    onItems: (rows: JsonObject[], offset: number) => void;
  } {
    const pages: { rows: JsonObject[]; offset: number }[] = [];
    return { pages, onItems: (rows, offset) => pages.push({ rows, offset }) };
  }

  it('hands on every page in order with its offset, keeps no item and counts them all', async () => {
    const session = await open(paginatingServer('--tools', '1000', '--page-size', '25', '--no-control'));
    const { pages, onItems } = collector();
    const progress: number[] = [];
    const result = await streamList(session, 'tools', onItems, {
      onProgress: (update) => progress.push(update.items),
    });
    expect(result).not.toHaveProperty('items');
    expect(result.complete).toBe(true);
    expect(result.error).toBeUndefined();
    expect(result.itemCount).toBe(1000);
    expect(result.pages).toHaveLength(40);
    expect(pages.map((page) => page.offset)).toEqual(Array.from({ length: 40 }, (_, index) => index * 25));
    expect(pages.flatMap((page) => page.rows.map((item) => item.name))).toEqual(toolNames(1000));
    expect(pages[0]?.rows[4]).toEqual(numberedTool(5));
    expect(progress.at(-1)).toBe(1000);
  });

  it('stops at the page limit with the same error as walkList, counting what it handed on', async () => {
    const session = await open(faultServer('--endless', '--page-size', '3'));
    const { pages, onItems } = collector();
    const result = await streamList(session, 'tools', onItems, { pageLimit: 5 });
    expect(result.complete).toBe(false);
    expect(result.error?.kind).toBe('page-limit');
    expect(result.error?.message).toContain('fetched 5 pages (15 items)');
    expect(result.error?.data).toMatchObject({ pages: 5, pageLimit: 5, items: 15 });
    expect(result.error?.doctor?.likelyCause).toContain('still had more after 5 pages');
    expect(result.itemCount).toBe(15);
    expect(pages.flatMap((page) => page.rows)).toHaveLength(15);
  });

  it('names the page a crash happened on, with the items of the pages before it handed on', async () => {
    const session = await open(faultServer('--crash-after-page', '2', '--tools', '20', '--no-control'));
    const { pages, onItems } = collector();
    const result = await streamList(session, 'tools', onItems);
    expect(result.complete).toBe(false);
    expect(result.error?.kind).toBe('server-exited');
    expect(result.error?.message).toContain('the 2 pages before it are kept');
    expect(result.itemCount).toBe(10);
    expect(pages.flatMap((page) => page.rows.map((item) => item.name))).toEqual(toolNames(10));
  });

  it('diagnoses repeated names from the names alone, as walkList does from the items', async () => {
    // One session, walked both ways: the same pages under the same cursors.
    const session = await open(faultServer('--violations', '--garbage', '--no-control', '--page-size', '4'));
    const walked = await walkList(session, 'tools');
    const { pages, onItems } = collector();
    const streamed = await streamList(session, 'tools', onItems);
    expect(streamed.itemCount).toBe(20);
    expect(streamed.doctor).toBeDefined();
    expect(streamed.doctor).toEqual(walked.doctor);
    expect(streamed.doctor?.likelyCause).toContain('dup_tool');
    expect(pages.flatMap((page) => page.rows)).toEqual(walked.items);
  });
});
