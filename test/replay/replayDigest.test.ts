/**
 * A snapshot's frames carry a digest, checked wherever a snapshot is read. A real recording of server-everything
 * (echo "hi" → "Echo: hi") edited to answer "Echo: HI" keeps every frame's length, so only the digest sees it: it is
 * refused with snapshot-digest-mismatch naming the frame in `loupe replay`, `loupe diff`, and the app's open,
 * Compare and Replay (the backend, through the contract). A file from before the digest still opens and replays,
 * and says it is unverified; the same file re-indented (the values unchanged) still verifies.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorData } from '../../src/shared/errors.js';
import type { Snapshot } from '../../src/shared/snapshot.js';
import { startHarness, type Harness } from '../backend/backendHarness.js';
import { everythingServer, loupeBin, requireBuild, runLoupe } from '../cli/loupe.js';
import { record, scratch } from './recordings.js';

const directory = scratch();
const call = { method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } };
let file: string;
let recorded: Snapshot;
/** The index of the frame that answered echo, and the file with its "Echo: hi" made "Echo: HI". */
let answerIndex: number;
let edited: string;
let harness: Harness;

beforeAll(async () => {
  requireBuild();
  ({ file, snapshot: recorded } = await record(
    directory,
    'everything',
    [call],
    ['--', process.execPath, everythingServer, 'stdio'],
  ));
  answerIndex = recorded.frames.findIndex(
    (frame) => frame.direction === 'in' && frame.kind === 'response' && frame.raw.includes('Echo: hi'),
  );
  expect(answerIndex).toBeGreaterThan(0);
  const text = readFileSync(file, 'utf8');
  const changed = JSON.parse(text) as Snapshot;
  const answer = changed.frames[answerIndex];
  if (!answer) throw new Error('no answer frame');
  answer.raw = answer.raw.replace('Echo: hi', 'Echo: HI');
  expect(Buffer.byteLength(answer.raw)).toBe(answer.bytes);
  edited = join(directory, 'edited.json');
  writeFileSync(edited, JSON.stringify(changed, null, 2));
  harness = startHarness();
}, 90_000);

afterAll(() => harness.close());

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Calls echo on `loupe replay <path>` over stdio with the SDK client; the text served, and loupe's stderr. */
async function echoReplayed(path: string): Promise<{ text: string; stderr: string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [loupeBin, 'replay', path],
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'digest-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    const result = (await client.callTool(call.params)) as { content: { type: string; text: string }[] };
    return { text: result.content[0]?.text ?? '', stderr };
  } finally {
    await client.close();
  }
}

describe('a frame edited without changing its length', { timeout: 60_000 }, () => {
  it('the recording as written replays, its frames verified', async () => {
    const { text, stderr } = await echoReplayed(file);
    expect(text).toBe('Echo: hi');
    expect(stderr).toContain('frames verified against their digest');
  });

  it('loupe replay refuses it before serving, naming the frame', async () => {
    const run = await runLoupe(['replay', edited]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `loupe: snapshot-digest-mismatch: ${edited}: frames[${answerIndex}] (seq ${recorded.frames[answerIndex]?.seq}) is not the frame that was written: its digest differs. The file was changed or corrupted after it was saved. (A digest shows that the record changed, not who changed it.)`,
    ]);
  });

  it('loupe diff cannot compare it (exit 2), naming the frame', async () => {
    const run = await runLoupe(['diff', file, edited]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      new RegExp(
        `^loupe: cannot compare: snapshot-digest-mismatch: ${escaped(edited)}: frames\\[${answerIndex}\\] `,
      ),
    );
  });

  it("the app's open, Compare and Replay refuse it with the same kind and frame", async () => {
    const text = readFileSync(edited, 'utf8');
    const refusals = await Promise.all([
      harness.api.loadSnapshot(text).then(
        () => undefined,
        (error: unknown) => error,
      ),
      harness.api
        .compareSnapshots(
          { source: 'snapshot', text: readFileSync(file, 'utf8') },
          { source: 'snapshot', text },
        )
        .then(
          () => undefined,
          (error: unknown) => error,
        ),
      harness.api.serveReplay({ text, fileName: 'edited.json' }).then(
        () => undefined,
        (error: unknown) => error,
      ),
    ]);
    for (const refusal of refusals)
      expect(toErrorData(refusal)).toMatchObject({
        kind: 'snapshot-digest-mismatch',
        data: { frame: answerIndex, seq: recorded.frames[answerIndex]?.seq },
      });
  });
});

describe('a snapshot written before the digest', { timeout: 60_000 }, () => {
  it('opens and replays, and says it is unverified (an edit in it is served: that is what the digest adds)', async () => {
    const old = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
    delete old.integrity;
    const oldFile = join(directory, 'before-digest.json');
    writeFileSync(oldFile, JSON.stringify(old, null, 2));
    const plain = await echoReplayed(oldFile);
    expect(plain.text).toBe('Echo: hi');
    expect(plain.stderr).toContain(
      'UNVERIFIED: it has no frame digest (written before Loupe kept one); a frame changed since would be served as it is',
    );
    const loaded = await harness.api.loadSnapshot(JSON.stringify(old));
    expect(loaded.integrity).toBeUndefined();

    const oldEdited = JSON.parse(readFileSync(edited, 'utf8')) as Snapshot;
    delete oldEdited.integrity;
    const oldEditedFile = join(directory, 'before-digest-edited.json');
    writeFileSync(oldEditedFile, JSON.stringify(oldEdited));
    expect((await echoReplayed(oldEditedFile)).text).toBe('Echo: HI');

    const diff = await runLoupe(['diff', oldFile, file]);
    expect(diff.code, diff.stderr).toBe(0);
    expect(diff.stderr.trim()).toBe(
      `loupe: note: ${oldFile} is unverified: it has no frame digest (written before Loupe kept one)`,
    );
  });

  it('the same file re-indented, its values unchanged, still verifies', async () => {
    const compact = join(directory, 'compact.json');
    writeFileSync(compact, JSON.stringify(JSON.parse(readFileSync(file, 'utf8'))));
    const { text, stderr } = await echoReplayed(compact);
    expect(text).toBe('Echo: hi');
    expect(stderr).toContain('frames verified against their digest');
  });
});
