/** The backend's portability method over the in-memory carrier, against the embedded demo server (real stdio). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoBuilt, startHarness, type Harness } from './backendHarness.js';

describe('backend portability', () => {
  let harness: Harness;

  beforeAll(async () => {
    ensureDemoBuilt();
    harness = startHarness({ initialTarget: { transport: 'demo' } });
    expect((await harness.api.connect({ transport: 'demo' })).state).toBe('connected');
  }, 180_000);
  afterAll(async () => {
    await harness?.close();
  });

  it("judges the list it walked against Loupe's profiles of today's hosts and counts its tokens, heaviest first", async () => {
    const list = await harness.api.list('tools');
    const view = await harness.api.portability();
    expect(view.complete).toBe(true);
    expect(view.serverName).toBe('loupe-demo');
    expect(view.report.tools.map((tool) => tool.name)).toEqual(list.items.map((item) => item.name));
    expect(view.report.hosts.map((host) => host.id)).toEqual([
      'openai',
      'openai-strict',
      'anthropic',
      'gemini',
      'claude-code',
      'gemini-cli',
      'vscode',
      'cursor',
    ]);
    expect(view.report.counts.anthropic.refused).toBe(1);
    expect(view.report.counts.gemini.refused).toBe(0);
    const alert = view.report.tools.find((tool) => tool.name === 'configure_alert');
    expect(alert?.hosts['claude-code'].issues[0]).toMatchObject({
      rule: 'top-level-combinators',
      verdict: 'refused',
      path: 'inputSchema.allOf',
    });
    expect(view.costs.tools).toHaveLength(163);
    expect(view.costs.tools[0].o200k).toBeGreaterThanOrEqual(view.costs.tools[162].o200k);
    expect(view.costs.total.o200k).toBeGreaterThan(5_000);
  });

  it('gives the costs alone, equal to the report’s (what the app asks for as soon as the tools are listed)', async () => {
    const view = await harness.api.portability();
    const costs = await harness.api.portabilityCosts();
    expect(costs).toEqual({ costs: view.costs, complete: true });
  });

  it('after a disconnect still judges the list kept, as lint does', async () => {
    await harness.api.disconnect();
    const view = await harness.api.portability();
    expect(view.report.tools).toHaveLength(163);
    expect(view.report.counts.cursor).toMatchObject({ refused: 0, limited: 123 });
  });
});
