/**
 * Bounds of a collection against the demo server (stdio): a pattern that backtracks catastrophically is stopped at
 * the step's deadline (it runs on the pattern thread, so the run goes on), every step has a deadline (its own
 * timeoutMs, else the collection's) named in its error, and a value nested 100,000 deep is collection-invalid
 * when the file is read, not a stack overflow.
 */
import { describe, expect, it } from 'vitest';
import { parseCollection } from '../../src/core/collections/parseCollection.js';
import { demoTarget } from '../../src/core/demoTarget.js';
import { LoupeError } from '../../src/shared/errors.js';
import { assertionOf, runOn, stepOf } from './run.js';

/** 40 "a"s and a "!": `^(a+)+$` tries 2^40 ways to split them before it gives up. */
const runaway = `${'a'.repeat(40)}!`;

describe('bounds of a collection run', () => {
  it('stops a catastrophic pattern at the step deadline, names it, and goes on with the next steps', async () => {
    const report = await runOn(demoTarget(), {
      steps: [
        {
          name: 'runaway pattern',
          method: 'tools/call',
          tool: 'echo',
          arguments: { message: runaway },
          timeoutMs: 2000,
          expect: { paths: [{ pointer: '/message', in: 'jsonText', matches: '^(a+)+$' }] },
        },
        {
          name: 'ordinary pattern',
          method: 'tools/call',
          tool: 'echo',
          arguments: { message: 'hello 42' },
          expect: {
            text: { matches: 'hello \\d+' },
            paths: [
              { pointer: '/message', in: 'jsonText', matches: '^hello' },
              { pointer: '/message', in: 'jsonText', matches: '^bye' },
            ],
          },
        },
      ],
    });
    expect(stepOf(report, 'runaway pattern')).toMatchObject({
      status: 'error',
      error: {
        kind: 'timeout',
        message: `step "runaway pattern" did not finish within 2000 ms (the step's timeoutMs): the pattern /^(a+)+$/ was still running on a text of 41 characters`,
      },
    });
    // The thread that ran away was replaced: the next step's patterns are judged, each on its own text.
    expect(stepOf(report, 'ordinary pattern').status).toBe('failed');
    expect(assertionOf(report, 'ordinary pattern', 'text matches').passed).toBe(true);
    expect(assertionOf(report, 'ordinary pattern', 'jsonText/message matches /^hello/').passed).toBe(true);
    expect(assertionOf(report, 'ordinary pattern', 'jsonText/message matches /^bye/')).toMatchObject({
      passed: false,
      message: 'does not match',
      actual: 'hello 42',
    });
    expect(report.counts).toEqual({ passed: 0, failed: 1, error: 1, skipped: 0 });
  }, 60_000);

  it("gives every step the collection's timeoutMs unless it has its own; the session goes on after it", async () => {
    const report = await runOn(demoTarget(), {
      timeoutMs: 1500,
      steps: [
        {
          name: 'slow export',
          method: 'tools/call',
          tool: 'long_running_export',
          // 100 parts of 10 s: far past the deadline and past the request's own timeout of 15 s.
          arguments: { steps: 100, step_ms: 10000 },
          expect: { isError: false },
        },
        {
          name: 'quick export',
          method: 'tools/call',
          tool: 'long_running_export',
          arguments: { steps: 2, step_ms: 10 },
          timeoutMs: 30000,
          expect: { isError: false },
        },
      ],
    });
    expect(stepOf(report, 'slow export')).toMatchObject({
      status: 'error',
      error: {
        kind: 'timeout',
        message: `step "slow export" did not finish within 1500 ms (the collection's timeoutMs)`,
      },
    });
    // The step's own timeoutMs wins, and the session is still usable after the cancelled call.
    expect(stepOf(report, 'quick export').status).toBe('passed');
  }, 60_000);

  it('keeps each deadline when the steps before it passed (their timeout serves the next) and starts clean after one that timed out', async () => {
    const quick = (name: string) => ({
      name,
      method: 'tools/call',
      tool: 'long_running_export',
      arguments: { steps: 2, step_ms: 10 },
      expect: { isError: false },
    });
    const report = await runOn(demoTarget(), {
      timeoutMs: 1500,
      steps: [
        quick('quick 1'),
        quick('quick 2'),
        {
          name: 'slow export',
          method: 'tools/call',
          tool: 'long_running_export',
          arguments: { steps: 100, step_ms: 10000 },
          expect: { isError: false },
        },
        quick('quick 3'),
        quick('quick 4'),
      ],
    });
    expect(report.steps.map((step) => [step.name, step.status])).toEqual([
      ['quick 1', 'passed'],
      ['quick 2', 'passed'],
      ['slow export', 'error'],
      ['quick 3', 'passed'],
      ['quick 4', 'passed'],
    ]);
    expect(stepOf(report, 'slow export').error).toEqual({
      kind: 'timeout',
      message: `step "slow export" did not finish within 1500 ms (the collection's timeoutMs)`,
    });
  }, 60_000);

  it('refuses a value nested 100,000 deep as collection-invalid, naming where it is', () => {
    let deep = '1';
    for (let level = 0; level < 100_000; level += 1) deep = `{"a":${deep}}`;
    const text = `{"format":"loupe.collection/1","steps":[{"name":"echo","method":"tools/call","tool":"echo"},{"name":"deep","method":"tools/call","tool":"echo","expect":{"structuredContent":{"equals":${deep}}}}]}`;
    let thrown: unknown;
    try {
      parseCollection(text, 'deep.collection.json');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(LoupeError);
    expect((thrown as LoupeError).detail).toMatchObject({
      kind: 'collection-invalid',
      message:
        'deep.collection.json: steps[1] "deep": /expect/structuredContent/equals/a/a/a/…: a value nests deeper than 256 levels (a collection\'s values nest at most 256 deep)',
    });
    // 256 levels are fine.
    let fine = '1';
    for (let level = 0; level < 250; level += 1) fine = `{"a":${fine}}`;
    const parsed = parseCollection(
      `{"format":"loupe.collection/1","steps":[{"name":"ok","method":"tools/call","tool":"echo","expect":{"structuredContent":{"equals":${fine}}}}]}`,
      'fine.collection.json',
    );
    expect(parsed.steps).toHaveLength(1);
  });
});
