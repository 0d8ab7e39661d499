/**
 * The collection methods through the contract against the demo server: a real call drafted as a step (its result
 * the expectation, a timestamp offered as volatile), run on the session with each step's frames in Traffic, and a
 * collection that no longer matches failing with its diff.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Collection } from '../../src/shared/collections.js';
import { rejection } from '../helpers/rejection.js';
import { startHarness, type Harness } from './backendHarness.js';

let harness: Harness;
beforeEach(async () => {
  harness = startHarness();
  await harness.api.connect({ transport: 'demo' });
});
afterEach(() => harness.close());

describe('collections in the backend', () => {
  it('drafts a step from a call, runs it, and links the step to its frames', async () => {
    const { api } = harness;
    const outcome = await api.callTool({
      tool: 'get_weather_report',
      arguments: { city: 'Utrecht' },
      callId: 'c1',
    });
    const draft = await api.draftCollectionStep({
      tool: outcome.tool,
      arguments: outcome.arguments,
      result: outcome.result,
    });
    expect(draft.compares).toBe('structuredContent');
    expect(draft.step).toEqual({
      name: 'get_weather_report',
      method: 'tools/call',
      tool: 'get_weather_report',
      arguments: { city: 'Utrecht' },
      expect: {
        isError: false,
        contentTypes: ['text'],
        structuredContent: {
          equals: {
            city: 'Utrecht',
            temperatureCelsius: 11.5,
            conditions: 'cloudy',
            observedAt: '2026-11-29T12:00:00Z',
          },
        },
      },
    });
    expect(draft.leaves.filter((leaf) => leaf.volatile).map((leaf) => leaf.pointer)).toEqual(['/observedAt']);

    const collection: Collection = { format: 'loupe.collection/1', name: 'saved', steps: [draft.step] };
    const report = await api.runCollection(JSON.stringify(collection));
    expect(report.counts).toEqual({ passed: 1, failed: 0, error: 0, skipped: 0 });
    const step = report.steps[0];
    const frames = await api.frames(0, 10_000);
    expect(frames.find((frame) => frame.seq === step.requestSeq)?.method).toBe('tools/call');
    expect(frames.find((frame) => frame.seq === step.responseSeq)?.pairSeq).toBe(step.requestSeq);

    // Expecting another city: the step fails, saying what differs.
    const changed = JSON.stringify({
      ...collection,
      steps: [{ ...draft.step, arguments: { city: 'Delft' } }],
    });
    const failed = await api.runCollection(changed);
    expect(failed.steps[0].status).toBe('failed');
    const assertion = failed.steps[0].assertions.find((item) => !item.passed);
    expect(assertion?.name).toBe('structuredContent equals');
    expect(assertion?.diff?.filter((line) => line.op !== 'same').map((line) => line.text.trim())).toEqual([
      '"city": "Utrecht",',
      '"city": "Delft",',
    ]);
  });

  it('runs one step with what it depends on, and names a bad collection', async () => {
    const { api } = harness;
    const text = JSON.stringify({
      format: 'loupe.collection/1',
      steps: [
        {
          name: 'weather',
          method: 'tools/call',
          tool: 'get_weather_report',
          arguments: { city: 'Delft' },
          captures: { city: '/structuredContent/city' },
        },
        { name: 'other', method: 'tools/list' },
        {
          name: 'echo',
          method: 'tools/call',
          tool: 'echo',
          arguments: { message: '${capture:city}' },
          expect: { jsonText: { equals: { message: 'Delft' } } },
        },
      ],
    });
    const report = await api.runCollection(text, ['echo']);
    expect(report.steps.map((step) => step.status)).toEqual(['passed', 'skipped', 'passed']);
    const error = await rejection(
      api.checkCollection('{"format":"loupe.collection/1","steps":[{"name":"x"}]}'),
    );
    expect(error).toMatchObject({
      kind: 'collection-invalid',
      message:
        'the collection: steps[0] "x": method null is not one of tools/call, resources/read, prompts/get, tools/list, resources/list, resources/templates/list, prompts/list',
    });
  });
});
