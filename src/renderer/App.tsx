import { lazy, Suspense, useRef } from 'react';
import { AccessPage, isAccessProblem } from './components/AccessPage';
import { AppHeader } from './components/AppHeader';
import { ConnectionErrorPane } from './components/ConnectionError';
import { useLoupeStore } from './store/store';
import type { Tab } from './store/uiSlice';
import { PromptsView } from './views/PromptsView';
import { ResourcesView } from './views/ResourcesView';
import { ServerView } from './views/ServerView';
import { ToolsView } from './views/ToolsView';
import { TrafficView } from './views/TrafficView';
import { ConfigImport } from './configs/ConfigImport';
import { CommandPalette } from './palette/CommandPalette';
import { useSessionKeys } from './sessions/useSessionKeys';
import { ConnectDialog } from './workbench/ConnectDialog';
import { NoticeStack } from './workbench/NoticeStack';
import { SavedServers } from './workbench/SavedServers';
import { SessionSidebar } from './workbench/SessionSidebar';
import { usePlaceHash } from './workbench/usePlaceHash';
import { ViewNav } from './workbench/ViewNav';
import { viewLabels } from './workbench/views';
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

/**
 * The key of the session's views: a switch between sessions starts them afresh (no form state crosses over), but
 * the first session shown is the one the page was already showing while the app found or opened it, so what the
 * person began meanwhile (the connect dialog's form) stays (it was remounted over them when the session came).
 */
function useViewsKey(shownSession: string | null): string {
  const first = useRef<string | null>(null);
  if (first.current === null && shownSession !== null) first.current = shownSession;
  return shownSession === null || shownSession === first.current ? 'first' : shownSession;
}

/**
 * The workbench: the header (the shown session and what is done to it), the side bar (the views by activity, the
 * sessions, the saved servers), and the main column: notices, the connection's error, the view, and the server's
 * requests in their own lane at the foot.
 */
export function App() {
  const tab = useLoupeStore((state) => state.tab);
  const shownSession = useLoupeStore((state) => state.shownSession);
  const viewsKey = useViewsKey(shownSession);
  const link = useLoupeStore((state) => state.backendLink);
  useSessionKeys();
  usePlaceHash();
  const View = views[tab];
  // Without a usable access token nothing of the app works: one page says so, and which address to open.
  if (isAccessProblem(link)) return <AccessPage problem={link} origin={window.location.origin} />;
  return (
    <div className="app">
      <AppHeader />
      <div className="workbench">
        <div className="sidebar">
          <ViewNav />
          <aside className="connections" aria-label="Connections">
            <SessionSidebar />
            <SavedServers />
          </aside>
        </div>
        <div className="app-body" key={viewsKey} id="session-panel">
          <main className="main">
            <NoticeStack />
            <ConnectionErrorPane />
            <div className="tab-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
              <Suspense
                fallback={
                  <p className="empty" role="status">
                    Loading the {viewLabels[tab]} view…
                  </p>
                }
              >
                <View />
              </Suspense>
            </div>
            {/* In the main column, below the views: the side bar keeps its height. */}
            <ServerRequestsWhenAsked />
          </main>
          <ConnectDialog />
        </div>
      </div>
      <ConfigImport />
      <CommandPalette />
    </div>
  );
}
