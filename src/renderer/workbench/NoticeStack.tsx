/**
 * Every notice in one stack above the views: the backend link, a sign-in to do, a pin that changed, an opened
 * snapshot, the outcome of the last action. Bounded (it scrolls past 30% of the column, a quarter in a short
 * window, so the list below keeps its rows), collapsible to one line naming them, each notice dismissible. The server's requests are not here:
 * they have their own lane at the foot of the column (serverRequests/), where an answer is waited for.
 */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { AuthNotice, SignInPrompt } from '../auth/AuthBanner';
import { SnapshotSessionCard } from '../components/OfflineSnapshot';
import { PinBanner } from '../security/PinBanner';
import type { BackendLink } from '../store/sessionSlice';
import { dismissNotice, dismissSnapshotError } from '../store/appActions';
import { useLoupeStore } from '../store/store';
import { describeTarget } from '../../shared/target';
import { dismissNoticeKey, setNoticesCollapsed } from './workbenchActions';

/** The link's state while the app is usable; without a usable token the whole page says so (AccessPage). */
const linkMessages: Partial<Record<BackendLink, string>> = {
  connecting: 'Connecting to the Loupe backend…',
  closed: 'Backend disconnected — trying to reconnect…',
};

const stateLabels = {
  idle: 'not connected',
  connecting: 'connecting to',
  connected: 'connected to',
  closed: 'session closed:',
} as const;

interface Notice {
  key: string;
  /** What the dismiss button names. */
  title: string;
  tone: 'error' | 'warning' | 'info' | 'ok';
  body: ReactNode;
  /** The notice has its own Dismiss (the last action, a snapshot error): no second one. */
  ownDismiss?: boolean;
  /** Shown before the last action's outcome (and alone, when the stack is collapsed): a link down, a sign-in, a pin. */
  urgent?: boolean;
}

function useNotices(): Notice[] {
  const s = useLoupeStore(
    useShallow((state) => ({
      link: state.backendLink,
      snapshotView: state.snapshotView,
      status: state.status,
      snapshotError: state.snapshotError,
      notice: state.notice,
      authNotice: state.authNotice,
      authPrompt: state.authPrompt,
      pin: state.security?.pin ?? null,
      dismissed: state.dismissedNotices,
    })),
  );
  const notices: Notice[] = [];
  const link = linkMessages[s.link];
  if (link)
    notices.push({
      key: `link:${s.link}`,
      urgent: true,
      title: 'backend link',
      tone: 'error',
      body: (
        <div className="notice-line" role="alert">
          {link}
        </div>
      ),
    });
  if (s.link === 'ended')
    notices.push({
      key: 'link:ended',
      urgent: true,
      title: 'Loupe ended',
      tone: 'error',
      body: <EndedNotice origin={window.location.origin} />,
    });
  if (s.authPrompt)
    notices.push({
      key: `auth-prompt:${s.authPrompt.authorizationUrl}`,
      urgent: true,
      title: 'sign-in',
      tone: 'warning',
      body: <SignInPrompt />,
    });
  if (s.pin?.state === 'changed' && !s.snapshotView)
    notices.push({
      key: `pin:${s.pin.pin.pinnedAt}:${s.pin.changes}`,
      urgent: true,
      title: 'pin changed',
      tone: 'error',
      body: <PinBanner />,
    });
  if (s.snapshotError)
    notices.push({
      key: 'snapshot-error',
      urgent: true,
      title: 'snapshot error',
      tone: 'error',
      ownDismiss: true,
      body: (
        <div className="notice-line" role="alert">
          <span>{s.snapshotError}</span>
          <button type="button" onClick={dismissSnapshotError}>
            Dismiss
          </button>
        </div>
      ),
    });
  if (s.notice)
    notices.push({
      key: 'last-action',
      title: 'last action',
      tone: s.notice.tone,
      ownDismiss: true,
      body: (
        <div className="notice-line">
          <span>{s.notice.text}</span>
          <button type="button" onClick={dismissNotice}>
            Dismiss
          </button>
        </div>
      ),
    });
  const snapshot = s.snapshotView?.snapshot;
  if (s.snapshotView && snapshot) {
    const live = `${stateLabels[s.status.state]}${s.status.state === 'idle' ? '' : ` ${describeTarget(s.status.target)}`}`;
    notices.push({
      key: `snapshot:${s.snapshotView.opened}`,
      title: 'opened snapshot',
      tone: 'info',
      body: <SnapshotSessionCard snapshot={snapshot} live={live} />,
    });
  }
  if (s.authNotice)
    notices.push({
      key: `auth-notice:${s.authNotice}`,
      title: 'sign-in',
      tone: 'info',
      body: <AuthNotice text={s.authNotice} />,
    });
  return notices.filter((notice) => !s.dismissed.includes(notice.key));
}

