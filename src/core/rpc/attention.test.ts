/**
 * A request timer stands still while its Attention waits on the person and goes on with what it had left: not
 * restarted from zero, not run down, not fired during the wait; overlapping waits hold it until the last ends. A
 * session-wide wait (a sign-in) holds every timer, a wait for some requests (a form a call caused) only theirs.
 * Real time (a few hundred ms): the person's wait here is a real one.
 */
import { describe, expect, it } from 'vitest';
import { Attention, RequestTimer } from './attention.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Attention and RequestTimer', () => {
  it('pauses a running timer for the whole wait and resumes it with the time it had left', async () => {
    const attention = new Attention();
    let fired = 0;
    const timer = new RequestTimer(300, () => (fired += 1), attention);
    await sleep(100);
    const leave = attention.enter('a form');
    expect(attention.waiting).toBe(true);
    expect(attention.reasons).toEqual(['a form']);
    const leftAtPause = timer.left;
    expect(leftAtPause).toBeLessThan(300);
    await sleep(600);
    // Twice its limit later: not fired, and not one millisecond of the wait was counted.
    expect(fired).toBe(0);
    expect(timer.left).toBe(leftAtPause);
    leave();
    expect(timer.left).toBeLessThanOrEqual(leftAtPause);
    await sleep(leftAtPause + 200);
    expect(fired).toBe(1);
  });

  it('starts paused when made during a wait, and overlapping waits hold it until the last ends', async () => {
    const attention = new Attention();
    const first = attention.enter('signing in');
    let fired = 0;
    const timer = new RequestTimer(100, () => (fired += 1), attention);
    const second = attention.enter('answering elicitation/create');
    first();
    await sleep(300);
    expect(fired).toBe(0);
    expect(timer.left).toBe(100);
    second();
    second(); // ending a wait twice does nothing
    await sleep(300);
    expect(fired).toBe(1);
    expect(attention.waiting).toBe(false);
  });

  it('restart gives the whole limit again; stop and no limit never fire', async () => {
    const attention = new Attention();
    let idle = 0;
    const timer = new RequestTimer(1_000, () => (idle += 1), attention);
    await sleep(600);
    timer.restart();
    await sleep(500);
    expect(idle).toBe(0);
    await sleep(900);
    expect(idle).toBe(1);
    let stopped = 0;
    new RequestTimer(100, () => (stopped += 1), attention).stop();
    let unlimited = 0;
    const none = new RequestTimer(0, () => (unlimited += 1), attention);
    await sleep(200);
    expect([stopped, unlimited, none.left]).toEqual([0, 0, Infinity]);
  });

  it('a wait for some requests holds their timers only; a session-wide one holds every timer', async () => {
    const attention = new Attention();
    const fired: string[] = [];
    new RequestTimer(200, () => fired.push('call'), attention, 7);
    new RequestTimer(200, () => fired.push('walk'), attention, 8);
    const form = attention.enter('answering elicitation/create', [7]);
    const nothing = attention.enter('answering a modern round', []);
    expect([attention.holds(7), attention.holds(8), attention.holds()]).toEqual([true, false, false]);
    await sleep(500);
    expect(fired).toEqual(['walk']);
    form();
    nothing();
    await sleep(500);
    expect(fired).toEqual(['walk', 'call']);
    new RequestTimer(200, () => fired.push('listen'), attention, 9);
    const signIn = attention.enter('signing in');
    expect(attention.holds(9)).toBe(true);
    await sleep(500);
    expect(fired).toEqual(['walk', 'call']);
    signIn();
    await sleep(500);
    expect(fired).toEqual(['walk', 'call', 'listen']);
  });
});
