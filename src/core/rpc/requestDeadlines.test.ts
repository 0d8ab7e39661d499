/**
 * One clock for every pending request's idle and total limits: each fires for its own request when it runs out, a
 * later deadline arms nothing earlier, progress gives the idle limit again (the total still counts), a wait of the
 * Attention holds the requests it concerns and they go on with what they had left, and no limit never fires.
 * Real time (a few hundred ms), as in attention.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { Attention } from './attention.js';
import { RequestDeadlines, type DeadlineKind } from './requestDeadlines.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function clock(attention = new Attention()) {
  const fired: string[] = [];
  const deadlines = new RequestDeadlines(attention, (id: string | number, kind: DeadlineKind) =>
    fired.push(`${id} ${kind}`),
  );
  return { attention, deadlines, fired };
}

describe('RequestDeadlines', () => {
  it('fires each request for the limit it ran out of, in deadline order, and forgets it', async () => {
    const { deadlines, fired } = clock();
    deadlines.add(1, 400, 60_000);
    deadlines.add(2, 100, 60_000);
    deadlines.add(3, 60_000, 200);
    deadlines.add(4, 100, 60_000);
    deadlines.remove(4);
    await sleep(300);
    expect(fired).toEqual(['2 idle', '3 total']);
    await sleep(300);
    expect(fired).toEqual(['2 idle', '3 total', '1 idle']);
    expect([deadlines.left(1), deadlines.left(4)]).toEqual([undefined, undefined]);
  });

  it('restarting the idle limit gives it whole again while the total limit goes on counting', async () => {
    const { deadlines, fired } = clock();
    deadlines.add(7, 200, 500);
    for (let step = 0; step < 3; step += 1) {
      await sleep(120);
      deadlines.restartIdle(7);
    }
    // ~360 ms in: past the idle limit of 200, not fired (restarted), and the total went on counting: ~140 ms left
    // (a timer may fire up to a millisecond early, so the bound is 150; a restarted total would be near 500).
    expect(fired).toEqual([]);
    expect(deadlines.left(7)?.idle).toBeGreaterThan(150);
    expect(deadlines.left(7)?.total).toBeLessThanOrEqual(150);
    deadlines.restartIdle(7);
    await sleep(300);
    expect(fired).toEqual(['7 total']);
  });

  it('a wait for some requests holds their clocks only; a session-wide wait holds all; both resume with what was left', async () => {
    const { attention, deadlines, fired } = clock();
    deadlines.add('call', 200, 60_000);
    deadlines.add('walk', 200, 60_000);
    await sleep(50);
    const form = attention.enter('answering elicitation/create', ['call']);
    const leftAtPause = deadlines.left('call')?.idle ?? 0;
    await sleep(400);
    expect(fired).toEqual(['walk idle']);
    expect(deadlines.left('call')?.idle).toBe(leftAtPause);
    form();
    await sleep(leftAtPause + 100);
    expect(fired).toEqual(['walk idle', 'call idle']);
    // Made during a sign-in: starts held.
    const signIn = attention.enter('signing in');
    deadlines.add('listen', 100, 100);
    await sleep(300);
    expect(fired).toEqual(['walk idle', 'call idle']);
    expect(deadlines.left('listen')).toEqual({ idle: 100, total: 100 });
    signIn();
    await sleep(250);
    expect(fired).toEqual(['walk idle', 'call idle', 'listen total']);
  });

  it('never fires without a limit, nor after remove or close', async () => {
    const { deadlines, fired } = clock();
    deadlines.add(1, 0, Number.POSITIVE_INFINITY);
    deadlines.add(2, -5, Number.NaN);
    deadlines.add(3, 50, 50);
    deadlines.remove(3);
    deadlines.add(4, 50, 50);
    deadlines.close();
    await sleep(200);
    expect(fired).toEqual([]);
    expect(deadlines.left(4)).toBeUndefined();
  });
});
