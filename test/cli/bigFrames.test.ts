// The recorder keeps a big frame's text off the JavaScript heap (src/core/recorder/frameRecorder.ts, offHeapLength).
// Whatever the CLI writes from its frames must still hold every line the server wrote, byte for byte: the journal of
// `loupe list --journal` and the frames of `loupe snapshot`, over pages of 11 KB of non-ASCII text.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from '../../src/shared/frames.js';
import type { Snapshot } from '../../src/shared/snapshot.js';
import { requireBuild, runLoupe } from './loupe.js';

beforeAll(requireBuild);

const directory = mkdtempSync(join(tmpdir(), 'loupe-cli-big-frames-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

// A raw JSON-RPC server over stdio: 2025-era initialize, 80 tools in 4 pages of about 7,000 characters (11 KB) (descriptions in several
// scripts), -32601 for anything else. Each line it writes is appended to the file named by its argument first.
const server = String.raw`
const { appendFileSync } = require('node:fs');
const log = process.argv[1];
const send = (message) => { const line = JSON.stringify(message); appendFileSync(log, line + '\n'); process.stdout.write(line + '\n'); };
const tool = (index) => ({ name: 'tool_' + index, description: 'Outil numéro ' + index + ' — 世界 🧪 '.repeat(30) + 'done.', inputSchema: { type: 'object' } });
let pending = '';
process.stdin.setEncoding('utf8').on('data', (chunk) => {
  pending += chunk;
  for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
    const message = JSON.parse(pending.slice(0, end));
    pending = pending.slice(end + 1);
    if (message.id === undefined) continue;
    if (message.method === 'initialize')
      send({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'big-pages', version: '1.0.0' } } });
    else if (message.method === 'tools/list') {
      const from = Number(message.params?.cursor ?? 0);
      const tools = Array.from({ length: 20 }, (_, at) => tool(from + at));
      send({ jsonrpc: '2.0', id: message.id, result: from + 20 < 80 ? { tools, nextCursor: String(from + 20) } : { tools } });
    } else send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
  }
});
`;

/** What the server wrote, line by line. */
const written = (log: string): string[] => readFileSync(log, 'utf8').trimEnd().split('\n');

/** The text of the frames the server sent on stdout, in order. */
const received = (frames: readonly Frame[]): string[] =>
  frames.filter((frame) => frame.direction === 'in' && frame.kind !== 'stderr').map((frame) => frame.raw);

describe('big frames in what the CLI writes', { timeout: 60_000 }, () => {
  it('loupe list --journal: every line the server wrote, byte for byte', async () => {
    const log = join(directory, 'list-server.txt');
    const journal = join(directory, 'list.jsonl');
    const run = await runLoupe(['list', '--journal', journal, '--', process.execPath, '-e', server, log]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.match(/^tool_\d+/gm)).toHaveLength(80);
    const lines = written(log);
    const pages = lines.filter((line) => line.includes('"tools":['));
    expect(pages).toHaveLength(4);
    for (const line of pages) expect(line.length).toBeGreaterThan(6000);
    const frames = readFileSync(journal, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Frame);
    expect(Buffer.from(received(frames).join('\n'))).toEqual(Buffer.from(lines.join('\n')));
    for (const frame of frames) expect(frame.bytes).toBe(Buffer.byteLength(frame.raw, 'utf8'));
  });

  it('loupe snapshot: every frame the server sent, byte for byte', async () => {
    const log = join(directory, 'snapshot-server.txt');
    const out = join(directory, 'snapshot.json');
    const run = await runLoupe(['snapshot', '--out', out, '--', process.execPath, '-e', server, log]);
    expect(run.code, run.stderr).toBe(0);
    const snapshot = JSON.parse(readFileSync(out, 'utf8')) as Snapshot;
    expect(snapshot.toolCount).toBe(80);
    expect(snapshot.pages).toHaveLength(4);
    expect(Buffer.from(received(snapshot.frames).join('\n'))).toEqual(Buffer.from(written(log).join('\n')));
  });
});
