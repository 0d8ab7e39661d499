/**
 * The views, grouped by what a person is doing: inspecting what a server offers, watching what passes, testing it,
 * deciding whether to trust it. The navigation, the palette and the address (#/tools) all read this one table.
 * A view keeps its store name (`Tab`: actions and tests elsewhere name views by it); what a person reads is its label.
 */
import { tabs, type Tab } from '../store/uiSlice';

export const viewGroups = [
  { name: 'Inspect', views: ['Tools', 'Resources', 'Prompts', 'Skills', 'Server'] },
  { name: 'Traffic', views: ['Traffic', 'Timings', 'Tasks'] },
  { name: 'Test', views: ['Collections', 'Conformance', 'Compare'] },
  { name: 'Trust', views: ['Security', 'Portability', 'Auth'] },
] as const satisfies readonly { name: string; views: readonly Tab[] }[];

export type ViewGroupName = (typeof viewGroups)[number]['name'];

/** Every view in the navigation's order (group by group). */
export const viewOrder: readonly Tab[] = viewGroups.flatMap((group) => group.views);

/** What the navigation says (the store's names, except where a plainer word serves). */
export const viewLabels: Record<Tab, string> = {
  ...(Object.fromEntries(tabs.map((tab) => [tab, tab])) as Record<Tab, string>),
  Auth: 'Sign-in',
};

/** The view's part of the address: #/tools, #/sign-in. */
export const viewSlugs: Record<Tab, string> = Object.fromEntries(
  tabs.map((tab) => [tab, viewLabels[tab].toLowerCase()]),
) as Record<Tab, string>;

const bySlug = new Map<string, Tab>(tabs.map((tab) => [viewSlugs[tab], tab]));

export function viewOfSlug(slug: string): Tab | undefined {
  return bySlug.get(slug.toLowerCase());
}

export function groupOf(tab: Tab): ViewGroupName {
  const group = viewGroups.find((candidate) => (candidate.views as readonly Tab[]).includes(tab));
  // Every tab is in a group (views.test.ts holds the table to it).
  return group?.name ?? 'Inspect';
}
