/**
 * A recording that cannot be served ends in one named error before anything is served (stdout stays empty), and a
 * snapshot written without --calls (as every snapshot before replay existed) still replays its listings. A frame
 * edited after saving is found by the digest, or in a file from before it by its recorded length.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { frameIntegrity } from '../../src/core/snapshot/frameDigest.js';
import type { Snapshot } from '../../src/shared/snapshot.js';
import { loupeBin, requireBuild, runLoupe } from '../cli/loupe.js';
import { record, recordedAnswer, scratch } from './recordings.js';

const directory = scratch();
let file: string;
let text: string;
let recorded: Snapshot;

beforeAll(async () => {
  requireBuild();
  ({ file, snapshot: recorded } = await record(
    directory,
    'demo',
    [{ method: 'tools/call', params: { name: 'echo', arguments: { text: 'corrupt me' } } }],
    ['--demo'],
  ));
  text = readFileSync(file, 'utf8');
}, 60_000);

async function replayFails(name: string, content: string): Promise<string> {
  const path = join(directory, name);
  writeFileSync(path, content);
  const run = await runLoupe(['replay', path]);
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0] ?? '';
}

describe('loupe replay of a recording it cannot serve', () => {
  it('a truncated file: one snapshot-invalid line, nothing served', async () => {
    expect(await replayFails('truncated.json', text.slice(0, Math.floor(text.length / 2)))).toMatch(
      /^loupe: snapshot-invalid: .*truncated\.json: Not a Loupe snapshot: the file is not JSON/,
    );
  });

  it('a frame whose text was edited after it was saved: its digest differs (test/replay/replayDigest.test.ts)', async () => {
    const edited = JSON.parse(text) as Snapshot;
    const index = edited.frames.findLastIndex(
      (frame) => frame.direction === 'in' && frame.kind === 'response',
    );
    const answer = edited.frames[index];
    if (!answer) throw new Error('the recording has no response');
    answer.raw = answer.raw.replace('"result":', '"result" :');
    expect(await replayFails('edited.json', JSON.stringify(edited))).toMatch(
      new RegExp(
        `snapshot-digest-mismatch: .*edited\\.json: frames\\[${index}\\] \\(seq ${answer.seq}\\) is not the frame that was written`,
      ),
    );
    // A file from before the digest: the frame's recorded length still gives the edit away.
    delete edited.integrity;
    expect(await replayFails('edited-old.json', JSON.stringify(edited))).toMatch(
      new RegExp(
        `snapshot-invalid: .*edited-old\\.json: Cannot replay this recording: frames\\[${index}\\] \\(seq ${answer.seq}\\) holds ${answer.bytes + 1} bytes of text but recorded ${answer.bytes}: the frame was cut or edited`,
      ),
    );
  });

  it('frames lost to the recorder limit, and a session that never connected', async () => {
    // As a writer would save them: with the digest of what it saved.
    const dropped = { ...recorded, framesDropped: 7, integrity: frameIntegrity(recorded.frames, 7) };
    expect(await replayFails('dropped.json', JSON.stringify(dropped))).toMatch(
      /Cannot replay this recording: 7 frames were dropped from memory before it was saved/,
    );
    const failed: Snapshot = {
      ...recorded,
      connected: false,
      error: { kind: 'server-exited', message: 'The server exited with code 1' },
      frames: [],
      integrity: frameIntegrity([], 0),
    };
    expect(await replayFails('failed.json', JSON.stringify(failed))).toMatch(
      /Cannot replay this recording: the recorded session never connected \(The server exited with code 1\)/,
    );
    // framesDropped changed after saving, to pass an incomplete recording off as whole: the digest says so.
    expect(await replayFails('undropped.json', JSON.stringify({ ...dropped, framesDropped: 0 }))).toMatch(
      /snapshot-digest-mismatch: .*The frames do not add up to the digest written with them/,
    );
  });
});

describe('a snapshot written without --calls', () => {
  it('replays its listing page by page to the SDK 1.x Client', async () => {
    const plain = join(directory, 'plain.json');
    const run = await runLoupe(['snapshot', '--out', plain, '--demo']);
    expect(run.code, run.stderr).toBe(0);
    const snapshot = JSON.parse(readFileSync(plain, 'utf8')) as Snapshot;
    expect(snapshot.pages.length).toBeGreaterThan(1);
    const client = new Client({ name: 'replay-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [loupeBin, 'replay', plain],
        stderr: 'ignore',
      }),
    );
    try {
      const names: string[] = [];
      let cursor: string | undefined;
      const cursors: (string | undefined)[] = [];
      do {
        cursors.push(cursor);
        const page = await client.listTools(cursor === undefined ? undefined : { cursor });
        expect(page).toEqual(
          recordedAnswer(snapshot, { method: 'tools/list', params: cursor === undefined ? {} : { cursor } }),
        );
        names.push(...page.tools.map((tool) => tool.name));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      expect(cursors).toEqual(snapshot.pages.map((page) => page.cursor));
      expect(names).toEqual(snapshot.toolNames);
    } finally {
      await client.close();
    }
  }, 60_000);
});
