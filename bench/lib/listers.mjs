// The three listing contenders. Each spawns the server, completes initialize, then times only the listing
// (every page until no nextCursor) and closes. Times are performance.now() ms in this process.
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { RawClient } from './rawClient.mjs';
import { cpuSince } from './stats.mjs';
import { benchServer, loadConnect, loadWalkList } from './engine.mjs';

function check(name, items, expected) {
  if (items !== expected) throw new Error(`${name} listed ${items} tools, expected ${expected}`);
}

export async function listRaw(flags, expected, { era = 'legacy' } = {}) {
  const server = benchServer(flags);
  const client = new RawClient(server.command, server.args);
  try {
    if (era === 'modern') await client.discover();
    else await client.initialize();
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const tools = [];
    let pages = 0;
    let cursor;
    do {
      const result = await client.request('tools/list', cursor === undefined ? {} : { cursor });
      pages += 1;
      for (const tool of result.tools) tools.push(tool);
      cursor = result.nextCursor;
    } while (cursor !== undefined);
    const ms = performance.now() - started;
    const cpuMs = cpuSince(cpuStarted);
    check('raw', tools.length, expected);
    return { ms, cpuMs, pages };
  } finally {
    await client.close();
  }
}

export async function listSdk(flags, expected) {
  const server = benchServer(flags);
  const client = new Client({ name: 'bench-sdk', version: '1.0.0' });
  const transport = new StdioClientTransport({ command: server.command, args: server.args, stderr: 'ignore' });
  await client.connect(transport);
  try {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const tools = [];
    let pages = 0;
    let cursor;
    do {
      const result = await client.listTools(cursor === undefined ? undefined : { cursor });
      pages += 1;
      for (const tool of result.tools) tools.push(tool);
      cursor = result.nextCursor;
    } while (cursor !== undefined);
    const ms = performance.now() - started;
    const cpuMs = cpuSince(cpuStarted);
    check('sdk', tools.length, expected);
    return { ms, cpuMs, pages };
  } finally {
    await client.close();
  }
}

/** Loupe's core as the app runs it: connect (its recorder on, default limit), then walkList over every page. */
export async function listLoupe(flags, expected, { protocol } = {}) {
  const connect = await loadConnect();
  const walkList = await loadWalkList();
  const server = benchServer(flags);
  const session = await connect(server.target, protocol ? { protocol } : {});
  if (protocol && protocol !== 'auto' && session.handshake.era !== protocol) {
    await session.close();
    throw new Error(`Loupe opened the ${session.handshake.era} era, not ${protocol}`);
  }
  try {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const result = await walkList(session, 'tools', { pageLimit: 100_000 });
    const ms = performance.now() - started;
    const cpuMs = cpuSince(cpuStarted);
    if (!result.complete) throw new Error(`Loupe's walk stopped early: ${result.error?.message ?? 'incomplete'}`);
    check('loupe', result.items.length, expected);
    return { ms, cpuMs, pages: result.pages.length, frames: session.recorder.stats().total };
  } finally {
    await session.close();
  }
}

export const listers = { loupe: listLoupe, sdk: listSdk, raw: listRaw };

/**
 * The era comparison: the same bench server and tool set started with `--era modern` or `--era legacy`;
 * Loupe opened with `protocol: 'modern'` or `'legacy'`, the raw floor with server/discover or initialize.
 */
export const eraListers = {
  'loupe-modern': (flags, expected) => listLoupe([...flags, '--era', 'modern'], expected, { protocol: 'modern' }),
  'loupe-legacy': (flags, expected) => listLoupe([...flags, '--era', 'legacy'], expected, { protocol: 'legacy' }),
  'raw-modern': (flags, expected) => listRaw([...flags, '--era', 'modern'], expected, { era: 'modern' }),
  'raw-legacy': (flags, expected) => listRaw([...flags, '--era', 'legacy'], expected, { era: 'legacy' }),
};
