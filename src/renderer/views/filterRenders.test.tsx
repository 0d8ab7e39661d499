/**
 * A keystroke in the tools filter renders what it changes — the rows in view and the count — and nothing else: the
 * selected tool's detail, the token-cost line and the capabilities note are not rendered again (at 50,000 tools a
 * keystroke has one frame for all of its work). Each component is counted where React calls it: the real component,
 * wrapped so its renders are counted (a memo's inner function, or the function itself).
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStore } from '../store/store';
import { bootApp, stopApp } from '../testing/bootApp';
import { fakeBackend, giveElementsASize, listResult, makeTools } from '../testing/fakeBackend';

const renders = vi.hoisted(() => new Map<string, number>());

/** The component with its renders counted under `name`; a memo keeps its memo, its inner function counted. */
function counted<T>(name: string, component: T): T {
  const count = <P extends object>(inner: ComponentType<P>) =>
    function Counted(props: P): ReactNode {
      renders.set(name, (renders.get(name) ?? 0) + 1);
      return (inner as (props: P) => ReactNode)(props);
    };
  if (typeof component === 'function') return count(component as ComponentType<object>) as T;
  const memo = component as { type: ComponentType<object> };
  return { ...memo, type: count(memo.type) } as T;
}

vi.mock('./ToolDetail', async (original) => {
  const real = await original<typeof import('./ToolDetail')>();
  return { ...real, ToolDetail: counted('ToolDetail', real.ToolDetail) };
});
vi.mock('./DeclaredCapabilities', async (original) => {
  const real = await original<typeof import('./DeclaredCapabilities')>();
  return { ...real, DeclaredCapabilities: counted('DeclaredCapabilities', real.DeclaredCapabilities) };
});
vi.mock('../portability/CostSummary', async (original) => {
  const real = await original<typeof import('../portability/CostSummary')>();
  return { ...real, ToolsCost: counted('ToolsCost', real.ToolsCost) };
});

beforeAll(() => giveElementsASize(600));
beforeEach(() => resetStore());
afterEach(() => {
  stopApp();
  cleanup();
});

const rowNames = () =>
  within(screen.getByRole('listbox', { name: 'Tools' }))
    .getAllByRole('option')
    .map((row) => row.querySelector('.item-name')?.textContent);

describe('typing in the tools filter', () => {
  it('renders the rows and the count again, not the selected tool, the cost line or the capabilities note', async () => {
    await bootApp(fakeBackend({ lists: { tools: listResult('tools', makeTools(2_000), 10) } }));
    await waitFor(() => expect(screen.getByText('2,000 tools')).toBeTruthy());
    fireEvent.click(within(screen.getByRole('listbox', { name: 'Tools' })).getAllByRole('option')[1]);
    const detail = screen.getByRole('region', { name: 'Tool detail' });
    await waitFor(() => expect(within(detail).getAllByText('tool_1').length).toBeGreaterThan(0));
    expect(renders.get('ToolDetail')).toBeGreaterThan(0);
    expect(renders.get('ToolsCost')).toBeGreaterThan(0);
    expect(renders.get('DeclaredCapabilities')).toBeGreaterThan(0);
    const before = new Map(renders);

    const box = screen.getByLabelText('Filter tools');
    for (const text of ['1', '19', '199', '19', '1']) {
      fireEvent.change(box, { target: { value: text } });
      await waitFor(() => expect(rowNames()[0]).toBe(`tool_${text}`));
    }
    expect(rowNames().slice(0, 3)).toEqual(['tool_1', 'tool_10', 'tool_11']);
    // Numbers 0–1999 holding a 1 (names and descriptions carry the number).
    expect(screen.getByText(/1,271 shown/)).toBeTruthy();
    // The selected tool is still shown, from the same elements.
    expect(within(detail).getAllByText('tool_1').length).toBeGreaterThan(0);
    expect(Object.fromEntries(renders)).toEqual(Object.fromEntries(before));
  });
});
