/**
 * A tool's MCP App under its result: Loupe reads the ui:// resource, shows the policy its frame will get, asks
 * the user about any permissions it requests, then renders it in its sandbox frame with Reload and Close. What
 * the app does shows here (messages, logs, links it asked to open, what Loupe refused it) and, with its
 * requests, in Traffic marked "app". Its questions (open a link, make a call that needs the person) are put
 * over its frame, one at a time, where the person is looking.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AppConsent, AppPermission, AppResource } from '../../shared/apps';
import { toErrorData, type LoupeErrorData } from '../../shared/errors';
import type { JsonObject } from '../../shared/json';
import { getApi } from '../bridge';
import { ConfirmDestructive } from '../calls/ConfirmDestructive';
import { ErrorNotice } from '../components/ErrorNotice';
import { PinHold } from '../security/PinHold';
import { acceptPin } from '../security/securityActions';
import { useLoupeStore } from '../store/store';
import { holdsCalls } from '../security/holdsCalls';
import { AppFrame } from './AppFrame';
import { AppLinkDialog } from './AppLinkDialog';
import { AppPermissionsPrompt } from './AppPermissionsPrompt';
import { AppPolicy } from './AppPolicy';
import { AppRefusals, type RefusalCounts } from './AppRefusals';
import type { AppAsk, AppPort } from './appRouting';
import './apps.css';

export interface AppViewProps {
  uri: string;
  toolInput?: JsonObject;
  toolResult?: JsonObject;
}

interface PendingLink {
  url: string;
  answer: (open: boolean) => void;
}

/** An app's call held while the server's change since its pin is unaccepted: answer(true) sends it. */
interface PendingHold {
  tool: string;
  answer: (send: boolean) => void;
}

interface PendingAsk {
  ask: AppAsk;
  answer: (consent: AppConsent) => void;
}

function activityText(params: JsonObject): string {
  const content = Array.isArray(params.content) ? params.content : [];
  const texts = content.map((block) =>
    block && typeof block === 'object' && !Array.isArray(block) && typeof block.text === 'string'
      ? block.text
      : '[non-text block]',
  );
  return texts.length > 0 ? texts.join(' ') : JSON.stringify(params);
}

/**
 * A question over the app is where the person looks: when it appears, the pane scrolls just enough to show the
 * whole dialog (the app's frame may start low on screen, and its lower part may be out of view). A stable function,
 * so React calls it when the overlay mounts, not on every render (a person who scrolls away stays there).
 */
function showWhole(overlay: HTMLDivElement | null): void {
  overlay?.querySelector('.dialog')?.scrollIntoView?.({ block: 'nearest' });
}

