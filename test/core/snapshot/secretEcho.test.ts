/**
 * Secrets a server echoes back JSON-escaped (`\/`, `\uXXXX`, any mix, nested JSON in a JSON string) do not
 * survive redaction: not in a snapshot's frames[].raw, not in the --journal file (which is also owner-only).
 */
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrameRecorder } from '../../../src/core/recorder/frameRecorder.js';
import { connect } from '../../../src/core/session/connect.js';
import { buildSnapshot } from '../../../src/core/snapshot/buildSnapshot.js';
import { redactTargetDeep } from '../../../src/core/snapshot/redact.js';
import type { Frame } from '../../../src/shared/frames.js';
import type { Target } from '../../../src/shared/target.js';
import { faultServer } from '../../helpers/servers.js';

const secret = 'sk-live/Q7x9+Zr2';

/** True when secret can be read from text once every JSON string literal in it is decoded, at any depth. */
function revealsSecret(text: string): boolean {
  if (text.includes(secret)) return true;
  for (const literal of text.match(/"(?:[^"\\\n]|\\.)*"/g) ?? []) {
    if (!literal.includes('\\')) continue;
    let decoded: unknown;
    try {
      decoded = JSON.parse(literal);
    } catch {
      continue;
    }
    if (typeof decoded === 'string' && revealsSecret(decoded)) return true;
  }
  return false;
}

function unicodeEscaped(value: string, upper: boolean): string {
  return [...value]
    .map((char) => {
      const hex = char.charCodeAt(0).toString(16).padStart(4, '0');
      return `\\u${upper ? hex.toUpperCase() : hex}`;
    })
    .join('');
}

/** The secret as servers in other languages write it: PHP's `\/`, all-\u escaping, a mix of both. */
const echoedForms = [
  secret.replace('/', '\\/'),
  unicodeEscaped(secret, false),
  unicodeEscaped(secret, true),
  `sk\\u002dlive\\/Q7x9\\u002BZr2`,
];

function frame(seq: number, raw: string): Frame {
  return {
    seq,
    t: seq,
    wall: 1_700_000_000_000 + seq,
    direction: 'in',
    kind: 'response',
    raw,
    bytes: Buffer.byteLength(raw),
    id: seq,
  };
}

describe('redaction of JSON-escaped echoes', () => {
  it('removes every escaped form from frames[].raw and keeps the rest of the frame', () => {
    expect(echoedForms.every((form) => JSON.parse(`"${form}"`) === secret)).toBe(true);
    const target: Target = {
      transport: 'http',
      url: 'http://127.0.0.1:9/mcp',
      headers: [{ name: 'Authorization', value: `Bearer ${secret}` }],
    };
    const frames = echoedForms.map((form, index) =>
      frame(
        index + 1,
        `{"jsonrpc":"2.0","id":${index + 1},"result":{"seen":"token=${form}","keep":"a\\/b"}}`,
      ),
    );
    const snapshot = buildSnapshot({
      target,
      testedAt: '2026-11-30T12:00:00.000Z',
      frames,
      framesDropped: 0,
      loupeVersion: 'test',
    });
    expect(snapshot.frames).toHaveLength(4);
    for (const recorded of snapshot.frames) {
      expect(revealsSecret(recorded.raw)).toBe(false);
      const parsed = JSON.parse(recorded.raw) as { result: { seen: string; keep: string } };
      expect(parsed.result).toEqual({ seen: 'token=[redacted]', keep: 'a/b' });
    }
    expect(revealsSecret(JSON.stringify(snapshot))).toBe(false);
    expect(snapshot.target).toEqual({ ...target, headers: [{ name: 'Authorization', value: '[redacted]' }] });
  });

  it('leaves raw text without a secret byte for byte as sent', () => {
    const raw = '{"jsonrpc":"2.0","id":1,"result":{"path":"a\\/b","name":"\\u0041BC"}}';
    const snapshot = buildSnapshot({
      target: { transport: 'stdio', command: 'node', args: [], env: { API_KEY: secret } },
      testedAt: '2026-11-30T12:00:00.000Z',
      frames: [frame(1, raw)],
      framesDropped: 0,
      loupeVersion: 'test',
    });
    expect(snapshot.frames[0].raw).toBe(raw);
  });
});

describe('the --journal file', () => {
  let directory = '';
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'loupe-journal-secret-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('holds no secret of the target, in any escaping, and is created readable by its owner alone', async () => {
    const journalPath = join(directory, 'session.jsonl');
    const target = { ...faultServer(), env: { API_KEY: secret } };
    const recorder = new FrameRecorder({ journalPath });
    const session = await connect(target, { recorder, timeoutMs: 10_000 });
    // JSON inside the echoed text: on the wire the secret is escaped twice (`\\/`, `\\u0073…`).
    for (const form of echoedForms)
      await session.request('tools/call', { name: 'echo', arguments: { text: `{"key":"${form}"}` } });
    await session.close();
    await recorder.close();
    const text = await readFile(journalPath, 'utf8');
    const frames = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Frame);
    const echoes = frames.filter(
      (recorded) => recorded.direction === 'in' && recorded.raw.includes('[redacted]'),
    );
    expect(echoes).toHaveLength(echoedForms.length);
    expect(frames.filter((recorded) => recorded.method === 'tools/call')).toHaveLength(echoedForms.length);
    expect(revealsSecret(text)).toBe(false);
    expect((await stat(journalPath)).mode & 0o777).toBe(0o600);
    expect(redactTargetDeep(target).secrets).toEqual([secret]);
  });

  it('narrows an existing journal file to 0600 before appending to it', async () => {
    const journalPath = join(directory, 'existing.jsonl');
    await writeFile(journalPath, '{"earlier":true}\n');
    await chmod(journalPath, 0o644);
    const recorder = new FrameRecorder({ journalPath });
    recorder.redactSecrets([secret]);
    recorder.record(
      'in',
      `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"${echoedForms[1]}"}}`,
    );
    await recorder.close();
    const lines = (await readFile(journalPath, 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('{"earlier":true}');
    const journaled = JSON.parse(lines[1]) as Frame;
    expect((JSON.parse(journaled.raw) as { params: { data: string } }).params.data).toBe('[redacted]');
    expect((await stat(journalPath)).mode & 0o777).toBe(0o600);
  });
});
