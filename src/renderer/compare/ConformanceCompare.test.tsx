/**
 * The Compare view's conformance section against a scripted backend. The comparison is the shape compareSnapshots
 * answers for conformBreak.mjs fixed → broken (test/conform/conformCompare.test.ts checks the real one): the changed
 * checks first with their verdict and class, unchanged ones on request, the counts and each side's runs.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Comparison } from '../../shared/compare';
import type { ConformCheckChange } from '../../shared/diff';
import { bootApp, stopApp } from '../testing/bootApp';
import { fakeBackend, giveElementsASize } from '../testing/fakeBackend';
import { resetStore } from '../store/store';

const unchanged = (scenario: string, check: string): ConformCheckChange => ({
  scenario,
  check,
  name: check,
  kind: 'unchanged',
  before: 'SUCCESS',
  after: 'SUCCESS',
  required: true,
});

function comparison(): Comparison {
  const side = {
    live: false,
    target: { transport: 'http' as const, url: 'http://127.0.0.1:4000/mcp' },
    testedAt: '2026-12-02T05:37:34.000Z',
    serverName: 'conform-break',
    serverVersion: '1.0.0',
    protocolVersion: '2025-11-25',
    toolCount: 3,
  };
  return {
    left: side,
    right: side,
    diff: {
      items: { tools: [], resources: [], templates: [], prompts: [] },
      handshake: [],
      incomplete: [],
      conformance: {
        old: { runs: 2, revisions: ['2025-11-25'], lastRunAt: '2026-12-02T05:37:33.000Z' },
        new: { runs: 1, revisions: ['2025-11-25'], lastRunAt: '2026-12-02T05:37:31.000Z' },
        checks: [
          {
            scenario: 'tools-call-simple-text',
            check: 'tools-call-simple-text',
            name: 'ToolsCallSimpleText',
            kind: 'newly-failing',
            before: 'SUCCESS',
            after: 'FAILURE',
            required: true,
            class: 'breaking',
            errorMessage: 'content array is empty; No text content found',
          },
          unchanged('tools-call-simple-text', 'wire-schema-valid'),
          unchanged('tools-call-image', 'tools-call-image'),
          unchanged('tools-call-image', 'wire-schema-valid'),
        ],
        counts: { fixed: 0, 'newly-failing': 1, unchanged: 3, changed: 0, new: 0, 'not-run': 0 },
      },
    },
  };
}

const cells = (row: HTMLElement): string[] =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');

beforeAll(() => giveElementsASize());
beforeEach(() => resetStore());
afterEach(() => {
  stopApp();
  cleanup();
});

describe('the Compare view’s conformance section', () => {
  it('lists the newly failing required check as breaking, counts the rest, and shows unchanged checks on request', async () => {
    await bootApp(fakeBackend({ compareSnapshots: () => Promise.resolve(comparison()) }));
    fireEvent.click(screen.getByRole('tab', { name: /Compare/ }));
    await screen.findByTestId('compare-left-file');
    for (const side of ['left', 'right'])
      fireEvent.change(screen.getByTestId(`compare-${side}-file`), {
        target: { files: [new File(['{"format":"loupe.snapshot/1"}'], `${side}.json`)] },
      });

    const section = await screen.findByRole('region', { name: 'Conformance compared' });
    expect(within(section).getByRole('status').textContent).toBe('0 fixed · 1 newly failing · 3 unchanged');
    expect(section.textContent).toContain('left: 2 runs at 2025-11-25; right: 1 run at 2025-11-25');
    const rows = () => within(section).getAllByRole('row').slice(1);
    expect(rows().map(cells)).toEqual([
      [
        'tools-call-simple-text',
        'tools-call-simple-text',
        'newly failing · required',
        'SUCCESS → FAILURE',
        'breaking',
        'content array is empty; No text content found',
      ],
    ]);

    fireEvent.click(within(section).getByRole('checkbox', { name: 'Show unchanged checks' }));
    expect(rows().map((row) => cells(row).slice(0, 3))).toEqual([
      ['tools-call-simple-text', 'tools-call-simple-text', 'newly failing · required'],
      ['tools-call-simple-text', 'wire-schema-valid', 'unchanged · required'],
      ['tools-call-image', 'tools-call-image', 'unchanged · required'],
      ['tools-call-image', 'wire-schema-valid', 'unchanged · required'],
    ]);
    // The class filters count and filter the checks too: breaking 1 is the check; hiding breaking hides it.
    const filters = screen.getByRole('group', { name: 'Filter changes' });
    fireEvent.click(within(filters).getByRole('button', { name: 'breaking 1' }));
    expect(rows().map((row) => cells(row)[1])).toEqual([
      'wire-schema-valid',
      'tools-call-image',
      'wire-schema-valid',
    ]);
    fireEvent.click(within(section).getByRole('checkbox', { name: 'Show unchanged checks' }));
    expect(within(section).queryByRole('table')).toBeNull();
    expect(section.textContent).toContain('No check shown: the filters above hide the changed ones.');
    // The lists did not change: the view says so under the section.
    expect(screen.getByText(/No change: both sides list the same items/)).toBeTruthy();
  });
});
