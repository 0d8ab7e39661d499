// The pin banner's summary stays the same size whatever the diff: 3,000 removed tools give counts and five rows.
import { describe, expect, it } from 'vitest';
import type { ItemChange, SnapshotDiff } from '../../shared/diff';
import { pinSummary } from './pinSummary';

function removed(name: string): ItemChange {
  return { kind: 'removed', name, breaking: true, drift: false, fields: [] };
}

describe('pinSummary', () => {
  it('counts 3,000 removed tools, a drift and an addition, and keeps five rows, breaking first', () => {
    const diff: SnapshotDiff = {
      items: {
        tools: [
          { kind: 'added', name: 'new_tool', breaking: false, drift: false, fields: [] },
          {
            kind: 'changed',
            name: 'send',
            breaking: false,
            drift: true,
            fields: [{ path: 'description', class: 'drift', summary: 'changed' }],
          },
          ...Array.from({ length: 3000 }, (_, index) => removed(`tool_${index}`)),
        ],
        resources: [],
        templates: [],
        prompts: [removed('review')],
      },
      handshake: [{ path: 'serverInfo.version', class: 'compatible', summary: '"1" → "2"' }],
      incomplete: [],
    };
    const summary = pinSummary(diff);
    expect(summary.total).toBe(3004);
    expect(summary.byClass).toEqual({ breaking: 3001, drift: 1, compatible: 2 });
    expect(summary.byList).toEqual([
      { kind: 'tools', added: 1, removed: 3000, changed: 1 },
      { kind: 'prompts', added: 0, removed: 1, changed: 0 },
    ]);
    expect(summary.handshake).toBe(1);
    expect(summary.rows.map((row) => `${row.kind} ${row.label}`)).toEqual([
      'breaking tools tool_0',
      'breaking tools tool_1',
      'breaking tools tool_2',
      'breaking tools tool_3',
      'breaking tools tool_4',
    ]);
  });

  it('shows every row of a small change, breaking then drift then compatible', () => {
    const diff: SnapshotDiff = {
      items: { tools: [removed('gone')], resources: [], templates: [], prompts: [] },
      handshake: [{ path: 'serverInfo.version', class: 'compatible', summary: '"1" → "2"' }],
      incomplete: [],
    };
    expect(pinSummary(diff).rows.map((row) => row.label)).toEqual(['tools gone', 'serverInfo.version']);
  });
});
