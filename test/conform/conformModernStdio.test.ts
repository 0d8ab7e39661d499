/**
 * `loupe conform --spec-version 2026-07-28` on a stdio server: the strict 2026-07-28 v2 SDK test server over stdio
 * (serveStdio), judged through the pass-through bridge (src/core/conform/modernStdioBridge.ts), gets the verdicts
 * the suite's own CLI gives the same server over HTTP (createMcpHandler) for scenarios judged on the messages.
 * The HTTP-level checks (status codes, headers) judge the bridge, and the report says so.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, runLoupe } from '../cli/loupe.js';
import {
  serverCommand,
  startV2HttpServer,
  v2StdioServer,
  type RunningHttpServer,
} from '../helpers/servers.js';
import { startHarness } from '../backend/backendHarness.js';
import { findSuiteRunner, loupeVerdicts, parseReport, suiteVerdicts, type SuiteRunner } from './suite.js';

const scenarios = ['tools-list', 'resources-list', 'prompts-list', 'sep-2164-resource-not-found'];
const directory = mkdtempSync(join(tmpdir(), 'loupe-conform-modern-stdio-'));
const journal = join(directory, 'frames.jsonl');

let runner: SuiteRunner;
let http: RunningHttpServer;

beforeAll(async () => {
  requireBuild();
  runner = findSuiteRunner();
  http = await startV2HttpServer('reject');
}, 320_000);

afterAll(async () => {
  await http?.stop();
  rmSync(directory, { recursive: true, force: true });
});

describe('loupe conform on a 2026-07-28 stdio server', () => {
  it('passes each request through unchanged and gives the verdicts the suite gives the server over HTTP', async () => {
    const run = await runLoupe(
      [
        'conform',
        '--spec-version',
        '2026-07-28',
        ...scenarios.flatMap((name) => ['--scenario', name]),
        '--json',
        '--journal',
        journal,
        '--',
        ...serverCommand('v2', ['--transport', 'stdio', '--legacy', 'reject']),
      ],
      { timeoutMs: 220_000 },
    );
    expect(run.stderr.trim()).toBe('12 passed, 0 failed (0 required), 0 warnings in 4 scenarios: PASSED');
    const report = parseReport(run.stdout);
    expect(report.revision).toBe('2026-07-28');
    expect(report.revisionReason).toBe('--spec-version');
    expect(report.bridge).toMatch(
      /^a stdio server is judged through Loupe's loopback HTTP pass-through \(2026-07-28\)/,
    );
    const verdicts = loupeVerdicts(report);
    expect(verdicts).toEqual(await suiteVerdicts(runner, http.url, '2026-07-28', scenarios));
    // Real verdicts, not empty ones: every scenario judged at least its own check and passed.
    expect(Object.keys(verdicts)).toEqual(scenarios);
    for (const name of scenarios)
      expect(verdicts[name]?.[0]).toEqual([
        name === 'sep-2164-resource-not-found' ? 'sep-2164-no-empty-contents' : name,
        'SUCCESS',
      ]);
    expect(run.code).toBe(0);

    // The suite's requests are the 2026-07-28 kind (per-request _meta, no initialize), answered by the server.
    const frames = readFileSync(journal, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { direction: string; kind: string; method?: string; raw: string });
    const requests = frames.filter((frame) => frame.direction === 'out' && frame.kind === 'request');
    expect(requests.some((frame) => frame.method === 'initialize')).toBe(false);
    const list = requests.find((frame) => frame.method === 'tools/list');
    expect(
      (JSON.parse(list?.raw ?? '{}') as { params?: { _meta?: Record<string, unknown> } }).params?._meta,
    ).toHaveProperty(['io.modelcontextprotocol/protocolVersion'], '2026-07-28');
    expect(
      frames.filter((frame) => frame.direction === 'in' && frame.kind === 'response').length,
    ).toBeGreaterThanOrEqual(requests.length - 1);
  }, 300_000);

  it('the Conformance tab judges a 2026-07-28 stdio session at its era through the same bridge', async () => {
    const harness = startHarness();
    try {
      const status = await harness.api.connect(v2StdioServer('reject'));
      expect(status.state === 'connected' ? status.handshake.era : status.state).toBe('modern');
      const choices = await harness.api.conformChoices();
      expect(choices.revision).toBe('2026-07-28');
      expect(choices.revisionReason).toBe(
        'the session speaks 2026-07-28 (server/discover), judged through the pass-through bridge',
      );
      expect(choices.bridge).toMatch(/HTTP pass-through \(2026-07-28\)/);
      const report = await harness.api.runConformance({ scenarios: ['tools-list', 'prompts-list'] });
      expect(loupeVerdicts(report)).toEqual(
        await suiteVerdicts(runner, http.url, '2026-07-28', ['tools-list', 'prompts-list']),
      );
      expect(report.counts).toMatchObject({ failed: 0, requiredFailed: 0 });
    } finally {
      await harness.close();
    }
  }, 300_000);
});
