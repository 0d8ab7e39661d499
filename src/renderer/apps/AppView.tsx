/**
 * A tool's MCP App under its result: Loupe reads the ui:// resource, asks the user about any permissions it
 * requests, then renders it in its sandbox frame with Reload and Close. What the app does shows here
 * (messages, logs, links it asked to open) and, with its requests, in Traffic marked "app".
 */
import { useEffect, useMemo, useState } from 'react';
import type { AppPermission, AppResource } from '../../shared/apps';
import { toErrorData, type LoupeErrorData } from '../../shared/errors';
import type { JsonObject } from '../../shared/json';
import { getApi } from '../bridge';
import { ErrorNotice } from '../components/ErrorNotice';
import { AppFrame } from './AppFrame';
import { AppPermissionsPrompt } from './AppPermissionsPrompt';
import type { AppPort } from './appRouting';
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

function activityText(params: JsonObject): string {
  const content = Array.isArray(params.content) ? params.content : [];
  const texts = content.map((block) =>
    block && typeof block === 'object' && !Array.isArray(block) && typeof block.text === 'string'
      ? block.text
      : '[non-text block]',
  );
  return texts.length > 0 ? texts.join(' ') : JSON.stringify(params);
}

export function AppView({ uri, toolInput, toolResult }: AppViewProps) {
  const [app, setApp] = useState<AppResource | undefined>(undefined);
  const [error, setError] = useState<LoupeErrorData | undefined>(undefined);
  const [granted, setGranted] = useState<AppPermission[] | undefined>(undefined);
  const [generation, setGeneration] = useState(0);
  const [closed, setClosed] = useState(false);
  const [pendingLink, setPendingLink] = useState<PendingLink | undefined>(undefined);
  const [activity, setActivity] = useState<string[]>([]);
  const port = useMemo<AppPort>(() => {
    const api = getApi();
    return {
      appCallTool: (name, params) => api.appCallTool(name, params),
      appReadResource: (name, resource) => api.appReadResource(name, resource),
      appNote: (name, method, params) => api.appNote(name, method, params),
    };
  }, []);

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
        setPendingLink({ url, answer: resolve });
      }),
    openLink: (url: string) => {
      window.open(url, '_blank', 'noopener,noreferrer');
    },
    onMessage: (params: JsonObject) => note(`message: ${activityText(params)}`),
    onLog: (params: JsonObject) =>
      note(
        `log (${typeof params.level === 'string' ? params.level : 'info'}): ${JSON.stringify(params.data ?? null)}`,
      ),
    onCloseRequest: () => setClosed(true),
  };
  const answerLink = (open: boolean) => {
    if (!pendingLink) return;
    note(`open-link ${open ? 'opened' : 'declined'}: ${pendingLink.url}`);
    pendingLink.answer(open);
    setPendingLink(undefined);
  };

  return (
    <section className="app-view" aria-label={`MCP App ${uri}`}>
      <header className="app-head">
        <strong>MCP App</strong> <span className="mono small">{uri}</span>
        <span className="app-buttons">
          <button
            type="button"
            disabled={!app || granted === undefined}
            onClick={() => {
              setClosed(false);
              setGeneration((value) => value + 1);
            }}
          >
            Reload app
          </button>
          <button type="button" disabled={closed || !app} onClick={() => setClosed(true)}>
            Close app
          </button>
        </span>
      </header>
      {error ? <ErrorNotice error={error} context="The app cannot be shown" /> : null}
      {!app && !error ? <p className="muted small">Reading {uri}…</p> : null}
      {app && app.refusedDomains.length > 0 ? (
        <p className="muted small">
          Left out of the app’s policy (not plain origins): {app.refusedDomains.join(', ')}
        </p>
      ) : null}
      {app && granted === undefined ? (
        <AppPermissionsPrompt asked={app.permissions} onDecide={setGranted} />
      ) : null}
      {app && granted !== undefined && !app.frameUrl ? (
        <p className="notice notice-warning">
          No sandbox origin runs for MCP Apps in this window (it could not start), so the app is not shown.
        </p>
      ) : null}
      {app && granted !== undefined && app.frameUrl && !closed ? (
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
      ) : null}
      {closed ? <p className="muted small">The app is closed. Reload app opens it again.</p> : null}
      {pendingLink ? (
        <div className="dialog app-link" role="alertdialog" aria-label="The app asks to open a link">
          <p>
            The app asks to open <span className="mono">{pendingLink.url}</span> in a new tab.
          </p>
          <div className="dialog-buttons">
            <button type="button" onClick={() => answerLink(true)}>
              Open link
            </button>
            <button type="button" onClick={() => answerLink(false)}>
              Don’t open
            </button>
          </div>
        </div>
      ) : null}
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