export function AppView({ uri, toolInput, toolResult }: AppViewProps) {
  const [app, setApp] = useState<AppResource | undefined>(undefined);
  const [error, setError] = useState<LoupeErrorData | undefined>(undefined);
  const [granted, setGranted] = useState<AppPermission[] | undefined>(undefined);
  const [generation, setGeneration] = useState(0);
  const [closed, setClosed] = useState(false);
  const [pendingLink, setPendingLink] = useState<PendingLink | undefined>(undefined);
  const [asks, setAsks] = useState<PendingAsk[]>([]);
  const [holds, setHolds] = useState<PendingHold[]>([]);
  const pinState = useLoupeStore((state) => state.security?.pin?.state);
  const drifted = useLoupeStore((state) =>
    holdsCalls(state.security?.pin) ? state.security?.pin : undefined,
  );
  // The drift a held call was held for, kept while a rescan is under way (or failed): only acceptance lets it go.
  const heldFor = useRef(drifted);
  if (drifted) heldFor.current = drifted;
  const [refusals, setRefusals] = useState<RefusalCounts>({ total: 0, byKind: {} });
  const [activity, setActivity] = useState<string[]>([]);
  const server = useLoupeStore((state) =>
    state.status.state === 'connected' ? state.status.handshake.serverInfo?.name : undefined,
  );
  const port = useMemo<AppPort>(() => {
    const api = getApi();
    return {
      appCallTool: (name, params) => api.appCallTool(name, params),
      appConsent: (ticket, answer) => api.appConsent(ticket, answer),
      appReadResource: (name, resource) => api.appReadResource(name, resource),
      appRecord: (name, instance, direction, message) => api.appRecord(name, instance, direction, message),
    };
  }, []);
  // Questions still open when the view goes (or the app closes) are answered no: nothing waits forever.
  const open = useRef({ asks, pendingLink, holds });
  open.current = { asks, pendingLink, holds };
  const dropQuestions = () => {
    for (const pending of open.current.asks) pending.answer('decline');
    for (const pending of open.current.holds) pending.answer(false);
    setHolds([]);
    open.current.pendingLink?.answer(false);
    setAsks([]);
    setPendingLink(undefined);
  };
  useEffect(() => () => dropQuestions(), []);
  // The change accepted (here or in the banner): the calls held for it go on.
  useEffect(() => {
    if (pinState !== 'same' || open.current.holds.length === 0) return;
    for (const pending of open.current.holds) pending.answer(true);
    setHolds([]);
  }, [pinState]);

  useEffect(() => {
    let current = true;
    getApi()
      .openApp(uri)
      .then((opened) => {
        if (!current) return;
        setApp(opened);
        if (opened.permissions.length === 0) setGranted([]);
      })
      .catch((failure: unknown) => current && setError(toErrorData(failure)));
    return () => {
      current = false;
    };
  }, [uri]);

  const note = (line: string) => setActivity((lines) => [...lines.slice(-49), line]);
  const hooks = {
    confirmOpenLink: (url: string) =>
      new Promise<boolean>((resolve) => {
        // One link question at a time: another while it is open is declined at once.
        if (open.current.pendingLink) return resolve(false);
        const pending = { url, answer: resolve };
        open.current.pendingLink = pending;
        setPendingLink(pending);
      }),
    holdForPin: (tool: string) =>
      new Promise<boolean>((resolve) => {
        if (useLoupeStore.getState().security?.pin?.state !== 'changed') return resolve(true);
        setHolds((queue) => [...queue, { tool, answer: resolve }]);
      }),
    askConsent: (ask: AppAsk) =>
      new Promise<AppConsent>((resolve) => {
        setAsks((queue) => [...queue, { ask, answer: resolve }]);
      }),
    onRefused: (refusal: LoupeErrorData) => {
      setRefusals((counts) => ({
        total: counts.total + 1,
        byKind: { ...counts.byKind, [refusal.kind]: (counts.byKind[refusal.kind] ?? 0) + 1 },
        last: refusal.message,
      }));
    },
    openLink: (url: string) => {
      window.open(url, '_blank', 'noopener,noreferrer');
    },
    onMessage: (params: JsonObject) => note(`message: ${activityText(params)}`),
    onLog: (params: JsonObject) =>
      note(
        `log (${typeof params.level === 'string' ? params.level : 'info'}): ${JSON.stringify(params.data ?? null)}`,
      ),
    onCloseRequest: () => close(),
  };
  const close = () => {
    dropQuestions();
    setClosed(true);
  };
  const answerLink = (open: boolean) => {
    if (!pendingLink) return;
    note(`open-link ${open ? 'opened' : 'declined'}: ${pendingLink.url}`);
    pendingLink.answer(open);
    setPendingLink(undefined);
  };
  const answerAsk = (consent: AppConsent) => {
    const [head, ...rest] = asks;
    if (!head) return;
    note(
      `tools/call ${head.ask.tool} ${consent === 'decline' ? 'declined' : consent === 'session' ? 'allowed for this session' : 'allowed once'}`,
    );
    head.answer(consent);
    // Allowed for the session: the same tool's calls waiting behind it need no question of their own.
    const same = consent === 'session' ? rest.filter((pending) => pending.ask.tool === head.ask.tool) : [];
    for (const pending of same) pending.answer('session');
    setAsks(rest.filter((pending) => !same.includes(pending)));
  };
  const answerHold = (send: boolean) => {
    const [head, ...rest] = holds;
    if (!head) return;
    note(
      `tools/call ${head.tool} ${send ? 'sent on the changed server' : 'not sent: the server change is not accepted'}`,
    );
    head.answer(send);
    setHolds(rest);
  };
  const acceptAndSend = async () => {
    // Accepted: every call held for the change goes on (the effect above); not accepted: this one stays held.
    await acceptPin();
  };
  const ask = asks[0];
  const hold = holds[0];
  const question = pendingLink ? (
    <AppLinkDialog url={pendingLink.url} onAnswer={answerLink} />
  ) : hold && heldFor.current ? (
    <PinHold
      tool={hold.tool}
      pin={heldFor.current}
      from={uri}
      onAcceptAndCall={() => void acceptAndSend()}
      onCallAnyway={() => answerHold(true)}
      onCancel={() => answerHold(false)}
    />
  ) : ask ? (
    <ConfirmDestructive
      key={ask.ask.ticket}
      tool={ask.ask.tool}
      onConfirm={() => answerAsk('once')}
      onCancel={() => answerAsk('decline')}
      app={{
        uri,
        ...(typeof server === 'string' ? { server } : {}),
        arguments: ask.ask.arguments,
        reasons: ask.ask.reasons,
        onAllowForApp: () => answerAsk('session'),
        waiting: asks.length - 1,
      }}
    />
  ) : null;

  return (
    <section className="app-view" aria-label={`MCP App ${uri}`}>
      <header className="app-head">
        <strong>MCP App</strong> <span className="mono small">{uri}</span>
        <span className="app-buttons">
          <button
            type="button"
            disabled={!app || granted === undefined}
            onClick={() => {
              dropQuestions();
              setClosed(false);
              setGeneration((value) => value + 1);
            }}
          >
            Reload app
          </button>
          <button type="button" disabled={closed || !app} onClick={close}>
            Close app
          </button>
        </span>
      </header>
      {error ? <ErrorNotice error={error} context="The app cannot be shown" /> : null}
      {!app && !error ? <p className="muted small">Reading {uri}…</p> : null}
      {app ? <AppPolicy app={app} /> : null}
      <AppRefusals counts={refusals} />
      {app && granted === undefined ? (
        <AppPermissionsPrompt asked={app.permissions} onDecide={setGranted} />
      ) : null}
      {app && granted !== undefined && !app.frameUrl ? (
        <p className="notice notice-warning">
          No sandbox origin runs for MCP Apps in this window (it could not start), so the app is not shown.
        </p>
      ) : null}
      {app && granted !== undefined && app.frameUrl && !closed ? (
        <div className={`app-stage${question ? ' asking' : ''}`}>
          <AppFrame
            key={generation}
            app={app}
            frameUrl={app.frameUrl}
            granted={granted}
            {...(toolInput ? { toolInput } : {})}
            {...(toolResult ? { toolResult } : {})}
            port={port}
            hooks={hooks}
          />
          {question ? (
            <div className="app-overlay" ref={showWhole}>
              {question}
            </div>
          ) : null}
        </div>
      ) : null}
      {closed ? <p className="muted small">The app is closed. Reload app opens it again.</p> : null}
      {activity.length > 0 ? (
        <ol className="app-activity" aria-label="App activity">
          {activity.map((line, position) => (
            <li key={position} className="mono small">
              {line}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
