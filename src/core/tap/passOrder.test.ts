/**
 * A stdio tap's two directions passing bytes straight through (linePump.ts) record in the order the bytes crossed:
 * the host's request before the server's answer, even while the host is still sending a long next line and so
 * keeps its own direction from being quiet. Real streams and timers; the recorder is the tap's.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FrameRecorder } from '../recorder/frameRecorder.js';
import { LinePump, PassOrder } from './linePump.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PassOrder', () => {
  it("records the host's request, the server's answer, then the host's next line, as they crossed", async () => {
    const recorder = new FrameRecorder();
    const order = new PassOrder(recorder);

    const hostIn = new PassThrough();
    const toServer = new PassThrough();
    const serverOut = new PassThrough();
    const toHost = new PassThrough();
    toServer.resume();
    toHost.resume();
    const ended: string[] = [];
    new LinePump('out', hostIn, toServer, recorder, 1024 * 1024, undefined, order).start(() =>
      ended.push('out'),
    );
    new LinePump('in', serverOut, toHost, recorder, 1024 * 1024, undefined, order).start(() =>
      ended.push('in'),
    );

    const request = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n';
    const answer = '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}\n';
    hostIn.write(request);
    await pause(1);
    serverOut.write(answer);
    // The host goes on sending a long line, a piece every millisecond for 40 ms: its direction is never quiet.
    const next = `{"jsonrpc":"2.0","id":2,"method":"ping","params":{"pad":"${'x'.repeat(400)}"}}`;
    for (let at = 0; at < next.length; at += 10) {
      hostIn.write(next.slice(at, at + 10));
      await pause(1);
    }
    hostIn.end('\n');
    serverOut.end();
    await new Promise<void>((resolve) => {
      const wait = () => (ended.length === 2 ? resolve() : setTimeout(wait, 5));
      wait();
    });

    expect(recorder.all().map((frame) => [frame.direction, frame.raw])).toEqual([
      ['out', request.trimEnd()],
      ['in', answer.trimEnd()],
      ['out', next],
    ]);
    expect(recorder.all()[1]?.pairSeq).toBe(1);
  });
});
