/** Selecting a finding in the all-sessions view: its session on screen, the tab of its item, the item selected. */
import type { Finding } from '../../shared/lint';
import type { ListKind } from '../../shared/lists';
import type { SurfaceKind } from '../../shared/security';
import { showSession } from '../sessions/sessionsActions';
import { selectItem, setTab } from '../store/appActions';
import type { Tab } from '../store/uiSlice';

const places: Record<SurfaceKind, { tab: Tab; list?: ListKind }> = {
  tool: { tab: 'Tools', list: 'tools' },
  prompt: { tab: 'Prompts', list: 'prompts' },
  resource: { tab: 'Resources', list: 'resources' },
  template: { tab: 'Resources', list: 'templates' },
  skill: { tab: 'Skills' },
  instructions: { tab: 'Server' },
  server: { tab: 'Server' },
};

export async function goToFinding(session: string, finding: Finding): Promise<void> {
  await showSession(session);
  const item = finding.security?.item;
  const place = item ? places[item.kind] : places.tool;
  const name = item?.name ?? finding.tool;
  const index = item?.index ?? finding.index;
  if (place.list && name !== undefined && index !== undefined) selectItem(place.list, index, name);
  setTab(place.tab);
}
