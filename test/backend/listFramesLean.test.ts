/**
 * Traffic's frames of a listing cross the carrier without the list pages' raw text (issue 44): the page's items cross
 * once, as the walk's rows, and each page's text stays with the backend, read by seq through `frames` when a person
 * opens, searches or copies it. Measured on what the real backend sends over the channel, serialized as a carrier
 * sends it, against a real paginating server of 10,000 tools; the text read back is compared with the journal the
 * recorder wrote (the recorded text, read apart from the backend's memory).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createContractClient,
  memoryChannelPair,
  serveContract,
  type MessageChannel,
} from '../../src/shared/carrier.js';
import type { LoupeApi, WireMessage } from '../../src/shared/contract.js';
import type { Frame, PushedFrame } from '../../src/shared/frames.js';
import { createBackend, type Backend, type BackendOptions } from '../../src/core/backend/createBackend.js';
import { paginatingServer } from '../helpers/servers.js';
import { demoStdio } from './backendHarness.js';

interface Wire {
  api: LoupeApi;
  /** The onFrames messages the backend sent, as the text a carrier sends. */
  framesText: string[];
  pushed: PushedFrame[];
  close(): Promise<void>;
}

let wire: Wire | undefined;
let folder: string | undefined;
afterEach(async () => {
  await wire?.close();
  wire = undefined;
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

function startWire(options: Partial<BackendOptions>): Wire {
  const backend: Backend = createBackend({ resolveDemo: demoStdio, ...options });
  const [serverSide, clientSide] = memoryChannelPair();
  const framesText: string[] = [];
  const recording: MessageChannel = {
    send: (message: WireMessage) => {
      if (message.type === 'event' && message.event === 'onFrames') framesText.push(JSON.stringify(message));
      serverSide.send(message);
    },
    receive: (listener) => serverSide.receive(listener),
  };
  const stop = serveContract(backend.methodsFor, backend.events, recording);
  const api = createContractClient(clientSide);
  const pushed: PushedFrame[] = [];
  api.on('onFrames', (batch) => pushed.push(...batch));
  return {
    api,
    framesText,
    pushed,
    close: async () => {
      await backend.dispose();
      stop();
    },
  };
}

/** Until the client heard the frame of this seq (frames are batched: they may follow the list's answer). */
async function heard(current: Wire, seq: number): Promise<void> {
  while (!current.pushed.some((frame) => frame.seq === seq))
    await new Promise((resolve) => setTimeout(resolve, 10));
}

/** The journal's frames by seq, once it holds `count` of them (it drains in the background). */
async function journalFrames(path: string, count: number): Promise<Map<number, Frame>> {
  for (;;) {
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    if (lines.length >= count)
      return new Map(lines.map((line) => JSON.parse(line) as Frame).map((frame) => [frame.seq, frame]));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("a listing's frames cross without the list pages' text", () => {
  it('10,000 tools: every page crosses marked, with its length; read by seq, it is the recorded text', async () => {
    folder = mkdtempSync(join(tmpdir(), 'loupe-lean-'));
    const journalPath = join(folder, 'frames.jsonl');
    wire = startWire({ sessionDefaults: { pageLimit: 500, journalPath } });
    const current = wire;
    await current.api.connect(paginatingServer('--tools', '10000', '--page-size', '100', '--no-control'));
    const outline = await current.api.listOutline('tools');
    expect(outline).toMatchObject({ complete: true, itemCount: 10_000 });
    expect(outline.pages).toHaveLength(100);
    const pageSeqs = outline.pages.map((page) => page.responseSeq ?? -1);
    expect(pageSeqs).not.toContain(-1);
    const lastSeq = Math.max(...pageSeqs);
    await heard(current, lastSeq);

    // Each page crossed without its text, marked, its length kept; its request crossed whole.
    const bySeq = new Map(current.pushed.map((frame) => [frame.seq, frame]));
    for (const seq of pageSeqs) {
      const page = bySeq.get(seq);
      expect(page).toMatchObject({ seq, kind: 'response', direction: 'in', rawLeft: true });
      expect(page).not.toHaveProperty('raw');
      const request = bySeq.get(page?.pairSeq ?? -1);
      expect(request).toMatchObject({ kind: 'request', method: 'tools/list' });
      expect(typeof request?.raw).toBe('string');
    }
    // No tool crossed inside Traffic's frames; the handshake's answer did cross whole.
    const framesText = current.framesText.join('\n');
    expect(framesText.split('"name":"tool_').length - 1).toBe(0);
    expect(
      current.pushed.find((frame) => frame.kind === 'response' && frame.seq < (pageSeqs[0] ?? 0))?.raw,
    ).toContain('"serverInfo"');

    // Read by seq: exactly the text the recorder wrote to its journal, and the length that crossed.
    const journal = await journalFrames(journalPath, lastSeq);
    for (const seq of [pageSeqs[0] ?? -1, pageSeqs[41] ?? -1, lastSeq]) {
      const [read] = await current.api.frames(seq - 1, 1);
      expect(read.seq).toBe(seq);
      expect(read.raw).toBe(journal.get(seq)?.raw);
      expect(Buffer.byteLength(read.raw, 'utf8')).toBe(bySeq.get(seq)?.bytes);
      expect(read.raw.split('"name":"tool_').length - 1).toBe(100);
    }
  });

  it("a backend read in process (loupe mcp's) pushes list pages whole", async () => {
    wire = startWire({ sessionDefaults: { pageLimit: 500 }, wholeFrames: true });
    const current = wire;
    await current.api.connect(paginatingServer('--tools', '50', '--page-size', '10', '--no-control'));
    const outline = await current.api.listOutline('tools');
    const last = outline.pages.at(-1)?.responseSeq ?? -1;
    await heard(current, last);
    const pages = current.pushed.filter((frame) =>
      outline.pages.some((page) => page.responseSeq === frame.seq),
    );
    expect(pages).toHaveLength(5);
    for (const page of pages) expect(page.raw?.split('"name":"tool_').length).toBe(11);
  });
});
