import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FrameRecorder } from '../recorder/frameRecorder.js';
import { TapSse } from './tapSse.js';

const http = { method: 'POST', status: 200 };

/** What the parser records of `stream` fed in pieces cut at `cuts`: each frame's kind, text and exact bytes. */
function recorded(stream: Buffer, cuts: number[], limit = 1024): [string, string, string?][] {
  const recorder = new FrameRecorder();
  const parser = new TapSse(recorder, http, () => ({ t: 0, wall: 0 }), limit);
  let at = 0;
  for (const cut of [...cuts, stream.length]) {
    parser.push(stream.subarray(at, cut));
    at = cut;
  }
  return recorder.all().map((frame) => [frame.kind, frame.parseError ?? frame.raw, frame.rawBase64]);
}

const stream = Buffer.concat([
  Buffer.from(
    [
      ': a comment',
      'id: 1',
      'data: ', // a priming event: no message
      '',
      'event: message',
      'data: {"jsonrpc":"2.0",',
      'data:"method":"a"}',
      '',
    ].join('\n') + '\n',
  ),
  Buffer.from('data: {"jsonrpc":"2.0","method":"b"}\r\n\r\n'),
  Buffer.from('data:  {"jsonrpc":"2.0","method":"c"}\r\r'),
  Buffer.from('event: endpoint\ndata: /message?sessionId=1\n\n'),
  Buffer.from('data\ndata: x\n\n'),
  Buffer.from('data: {"jsonrpc":"2.0","method":"\xff"}\n\n', 'latin1'),
  Buffer.from('data: unfinished'),
]);

describe('TapSse', () => {
  it('records each event as the event-stream format reads it, however the bytes are cut', () => {
    const whole = recorded(stream, []);
    expect(whole).toEqual([
      ['notification', '{"jsonrpc":"2.0",\n"method":"a"}', undefined],
      ['notification', '{"jsonrpc":"2.0","method":"b"}', undefined],
      // One space after "data:" is not data; a second one is.
      ['notification', ' {"jsonrpc":"2.0","method":"c"}', undefined],
      ['http', '/message?sessionId=1', undefined],
      // A bare "data" is an empty line of data: "\nx".
      ['invalid', expect.stringMatching(/^not JSON/), undefined],
      [
        'notification',
        '{"jsonrpc":"2.0","method":"\ufffd"}',
        Buffer.from('{"jsonrpc":"2.0","method":"\xff"}', 'latin1').toString('base64'),
      ],
    ]);
    for (let cut = 1; cut < stream.length; cut++)
      expect(recorded(stream, [cut]), `cut at ${cut}`).toEqual(whole);
    expect(
      recorded(
        stream,
        Array.from({ length: stream.length - 1 }, (_, index) => index + 1),
      ),
    ).toEqual(whole);
  });

  it('records an event past the limit as a marker with its size, digest and head, and the events after it', () => {
    const data = `{"jsonrpc":"2.0","method":"big","params":{"data":"${'y'.repeat(5000)}"}}`;
    const sha256 = createHash('sha256').update(data).digest('hex');
    const big = Buffer.from(`data: ${data}\n\ndata: {"jsonrpc":"2.0","method":"after"}\n\n`);
    const cuts = Array.from({ length: Math.floor(big.length / 100) }, (_, index) => (index + 1) * 100);
    const frames = recorded(big, cuts, 1024);
    expect(frames).toEqual([
      [
        'invalid',
        `An SSE event of ${data.length} bytes passed the tap's recording limit of 1024 bytes (--max-frame-bytes) and passed on unchanged; sha256 ${sha256}: only the first 4096 bytes are recorded`,
        undefined,
      ],
      ['notification', '{"jsonrpc":"2.0","method":"after"}', undefined],
    ]);
  });
});
