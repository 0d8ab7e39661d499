import { lazy, Suspense, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { AccessPage, isAccessProblem } from './components/AccessPage';
import { AppHeader } from './components/AppHeader';
import { Banners } from './components/Banners';
import { ConnectionsPanel } from './components/ConnectionsPanel';
import { ConnectionErrorPane } from './components/ConnectionError';
import { Tabs } from './components/Tabs';
import { formatCount } from './lib/format';
import { setTab } from './store/appActions';
import { selectList } from './store/selectors';
import { useLoupeStore } from './store/store';
import { tabs, type Tab } from './store/uiSlice';
import { PromptsView } from './views/PromptsView';
import { ResourcesView } from './views/ResourcesView';
import { ServerView } from './views/ServerView';
import { ToolsView } from './views/ToolsView';
import { TrafficView } from './views/TrafficView';
import { ConfigImport } from './configs/ConfigImport';
import { CommandPalette } from './palette/CommandPalette';
import { AuthBanner } from './auth/AuthBanner';
import { SessionStrip } from './sessions/SessionStrip';
import { useSessionKeys } from './sessions/useSessionKeys';
import { PinBanner } from './security/PinBanner';
import {
  AuthView,
  CollectionsView,
  CompareView,
  ConformView,
  PortabilityView,
  SecurityView,
  SkillsView,
  TasksView,
  TimingsView,
} from './lazyViews';

/**
 * The dialogs bring the form engine (rjsf, markdown: 300 kB of script): loaded when the server first asks something,
 * not at start, where their fetch and parse would sit beside the connect and the first pages of the list.
 */
const ServerRequestDialogs = lazy(() =>
  import('./serverRequests/ServerRequestDialogs').then((module) => ({
    default: module.ServerRequestDialogs,
  })),
);

function ServerRequestsWhenAsked() {
  const asked = useLoupeStore(
    (state) =>
      state.serverRequests.length > 0 || state.closedRequests.length > 0 || state.answeredRequests.length > 0,
  );
  return asked ? (
    <Suspense fallback={null}>
      <ServerRequestDialogs />
    </Suspense>
  ) : null;
}

const views: Record<Tab, React.ComponentType> = {
  Tools: ToolsView,
  Resources: ResourcesView,
  Prompts: PromptsView,
  Skills: SkillsView,
  Traffic: TrafficView,
  Timings: TimingsView,
  Server: ServerView,
  Compare: CompareView,
  Tasks: TasksView,
  Auth: AuthView,
  Security: SecurityView,
  Collections: CollectionsView,
  Portability: PortabilityView,
  Conformance: ConformView,
};

/** The tab strip subscribes to the counts itself, so a frame batch re-renders it and not the whole app. */
function ViewTabs() {
  const { tab, tools, resources, prompts, frames, listChanges } = useLoupeStore(
    useShallow((state) => ({
      tab: state.tab,
      tools: selectList('tools')(state).result?.items.length,
      resources: selectList('resources')(state).result?.items.length,
      prompts: selectList('prompts')(state).result?.items.length,
      frames: (state.snapshotView?.frameLog ?? state.frameLog).length,
      listChanges: state.listHistory.length,
    })),
  );
  const count = (value: number | undefined) => (value === undefined ? undefined : formatCount(value));
  return (
    <Tabs
      label="Views"
      tabs={tabs}
      current={tab}
      onSelect={setTab}
      badges={{
        Tools: count(tools),
        Resources: count(resources),
        Prompts: count(prompts),
        Traffic: frames > 0 ? formatCount(frames) : undefined,
        Compare: listChanges > 0 ? formatCount(listChanges) : undefined,
      }}
    />
  );
}

/**
 * The key of the session's views: a switch between sessions starts them afresh (no form state crosses over), but
 * the first session shown is the one the page was already showing while the app found or opened it, so what the
 * person began meanwhile (the connection form) stays (it was remounted over them when the session came).
 */
function useViewsKey(shownSession: string | null): string {
  const first = useRef<string | null>(null);
  if (first.current === null && shownSession !== null) first.current = shownSession;
  return shownSession === null || shownSession === first.current ? 'first' : shownSession;
}

export function App() {
  const tab = useLoupeStore((state) => state.tab);
  const shownSession = useLoupeStore((state) => state.shownSession);
  const viewsKey = useViewsKey(shownSession);
  const link = useLoupeStore((state) => state.backendLink);
  useSessionKeys();
  const View = views[tab];
  // Without a usable access token nothing of the app works: one page says so, and which address to open.
  if (isAccessProblem(link)) return <AccessPage problem={link} origin={window.location.origin} />;
  return (
    <div className="app">
      <AppHeader />
      <Banners />
      <AuthBanner />
      <SessionStrip />
      <div className="app-body" key={viewsKey} id="session-panel">
        <ConnectionsPanel />
        <main className="main">
          <ConnectionErrorPane />
          <ViewTabs />
          {/* Below the tabs: it comes once the list is scanned, and must not move the tab row under a click. */}
          <PinBanner />
          <div className="tab-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
            <Suspense
              fallback={
                <p className="empty" role="status">
                  Loading the {tab} view…
                </p>
              }
            >
              <View />
            </Suspense>
          </div>
          {/* In the main column, below the views: the sidebar (and its connection form) keeps its height. */}
          <ServerRequestsWhenAsked />
        </main>
      </div>
      <ConfigImport />
      <CommandPalette />
    </div>
  );
}
