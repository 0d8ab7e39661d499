/**
 * A failed call shows the doctor's likely cause and next step with the evidence folded, as the connection error view
 * does; so does a tool error saying the tool is unknown; a cancelled call does not. A listing that arrived wrong
 * (repeated names) shows the advice in the list header.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnosis } from '../../shared/doctor';
import { ListHeader } from '../components/ListHeader';
import type { CallRecord } from '../store/callsSlice';
import { ResultView } from './ResultView';

afterEach(cleanup);

const stale: Diagnosis = {
  likelyCause: 'The tool list is stale: the server listed “strict” but now says it does not know it.',
  nextStep: 'Re-list the tools (Re-list above the tool list in the app, or loupe list) and call again.',
  evidence: [
    'server said: Unknown tool: <i>strict</i>',
    'notifications/tools/list_changed since the listing: none',
  ],
};

const base: CallRecord = {
  callId: 'c1',
  tool: 'strict',
  arguments: { count: 1 },
  startedAt: 0,
  state: 'failed',
};

function doctorRegion() {
  return within(screen.getByRole('region', { name: 'Call result' })).getByRole('region', {
    name: 'Connection doctor',
  });
}

describe('the doctor in the call result', () => {
  it('a rejected call: cause, next step, evidence folded, server text as text', () => {
    const { container } = render(
      <ResultView
        record={{
          ...base,
          error: {
            kind: 'rpc-error',
            code: -32602,
            message: 'tools/call failed: Unknown tool: strict (-32602)',
            doctor: stale,
          },
        }}
      />,
    );
    const doctor = doctorRegion();
    expect(
      within(doctor)
        .getAllByRole('definition')
        .map((item) => item.textContent),
    ).toEqual([stale.likelyCause, stale.nextStep]);
    const folded = within(doctor).getByText('Evidence (2)').closest('details');
    expect(folded?.open).toBe(false);
    expect(within(doctor).getByLabelText('Evidence').textContent).toBe(stale.evidence.join('\n'));
    expect(container.querySelector('i')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain(
      'Protocol error (rpc-error -32602 InvalidParams)',
    );
  });

  it('a tool error whose text says the tool is unknown carries the advice too', () => {
    render(
      <ResultView
        record={{
          ...base,
          state: 'done',
          outcome: {
            callId: 'c1',
            tool: 'strict',
            arguments: {},
            result: { content: [{ type: 'text', text: 'Tool strict not found' }], isError: true },
            isError: true,
            rttMs: 3,
            doctor: stale,
          },
        }}
      />,
    );
    expect(within(doctorRegion()).getAllByRole('definition')[0].textContent).toBe(stale.likelyCause);
  });

  it('a cancelled call, or a failure the doctor has nothing on, shows no advice', () => {
    render(
      <ResultView
        record={{ ...base, state: 'cancelled', error: { kind: 'cancelled', message: 'cancelled' } }}
      />,
    );
    expect(screen.queryByRole('region', { name: 'Connection doctor' })).toBeNull();
  });
});

describe('the doctor in the list header', () => {
  it('repeated names: the listing advice names them', () => {
    const duplicates: Diagnosis = {
      likelyCause: 'The tools listing repeats 1 name across pages: “hang” (pages 2 and 3).',
      nextStep: 'Calls by name are ambiguous.',
      evidence: ['“hang” at positions 4, 7 (pages 2, 3)'],
    };
    render(
      <ListHeader
        noun="tool"
        state={{
          result: {
            kind: 'tools',
            items: [{ name: 'hang' }, { name: 'hang' }],
            pages: [
              { index: 1, itemCount: 1, rttMs: 1 },
              { index: 2, itemCount: 1, rttMs: 1 },
            ],
            complete: true,
            doctor: duplicates,
            startedAt: 0,
            endedAt: 1,
          },
          loading: false,
          progress: null,
          error: null,
          unsupported: false,
          diff: null,
        }}
      />,
    );
    const advice = screen.getByRole('status', { name: 'Listing advice' });
    expect(within(advice).getByText('This listing looks wrong')).toBeTruthy();
    expect(within(advice).getAllByRole('definition')[0].textContent).toBe(duplicates.likelyCause);
  });
});
