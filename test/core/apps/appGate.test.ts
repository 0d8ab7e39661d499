/**
 * What an MCP App may ask of the server, against the real hostile app server over stdio through the contract:
 * a model-only tool and an unlisted one are refused by name and never reach the server; a tool without
 * visibility is callable (the spec's default); a destructive or not-read-only call waits unsent for the person,
 * however long they take (a real 4 s here, with a 2 s request timeout), and goes only on a yes; "allow for
 * this app in this session" stops the asking; a flood is cut at the rate limit with a named refusal.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCallBurst, appCallsPerSecond, TokenBucket } from '../../../src/core/apps/appGate.js';
import type { AppCallOutcome } from '../../../src/shared/apps.js';
import { repositoryRoot, startHarness, type Harness } from '../../backend/backendHarness.js';

const hostileApp = join(repositoryRoot, 'test', 'servers', 'hostileApp.mjs');
const appUri = 'ui://hostile/app.html';
const personThinks = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function asked(outcome: AppCallOutcome): Extract<AppCallOutcome, { status: 'ask' }> {
  if (outcome.status !== 'ask') throw new Error(`expected a question, got ${JSON.stringify(outcome)}`);
  return outcome;
}

describe('the app gate', () => {
  let harness: Harness;
  const wipes = async () => {
    const { result } = await harness.api.callTool({
      tool: 'wipes',
      arguments: {},
      callId: `w-${Math.random()}`,
    });
    return JSON.stringify(result?.content);
  };
  const toolCallsSent = async (after: number) =>
    (await harness.api.frames(after, 100_000)).filter(
      (frame) => frame.direction === 'out' && frame.method === 'tools/call',
    ).length;

  beforeAll(async () => {
    harness = startHarness();
    await harness.api.connect(
      { transport: 'stdio', command: process.execPath, args: [hostileApp] },
      { timeoutMs: 2000 },
    );
    await harness.api.list('tools');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('refuses a tool whose visibility lacks "app" and one the server did not list, sending nothing', async () => {
    const before = (await harness.api.recorderStats()).total;
    await expect(
      harness.api.appCallTool(appUri, { name: 'model_only', arguments: {} }),
    ).rejects.toMatchObject({
      detail: {
        kind: 'app-tool-refused',
        message: expect.stringContaining('_meta.ui.visibility does not include "app"') as unknown,
        data: { tool: 'model_only', reason: 'not-visible-to-apps' },
      },
    });
    await expect(
      harness.api.appCallTool(appUri, { name: 'not_a_tool', arguments: {} }),
    ).rejects.toMatchObject({
      detail: { kind: 'app-tool-refused', data: { tool: 'not_a_tool', reason: 'not-listed' } },
    });
    expect(await toolCallsSent(before)).toBe(0);
  });

  it('lets an app call a tool without visibility (default ["model", "app"]) once the person agrees', async () => {
    const question = asked(await harness.api.appCallTool(appUri, { name: 'hostile_app', arguments: {} }));
    expect(question).toMatchObject({ tool: 'hostile_app', reasons: ['not-read-only'] });
    const result = await harness.api.appConsent(question.ticket, 'once');
    expect(result.content).toEqual([{ type: 'text', text: 'opened hostile_app' }]);
  });

  it('keeps a destructive call unsent while the person thinks, past the request timeout, and sends it on a yes only', async () => {
    const before = (await harness.api.recorderStats()).total;
    const first = asked(
      await harness.api.appCallTool(appUri, { name: 'wipe', arguments: { everything: true } }),
    );
    expect(first).toMatchObject({ tool: 'wipe', reasons: ['destructive', 'not-read-only'] });
    await personThinks(4000); // twice the request timeout
    expect(await toolCallsSent(before)).toBe(0);
    const result = await harness.api.appConsent(first.ticket, 'once');
    expect(result.content).toEqual([{ type: 'text', text: 'opened wipe' }]);
    expect(await wipes()).toBe('[{"type":"text","text":"1"}]');
    // A ticket is answered once.
    await expect(harness.api.appConsent(first.ticket, 'once')).rejects.toMatchObject({
      detail: { kind: 'app-invalid' },
    });

    // "Once" allows one call: the next asks again; declined, it never reaches the server.
    const second = asked(await harness.api.appCallTool(appUri, { name: 'wipe', arguments: {} }));
    await personThinks(1500);
    await expect(harness.api.appConsent(second.ticket, 'decline')).rejects.toMatchObject({
      detail: { kind: 'app-call-declined', data: { app: appUri, tool: 'wipe' } },
    });
    expect(await wipes()).toBe('[{"type":"text","text":"1"}]');

    // "Allow for this app in this session": this call and the app's later calls of wipe go without asking.
    const third = asked(await harness.api.appCallTool(appUri, { name: 'wipe', arguments: {} }));
    await personThinks(1500);
    await harness.api.appConsent(third.ticket, 'session');
    const fourth = await harness.api.appCallTool(appUri, { name: 'wipe', arguments: {} });
    expect(fourth.status).toBe('done');
    expect(await wipes()).toBe('[{"type":"text","text":"3"}]');
    // The grant is for this app: another app is asked.
    expect(
      (await harness.api.appCallTool('ui://other/app.html', { name: 'wipe', arguments: {} })).status,
    ).toBe('ask');
  });
});

describe('the app gate under a flood', () => {
  // Its own connection (a fresh bucket) with the default request timeout: a busy machine answers ten calls late.
  let harness: Harness;
  beforeAll(async () => {
    harness = startHarness();
    await harness.api.connect({ transport: 'stdio', command: process.execPath, args: [hostileApp] });
    await harness.api.list('tools');
  });
  afterAll(async () => {
    await harness?.close();
  });
  const toolCallsSent = async (after: number) =>
    (await harness.api.frames(after, 100_000)).filter(
      (frame) => frame.direction === 'out' && frame.method === 'tools/call',
    ).length;

  it('cuts a flood of 2,000 calls at the rate limit with a named refusal; only the admitted ones reach the server', async () => {
    const before = (await harness.api.recorderStats()).total;
    const started = performance.now();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 2000 }, () => harness.api.appCallTool(appUri, { name: 'ping', arguments: {} })),
    );
    const seconds = (performance.now() - started) / 1000;
    const done = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome): unknown[] =>
      outcome.status === 'rejected' ? [outcome.reason] : [],
    );
    expect(done.length).toBeGreaterThanOrEqual(appCallBurst);
    expect(done.length).toBeLessThanOrEqual(appCallBurst + Math.ceil(seconds * appCallsPerSecond) + 1);
    expect(refused.length).toBe(2000 - done.length);
    for (const reason of refused) {
      expect(reason).toMatchObject({
        detail: { kind: 'app-rate-limited', data: { perSecond: appCallsPerSecond } },
      });
    }
    expect(await toolCallsSent(before)).toBe(done.length);
  });
});

describe('TokenBucket', () => {
  it('gives a burst, then one token per 1/rate seconds', () => {
    let now = 0;
    const bucket = new TokenBucket(5, 3, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now = 199;
    expect(bucket.take()).toBe(false);
    now = 400;
    expect(bucket.take()).toBe(true);
    now = 10_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });
});
