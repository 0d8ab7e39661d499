/** The error view shows the connection doctor's likely cause and next step, with the evidence folded, as text. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoupeErrorData } from '../../shared/errors';
import { ErrorNotice } from './ErrorNotice';

afterEach(cleanup);

const banner: LoupeErrorData = {
  kind: 'timeout',
  message: 'initialize got no answer within 2000 ms',
  data: { method: 'initialize', timeoutMs: 2000 },
  doctor: {
    likelyCause: 'The server printed text that is not JSON-RPC on stdout: “<b>Weather</b> v1”.',
    nextStep: 'Make the server log to stderr instead.',
    evidence: ['stdout: <b>Weather</b> v1', 'stdout: Listening on stdio'],
  },
};

describe('ErrorNotice and the connection doctor', () => {
  it('shows the likely cause and the next step, the evidence folded, server text as text', () => {
    const { container } = render(<ErrorNotice error={banner} context="Connection failed" />);
    const doctor = screen.getByRole('region', { name: 'Connection doctor' });
    const terms = within(doctor)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Likely cause', 'Next step']);
    const definitions = within(doctor)
      .getAllByRole('definition')
      .map((definition) => definition.textContent);
    expect(definitions).toEqual([banner.doctor?.likelyCause, 'Make the server log to stderr instead.']);
    expect(within(doctor).getByText('Evidence (2)')).toBeTruthy();
    expect(within(doctor).getByLabelText('Evidence').textContent).toBe(
      'stdout: <b>Weather</b> v1\nstdout: Listening on stdio',
    );
    // Markup from the server stays text: no <b> element was made.
    expect(container.querySelector('b')).toBeNull();
    // The doctor's advice replaces the generic hints of the kind.
    expect(screen.queryByText(/Raise the timeout/)).toBeNull();
  });

  it('without a diagnosis (or with a malformed one) the kind’s generic hints stay', () => {
    const malformed = { ...banner, doctor: { likelyCause: 3 } } as unknown as LoupeErrorData;
    render(<ErrorNotice error={malformed} />);
    expect(screen.queryByRole('region', { name: 'Connection doctor' })).toBeNull();
    expect(screen.getByText(/Raise the timeout/)).toBeTruthy();
  });

  it('a page-limit listing error shows where to go on', () => {
    render(
      <ErrorNotice
        error={{
          kind: 'page-limit',
          message: 'tools/list reached the page limit',
          doctor: {
            likelyCause: 'The server paginates.',
            nextStep: 'Fetch the next pages or all of them.',
            evidence: [],
          },
        }}
      />,
    );
    expect(screen.getByText('Fetch the next pages or all of them.')).toBeTruthy();
    expect(screen.queryByText(/Evidence/)).toBeNull();
  });
});
