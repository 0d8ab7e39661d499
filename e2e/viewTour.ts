/**
 * A tour of the main views on the demo server, each shown as a person would meet it at work (a tool open, a frame
 * selected, the lens scanned): the accessibility audit and the documentation screenshots walk the same tour.
 */
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { repositoryRoot } from './hostProcess';
import { openTool, toolList } from './pageHelpers';

export interface TourStop {
  /** The view's name in the navigation, and the screenshot's name. */
  view: string;
  slug: string;
  /** Brings the view to the state it is shown in (after its tab was clicked). */
  show: (page: Page) => Promise<void>;
}

const panel = (page: Page) => page.getByRole('tabpanel');
const demoCollection = join(repositoryRoot, 'examples', 'collections', 'demo.collection.json');

export const tour: TourStop[] = [
  {
    view: 'Tools',
    slug: 'tools',
    show: async (page) => {
      await expect(toolList(page).getByRole('option').first()).toBeVisible();
      await openTool(page, 'create_customer');
      // The checks at a glance: the hosts' verdicts come once the portability report is read.
      await expect(page.getByRole('group', { name: 'Checks of this tool' })).toContainText('Hosts:', {
        timeout: 30_000,
      });
      await page.getByRole('searchbox', { name: 'Filter tools' }).fill('');
      await expect(toolList(page).getByRole('option').nth(3)).toBeVisible();
    },
  },
  {
    view: 'Resources',
    slug: 'resources',
    show: async (page) => {
      const list = page.getByRole('listbox', { name: 'Resources' });
      await list.getByRole('option').first().click();
      await expect(page.getByRole('region', { name: /detail/i }).first()).toBeVisible();
    },
  },
  {
    view: 'Prompts',
    slug: 'prompts',
    show: async (page) => {
      await page.getByRole('listbox', { name: 'Prompts' }).getByRole('option').first().click();
      await expect(page.getByRole('region', { name: /detail/i }).first()).toBeVisible();
    },
  },
  {
    view: 'Skills',
    slug: 'skills',
    show: async (page) => {
      const list = panel(page).getByRole('button', { name: /^List skills/ });
      await list.click();
      await expect(page.getByTestId('skills-footer').or(panel(page).getByRole('alert'))).toBeVisible();
    },
  },
  {
    view: 'Server',
    slug: 'server',
    show: async (page) =>
      void (await expect(panel(page).getByRole('region', { name: 'Session' })).toBeVisible()),
  },
  {
    view: 'Traffic',
    slug: 'traffic',
    show: async (page) => {
      const frames = page.getByRole('listbox', { name: 'Frames' });
      await frames.getByRole('option').nth(2).click();
      const detail = page.getByRole('region', { name: 'Frame detail' });
      await expect(detail.getByRole('radiogroup', { name: 'Frame view' })).toBeVisible();
      // A list page's text is read from the backend when opened: shown once it is there.
      await expect(detail.getByTestId('frame-text-reading')).toHaveCount(0);
    },
  },
  {
    view: 'Timings',
    slug: 'timings',
    show: async (page) => void (await expect(panel(page).locator('.chart, table').first()).toBeVisible()),
  },
  { view: 'Tasks', slug: 'tasks', show: async (page) => void (await expect(panel(page)).not.toBeEmpty()) },
  {
    view: 'Collections',
    slug: 'collections',
    show: async (page) => {
      // The example collection of the repository, opened and run against the demo as a person would.
      await page.getByTestId('collection-file').setInputFiles(demoCollection);
      const view = page.getByRole('region', { name: 'Collections' });
      await expect(view.getByRole('listitem', { name: 'Step readme' })).toBeVisible();
      await view.getByRole('button', { name: 'Run all' }).click();
      await expect(view.getByLabel('Run summary')).toHaveText(/^5 passed, 0 failed/, { timeout: 30_000 });
    },
  },
  {
    view: 'Conformance',
    slug: 'conformance',
    show: async (page) => void (await expect(panel(page).getByRole('button').first()).toBeVisible()),
  },
  {
    view: 'Compare',
    slug: 'compare',
    show: async (page) => void (await expect(page.getByTestId('compare-left-file')).toBeAttached()),
  },
  {
    view: 'Security',
    slug: 'security',
    show: async (page) =>
      void (await expect(page.getByRole('region', { name: 'Security' })).toContainText(/finding|pin/, {
        timeout: 30_000,
      })),
  },
  {
    view: 'Portability',
    slug: 'portability',
    show: async (page) =>
      void (await expect(
        page.getByRole('region', { name: 'Portability' }).getByText(/tools against \d+ host profiles/),
      ).toBeVisible({ timeout: 30_000 })),
  },
  {
    view: 'Sign-in',
    slug: 'sign-in',
    show: async (page) => void (await expect(panel(page)).not.toBeEmpty()),
  },
];

/**
 * Opens a view of the tour by its tab and brings it to the state it is shown in: that view's tab is the one selected
 * and the page does not scroll sideways (every walk of the tour checks both, at whatever size the page has).
 */
export async function visit(page: Page, stop: TourStop): Promise<void> {
  const tab = page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('tab', { name: stop.view, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expect(
    page
      .getByRole('tabpanel')
      .getByRole('status')
      .filter({ hasText: /^Loading the/ }),
  ).toHaveCount(0);
  await stop.show(page);
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  expect(await sidewaysScroll(page), `${stop.view}: the page scrolls sideways`).toBe(0);
}

/** How far the page scrolls sideways (0: it does not). */
export const sidewaysScroll = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
