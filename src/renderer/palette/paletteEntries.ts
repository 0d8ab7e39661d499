/**
 * Everything the command palette can jump to, built from the store when it opens: actions and views, saved
 * servers, tools, resources, templates, prompts, and the most recent frames (by method and id).
 */
import type { JsonObject } from '../../shared/json';
import { itemKey, type ListKind } from '../../shared/lists';
import { describeTarget } from '../../shared/target';
import { openConfigImport } from '../configs/configActions';
import {
  closeSnapshot,
  saveSnapshot,
  selectFrame,
  selectItem,
  setListFilter,
  setTab,
} from '../store/appActions';
import { selectFrameLog, selectList } from '../store/selectors';
import { connect, disconnect, reconnect, savedChoice } from '../store/sessionActions';
import type { LoupeState } from '../store/store';
import type { Tab } from '../store/uiSlice';
import { openConnectDialog } from '../workbench/workbenchActions';
import { groupOf, viewLabels, viewOrder } from '../workbench/views';
import type { Rankable } from './paletteRank';
import { sessionEntries } from './sessionEntries';
import { skillPaletteEntries } from '../skills/skillPaletteEntries';

export type PaletteGroup =
  'Action' | 'Session' | 'View' | 'Server' | 'Tool' | 'Resource' | 'Template' | 'Prompt' | 'Skill' | 'Frame';

export interface PaletteEntry extends Rankable {
  id: string;
  group: PaletteGroup;
  run: () => void;
}

/** Frames offered, newest first: the palette is for jumping, the Traffic filter for searching everything. */
const maxFrames = 2000;

/** A field whose text can be selected (a text-like input or a textarea; not a checkbox, a select or a button). */
function selectable(element: HTMLElement): element is HTMLInputElement | HTMLTextAreaElement {
  if (element instanceof HTMLTextAreaElement) return true;
  return (
    element instanceof HTMLInputElement &&
    ['text', 'search', 'url', 'email', 'tel', 'number', 'password', ''].includes(element.type)
  );
}

/**
 * After a jump, focus lands in the view: the first element matching the first selector that matches any. The
 * view may still be loading (the form engine is loaded on first use), so this looks again for up to five seconds.
 * `selectText`: the field's text (a default value) is selected, so what the user types replaces it.
 */
function focusSoon(selectors: readonly string[], selectText = false, triesLeft = 100): void {
  window.setTimeout(() => {
    // The page may be gone by then (closed, or a test's document torn down): nothing to focus.
    if (typeof document === 'undefined') return;
    const element = selectors.map((selector) => document.querySelector<HTMLElement>(selector)).find(Boolean);
    if (element) {
      element.focus();
      if (selectText && selectable(element)) element.select();
    } else if (triesLeft > 0) focusSoon(selectors, selectText, triesLeft - 1);
  }, 50);
}

const listTabs: Record<ListKind, { tab: Tab; group: PaletteGroup }> = {
  tools: { tab: 'Tools', group: 'Tool' },
  resources: { tab: 'Resources', group: 'Resource' },
  templates: { tab: 'Resources', group: 'Template' },
  prompts: { tab: 'Prompts', group: 'Prompt' },
};

function jumpToItem(kind: ListKind, index: number, key: string): void {
  setListFilter(kind, '');
  setTab(listTabs[kind].tab);
  selectItem(kind, index, key);
  if (kind === 'tools') {
    focusSoon(
      [
        '.tool-call-panel .arguments-form input:not([type=hidden]), .tool-call-panel .arguments-form textarea, .tool-call-panel .arguments-form select',
        '.tool-call-panel textarea',
      ],
      true,
    );
  } else {
    focusSoon(['.detail-pane input, .detail-pane textarea', '.detail-pane button']);
  }
}

