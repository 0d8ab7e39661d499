/**
 * An accessibility audit of what a page shows, measured in Chromium: text contrast and controls whose label leaves
 * out their text (e2e/inPage/a11yAudit.js, run in the page), and from Chromium's own accessibility tree the
 * controls without a name and the containers holding what they may not (a tablist holds tabs, a listbox options).
 * It checks axe-core's serious and critical rules of those kinds (color-contrast, label-content-name-mismatch,
 * button-name, label, aria-required-children) a second way, beside axe-core itself (e2e/axe.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { repositoryRoot } from './hostProcess';

export interface ContrastFailure {
  element: string;
  text: string;
  ratio: number;
  needed: number;
  foreground: string;
  background: string;
}

export interface Audit {
  contrast: ContrastFailure[];
  nameMismatch: { element: string; name: string; shown: string }[];
  unnamed: { role: string; description: string }[];
  children: { role: string; name: string; holds: string[] }[];
}

const script = readFileSync(join(repositoryRoot, 'e2e', 'inPage', 'a11yAudit.js'), 'utf8');

/** Roles a person operates: each needs a name. */
const controls = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'combobox',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'slider',
  'spinbutton',
  'listbox',
  'menuitem',
  'treeitem',
]);

/** What a container may hold (ARIA's required owned elements). */
const allowedChildren: Record<string, string[]> = {
  tablist: ['tab'],
  listbox: ['option', 'group'],
  list: ['listitem'],
  menu: ['menuitem', 'menuitemcheckbox', 'menuitemradio', 'group'],
  radiogroup: ['radio'],
  tree: ['treeitem', 'group'],
};

/** Nodes that do not count as a child of their own: looked through to theirs. */
const transparent = new Set(['generic', 'none', 'presentation', 'StaticText', 'InlineTextBox', 'LineBreak']);

interface AxNode {
  nodeId: string;
  ignored: boolean;
  role?: { value?: unknown };
  name?: { value?: unknown };
  description?: { value?: unknown };
  childIds?: string[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export async function audit(page: Page): Promise<Audit> {
  await page.evaluate(script);
  const inPage = await page.evaluate<Pick<Audit, 'contrast' | 'nameMismatch'>>('window.loupeAudit()');
  const cdp = await page.context().newCDPSession(page);
  try {
    const nodes: AxNode[] = (await cdp.send('Accessibility.getFullAXTree')).nodes;
    const byId = new Map(nodes.map((node) => [node.nodeId, node]));
    const unnamed = nodes
      .filter(
        (node) =>
          !node.ignored && controls.has(text(node.role?.value)) && text(node.name?.value).trim() === '',
      )
      .map((node) => ({ role: text(node.role?.value), description: text(node.description?.value) }));
    const children: Audit['children'] = [];
    for (const node of nodes) {
      const role = text(node.role?.value);
      const allowed = allowedChildren[role];
      if (node.ignored || !allowed) continue;
      const holds: string[] = [];
      const look = (ids: readonly string[]) => {
        for (const id of ids) {
          const child = byId.get(id);
          if (!child) continue;
          const childRole = text(child.role?.value);
          if (child.ignored || transparent.has(childRole)) look(child.childIds ?? []);
          else holds.push(childRole);
        }
      };
      look(node.childIds ?? []);
      const wrong = holds.filter((held) => !allowed.includes(held));
      if (wrong.length > 0) children.push({ role, name: text(node.name?.value), holds: wrong });
    }
    return { ...inPage, unnamed, children };
  } finally {
    await cdp.detach();
  }
}

/** The findings as lines, for an assertion's message. */
export function auditLines(found: Audit): string[] {
  return [
    ...found.contrast.map(
      (failure) =>
        `contrast ${failure.ratio} < ${failure.needed}: ${failure.element} "${failure.text}" (${failure.foreground} on ${failure.background})`,
    ),
    ...found.nameMismatch.map(
      (failure) => `label leaves out the text: ${failure.element} "${failure.shown}" named "${failure.name}"`,
    ),
    ...found.unnamed.map((failure) => `no name: ${failure.role} ${failure.description}`),
    ...found.children.map((failure) => `${failure.role} "${failure.name}" holds ${failure.holds.join(', ')}`),
  ];
}
