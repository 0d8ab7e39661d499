/** A listing stopped at the page limit offers "Fetch the next N pages" and "Fetch all", and shows what they bring. */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ListKind, ListResult } from '../../shared/lists';
import { resetStore } from '../store/store';
import { bootApp, stopApp } from '../testing/bootApp';
import { fakeBackend, giveElementsASize, listResult, makeTools } from '../testing/fakeBackend';

beforeAll(() => giveElementsASize());
beforeEach(() => resetStore());
afterEach(() => {
  stopApp();
  cleanup();
});

const stopped = listResult('tools', makeTools(1000), 100, {
  complete: false,
  error: {
    kind: 'page-limit',
    message:
      'tools/list reached the page limit: fetched 100 pages (1,000 items) and the server still sent a nextCursor.',
    data: { pages: 100, pageLimit: 100, items: 1000 },
  },
});

describe('ListHeader at the page limit', () => {
  it('offers the next N pages (N = the limit the walk used) and all, and asks the backend to go on', async () => {
    const asked: [ListKind, number | 'all'][] = [];
    const answers: ListResult[] = [
      listResult('tools', makeTools(2000), 200, {
        complete: false,
        error: { ...stopped.error!, data: { pages: 200, pageLimit: 100 } },
      }),
      listResult('tools', makeTools(2345), 235),
    ];
    const backend = fakeBackend({
      lists: { tools: stopped },
      listMore: (kind, pages) => {
        asked.push([kind, pages]);
        return Promise.resolve(answers.shift()!);
      },
    });
    await bootApp(backend);
    const list = screen.getByRole('region', { name: 'Tool list' });
    await waitFor(() => expect(within(list).getByText('1,000 tools')).toBeTruthy());

    fireEvent.click(within(list).getByRole('button', { name: 'Fetch the next 100 pages' }));
    await waitFor(() => expect(within(list).getByText('2,000 tools')).toBeTruthy());
    expect(asked).toEqual([['tools', 100]]);
    expect(within(list).getByText('incomplete')).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: 'Fetch all' }));
    await waitFor(() => expect(within(list).getByText('2,345 tools')).toBeTruthy());
    expect(asked).toEqual([
      ['tools', 100],
      ['tools', 'all'],
    ]);
    expect(within(list).queryByText('incomplete')).toBeNull();
    expect(within(list).queryByRole('button', { name: 'Fetch all' })).toBeNull();
  });

  it('a listing stopped for another reason offers no way on', async () => {
    const loop = listResult('tools', makeTools(20), 4, {
      complete: false,
      error: { kind: 'cursor-loop', message: 'page 4 returned a cursor that page 1 already returned' },
    });
    await bootApp(fakeBackend({ lists: { tools: loop } }));
    const list = screen.getByRole('region', { name: 'Tool list' });
    await waitFor(() => expect(within(list).getByText('20 tools')).toBeTruthy());
    expect(within(list).queryByRole('button', { name: /Fetch/ })).toBeNull();
  });

  it('a listing whose first page timed out says no page came, not that the server listed no tools', async () => {
    const timedOut: ListResult = {
      ...listResult('tools', []),
      pages: [],
      complete: false,
      error: {
        kind: 'timeout',
        message: 'tools/list failed on page 1: tools/list got no answer within 1500 ms',
      },
    };
    await bootApp(fakeBackend({ lists: { tools: timedOut } }));
    const list = screen.getByRole('region', { name: 'Tool list' });
    await waitFor(() => expect(within(list).getByText('Listing incomplete: a page timed out')).toBeTruthy());
    expect(within(list).getByText('No page was received: the server’s tools are unknown.')).toBeTruthy();
    expect(within(list).getByText('No tools received before the listing stopped.')).toBeTruthy();
    expect(within(list).queryByText('The server listed no tools.')).toBeNull();
    expect(within(list).queryByText(/Only the first/)).toBeNull();
  });
});
