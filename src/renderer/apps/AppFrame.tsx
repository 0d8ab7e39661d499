/**
 * The frame of one running MCP App: a sandboxed iframe (scripts and forms only: no same-origin, popups,
 * top navigation or downloads) on the sandbox origin's proxy page, which carries the app's own CSP. The
 * bridge is connected before the frame's address is set, so the proxy's first message is not missed.
 */
import { buildAllowAttribute } from '@modelcontextprotocol/ext-apps/app-bridge';
import { useEffect, useRef, useState } from 'react';
import type { AppPermission, AppResource } from '../../shared/apps';
import type { JsonObject } from '../../shared/json';
import type { AppHooks, AppPort } from './appRouting';
import { grantedPermissions, startAppSession } from './appSession';

export interface AppFrameProps {
  app: AppResource;
  frameUrl: string;
  granted: readonly AppPermission[];
  toolInput?: JsonObject;
  toolResult?: JsonObject;
  port: AppPort;
  hooks: Omit<AppHooks, 'onSize'>;
}

const minimumHeight = 80;
const maximumHeight = 1600;

export function AppFrame({ app, frameUrl, granted, toolInput, toolResult, port, hooks }: AppFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(320);
  const hooksRef = useRef(hooks);
  hooksRef.current = hooks;

  useEffect(() => {
    const element = frame.current;
    const frameWindow = element?.contentWindow;
    if (!element || !frameWindow) return;
    let cancelled = false;
    let close: (() => Promise<void>) | undefined;
    const theme = window.matchMedia?.('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
    startAppSession(frameWindow, {
      app,
      granted,
      ...(toolInput ? { toolInput } : {}),
      ...(toolResult ? { toolResult } : {}),
      port,
      theme,
      hooks: {
        confirmOpenLink: (url) => hooksRef.current.confirmOpenLink(url),
        askConsent: (ask) => hooksRef.current.askConsent(ask),
        holdForPin: (tool) => hooksRef.current.holdForPin?.(tool) ?? Promise.resolve(true),
        onRefused: (refusal) => hooksRef.current.onRefused(refusal),
        openLink: (url) => hooksRef.current.openLink(url),
        onMessage: (params) => hooksRef.current.onMessage(params),
        onLog: (params) => hooksRef.current.onLog(params),
        onCloseRequest: () => hooksRef.current.onCloseRequest(),
        onSize: (next) => setHeight(Math.min(maximumHeight, Math.max(minimumHeight, Math.ceil(next)))),
      },
    })
      .then((session) => {
        if (cancelled) return session.close();
        close = () => session.close();
        element.src = frameUrl;
        return undefined;
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      void close?.();
    };
  }, [app, frameUrl, granted, toolInput, toolResult, port]);

  return (
    <iframe
      ref={frame}
      className={`app-frame${app.prefersBorder === false ? ' borderless' : ''}`}
      title={`MCP App ${app.uri}`}
      sandbox="allow-scripts allow-forms"
      allow={buildAllowAttribute(grantedPermissions(granted))}
      referrerPolicy="no-referrer"
      style={{ height }}
    />
  );
}
