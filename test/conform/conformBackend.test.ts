/**
 * The backend's conformance methods over the in-memory carrier: a session on conformBreak.mjs (breaking
 * test_simple_text), the choices offered for its revision, a run's progress events, checks linked to frames of the
 * session's own recorder, and the run saved into the session's snapshot and read back by loadSnapshot.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrintingUrl, type RunningHttpServer } from '../helpers/servers.js';
import { startHarness, type Harness } from '../backend/backendHarness.js';

const breakServer = fileURLToPath(new URL('../servers/conformBreak.mjs', import.meta.url));

describe('backend conformance', () => {
  let harness: Harness;
  let server: RunningHttpServer;

  beforeAll(async () => {
    server = await startPrintingUrl([breakServer, '--break', 'simple-text'], 'http', 'conformBreak');
    harness = startHarness();
    expect((await harness.api.connect({ transport: 'http', url: server.url })).state).toBe('connected');
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
    await server?.stop();
  });

  it('offers the requirement set of the session revision, runs it through the session recorder, and keeps it in the snapshot', async () => {
    const choices = await harness.api.conformChoices();
    expect(choices.revision).toBe('2025-11-25');
    expect(choices.revisionReason).toBe('the session speaks the 2025-11-25 era (initialize)');
    expect(choices.suite).toMatch(/^0\.2\.0-alpha\.12 on /);
    expect(choices.scenarios.filter((item) => item.required)).toHaveLength(30);
    expect(choices.scenarios.find((item) => item.name === 'json-schema-2020-12')).toEqual({
      name: 'json-schema-2020-12',
      required: false,
      notScoredReason: 'pending',
      inRequirementSet: true,
    });
    // The requirement set a default run runs (and the tab ticks and counts): 30 required, 3 run but not scored.
    expect(choices.scenarios.filter((item) => item.inRequirementSet)).toHaveLength(33);
    expect(choices.scenarios.filter((item) => !item.inRequirementSet).every((item) => item.notScoredReason === 'not in the requirement set')).toBe(true);

    const before = (await harness.api.frames(0, 100_000)).length;
    const report = await harness.api.runConformance({ scenarios: ['tools-call-simple-text', 'tools-call-image'] });
    expect(report.scenarios.map((scenario) => [scenario.name, scenario.checks.map((check) => [check.id, check.status])])).toEqual([
      ['tools-call-simple-text', [['tools-call-simple-text', 'FAILURE'], ['wire-schema-valid', 'SUCCESS']]],
      ['tools-call-image', [['tools-call-image', 'SUCCESS'], ['wire-schema-valid', 'SUCCESS']]],
    ]);
    // Events come batched: the last one may land just after the result.
    await harness.waitFor('onConformProgress', (event) => event.kind === 'end' && event.scenario.name === 'tools-call-image');
    const progress = harness.events.onConformProgress.map((event) => (event.kind === 'end' ? `end ${event.scenario.name}` : event.kind === 'start' ? `start ${event.scenario}` : 'install'));
    expect(progress).toEqual(['start tools-call-simple-text', 'end tools-call-simple-text', 'start tools-call-image', 'end tools-call-image']);

    // The suite's traffic is in the session's own Traffic, after the session's frames; the failure links the call.
    const frames = await harness.api.frames(0, 100_000);
    const bySeq = new Map(frames.map((frame) => [frame.seq, frame]));
    const failed = report.scenarios[0]?.checks[0];
    expect(failed?.frames.every((seq) => seq > before && bySeq.has(seq))).toBe(true);
    const [call, answer] = (failed?.frames ?? []).map((seq) => bySeq.get(seq));
    expect(failed?.frames).toHaveLength(2);
    expect([call?.direction, call?.kind, call?.method]).toEqual(['out', 'request', 'tools/call']);
    expect([answer?.direction, answer?.kind, answer?.pairSeq]).toEqual(['in', 'response', call?.seq]);
    expect(JSON.parse(answer?.raw ?? '{}')).toMatchObject({ result: { content: [] } });

    const { text } = await harness.api.createSnapshot();
    const snapshot = await harness.api.loadSnapshot(text);
    expect(snapshot.conformance).toHaveLength(1);
    expect(snapshot.conformance?.[0]?.counts).toEqual({ passed: 3, failed: 1, warnings: 0, requiredFailed: 1 });
    expect(snapshot.conformance?.[0]?.scenarios[0]?.checks[0]?.frames).toEqual(failed?.frames);
    // A second run at once is refused while one goes.
    const first = harness.api.runConformance({ scenarios: ['ping'] });
    await expect(harness.api.runConformance({ scenarios: ['ping'] })).rejects.toMatchObject({ message: 'A conformance run is already going on this session.' });
    expect((await first).scenarios.map((scenario) => scenario.name)).toEqual(['ping']);
  }, 180_000);
});