function itemEntries(state: LoupeState, kind: ListKind): PaletteEntry[] {
  const items: readonly JsonObject[] = selectList(kind)(state).result?.items ?? [];
  const { group } = listTabs[kind];
  return items.map((item, index) => {
    const key = itemKey(kind, item);
    const title = typeof item.title === 'string' ? item.title : undefined;
    const name = typeof item.name === 'string' ? item.name : undefined;
    const label = key || name || '(no name)';
    const detail = [kind === 'tools' || kind === 'prompts' ? undefined : name, title]
      .filter(Boolean)
      .join(' · ');
    return {
      id: `${kind}:${index}`,
      group,
      label,
      ...(detail ? { detail } : {}),
      run: () => jumpToItem(kind, index, key),
    };
  });
}

function frameEntries(state: LoupeState): PaletteEntry[] {
  const frames = selectFrameLog(state).frames;
  const entries: PaletteEntry[] = [];
  for (let index = frames.length - 1; index >= 0 && entries.length < maxFrames; index -= 1) {
    const frame = frames[index];
    const arrow = frame.direction === 'out' ? '→' : '←';
    const what = frame.method ?? frame.kind;
    const id = frame.id === undefined ? '' : ` id ${String(frame.id)}`;
    entries.push({
      id: `frame:${frame.seq}`,
      group: 'Frame',
      label: `${what}${id}`,
      detail: `${arrow} #${frame.seq}`,
      run: () => {
        setTab('Traffic');
        selectFrame(frame.seq);
      },
    });
  }
  return entries;
}

function actionEntries(state: LoupeState): PaletteEntry[] {
  const connected = state.status.state === 'connected' || state.status.state === 'connecting';
  const actions: PaletteEntry[] = [];
  const add = (label: string, run: () => void, detail?: string): void => {
    actions.push({ id: `action:${label}`, group: 'Action', label, run, ...(detail ? { detail } : {}) });
  };
  const tapped = state.status.state !== 'idle' && state.status.tapped !== undefined;
  if (state.lastTarget && tapped) {
    // The host's connection: Loupe neither reconnects nor disconnects it; a session of its own opens beside it.
    const target = state.lastTarget;
    add('Open a session of your own', () => void connect(target), describeTarget(target));
  } else if (state.lastTarget) {
    const target = state.lastTarget;
    add(
      connected ? 'Reconnect' : 'Connect',
      () =>
        void (connected
          ? reconnect()
          : connect(target, {
              protocol: state.lastProtocol,
              ...(state.authLast ? { auth: state.authLast } : {}),
              ...(state.lastTimeoutMs !== null ? { timeoutMs: state.lastTimeoutMs } : {}),
            })),
      describeTarget(target),
    );
  }
  if (connected && !tapped) add('Disconnect', () => void disconnect());
  if (state.status.state !== 'idle' && !state.snapshotView) add('Save snapshot', () => void saveSnapshot());
  if (state.snapshotView) add('Close snapshot', closeSnapshot, 'back to the live session');
  add('Open snapshot', () =>
    document.querySelector<HTMLInputElement>('[data-testid="snapshot-file"]')?.click(),
  );
  add(
    'Import from client configs',
    () => void openConfigImport(),
    'Claude Desktop, Claude Code, Cursor, VS Code',
  );
  add('Connect…', () => openConnectDialog(), 'connect the shown session to a server');
  return actions;
}

export function paletteEntries(state: LoupeState): PaletteEntry[] {
  const viewEntries: PaletteEntry[] = viewOrder.map((tab) => ({
    id: `view:${tab}`,
    group: 'View',
    label: `${viewLabels[tab]} view`,
    detail: groupOf(tab),
    run: () => {
      setTab(tab);
      focusSoon([`#tab-${tab}`]);
    },
  }));
  const servers: PaletteEntry[] = (state.settings?.savedServers ?? []).map((server) => ({
    id: `server:${server.id}`,
    group: 'Server',
    label: `Connect to ${server.name}`,
    detail: describeTarget(server.target),
    run: () => void connect(server.target, savedChoice(server)),
  }));
  return [
    ...actionEntries(state),
    ...sessionEntries(state),
    ...viewEntries,
    ...servers,
    ...itemEntries(state, 'tools'),
    ...itemEntries(state, 'prompts'),
    ...itemEntries(state, 'resources'),
    ...itemEntries(state, 'templates'),
    ...skillPaletteEntries(state),
    ...frameEntries(state),
  ];
}