function NoticeItem({ notice, hidden }: { notice: Notice; hidden: boolean }) {
  return (
    <li className={`notice-item tone-${notice.tone}`} hidden={hidden}>
      <div className="notice-body">{notice.body}</div>
      {notice.ownDismiss ? null : (
        <button
          type="button"
          className="icon-button notice-dismiss"
          aria-label={`Dismiss the ${notice.title} notice`}
          title="Dismiss"
          onClick={() => dismissNoticeKey(notice.key)}
        >
          ×
        </button>
      )}
    </li>
  );
}

export function NoticeStack() {
  const notices = useNotices();
  const collapsed = useLoupeStore((state) => state.noticesCollapsed);
  const lastAction = notices.find((notice) => notice.key === 'last-action');
  const urgent = notices.filter((notice) => notice.urgent);
  const rest = notices.filter((notice) => !notice.urgent && notice !== lastAction);
  // In order: what needs the person first, then the outcome of what they just did, then the rest. Collapsed, the
  // stack is one line naming them.
  const hidden = collapsed && notices.length > 1;
  const titles = [...urgent, ...(lastAction ? [lastAction] : []), ...rest].map((notice) => notice.title);
  return (
    <section className={notices.length > 0 ? 'notice-stack' : 'notice-stack empty'} aria-label="Notices">
      {notices.length > 1 ? (
        <div className="notice-stack-head">
          <span className="muted small">
            {notices.length} notices{hidden ? `: ${titles.join(', ')}` : ''}
          </span>
          <button
            type="button"
            className="link-button"
            aria-expanded={!hidden}
            onClick={() => setNoticesCollapsed(!collapsed)}
          >
            {hidden ? 'Show all' : 'Collapse'}
          </button>
        </div>
      ) : null}
      <ul className="notice-items">
        {urgent.map((notice) => (
          <NoticeItem key={notice.key} notice={notice} hidden={hidden} />
        ))}
        {/* Always present, so screen readers hear each new outcome of an action. */}
        <li
          className={lastAction ? `notice-item tone-${lastAction.tone}` : 'notice-slot'}
          hidden={lastAction !== undefined && hidden}
        >
          <div className="notice-body" role="status" aria-label="Last action">
            {lastAction?.body ?? null}
          </div>
        </li>
        {rest.map((notice) => (
          <NoticeItem key={notice.key} notice={notice} hidden={hidden} />
        ))}
      </ul>
    </section>
  );
}

/**
 * The Loupe of this tab has ended (it dropped, and nothing answers at its address since): said plainly, with the way
 * on, as the access page says it for a token of an earlier run. What the tab shows stays, to be read.
 */
function EndedNotice({ origin }: { origin: string }) {
  return (
    <div className="notice-line" role="alert" data-testid="ended-banner">
      <span>
        This Loupe has ended: nothing answers at {origin} any more.{' '}
        <span>
          This tab can no longer list, call or save; what it shows is what it had. If you started Loupe again,
          open the address it printed (<code>Loupe is at http://127.0.0.1:…/?token=…</code>): each run has its
          own address and token.
        </span>
      </span>
    </div>
  );
}
