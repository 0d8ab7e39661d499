/**
 * Where an MCP App's requests go: every one through Loupe's backend (the contract's app methods), so each
 * reaches Traffic as the app's. tools/call and resources/read go on to the server; a message, a log line
 * and an open-link request are recorded and shown; a link opens only after the user says yes.
 */
import type { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { BackendMethods } from '../../shared/contract';
import { isJsonObject, type JsonObject } from '../../shared/json';

export type AppPort = Pick<BackendMethods, 'appCallTool' | 'appReadResource' | 'appNote'>;

export interface AppHooks {
  /** Asks the user whether to open the link; resolves true to open it. */
  confirmOpenLink(url: string): Promise<boolean>;
  openLink(url: string): void;
  /** A ui/message the app sent (Loupe has no conversation: it shows it). */
  onMessage(params: JsonObject): void;
  onLog(params: JsonObject): void;
  onSize(height: number): void;
  /** The app asked to be closed. */
  onCloseRequest(): void;
}

type Handler<K extends keyof AppBridge> = NonNullable<AppBridge[K]>;
type CallToolResult = Awaited<ReturnType<Handler<'oncalltool'>>>;
type ReadResourceResult = Awaited<ReturnType<Handler<'onreadresource'>>>;

/** The app's params as plain JSON (what crosses the contract); anything else becomes {}. */
export function asJson(value: unknown): JsonObject {
  const parsed: unknown = JSON.parse(JSON.stringify(value ?? {}));
  return isJsonObject(parsed) ? parsed : {};
}

/** Only web links are opened; anything else (javascript:, file:, custom schemes) is refused. */
export function isWebLink(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

export function routeAppRequests(bridge: AppBridge, app: string, port: AppPort, hooks: AppHooks): void {
  bridge.oncalltool = async (params) => {
    const result: unknown = await port.appCallTool(app, asJson(params));
    return result as CallToolResult;
  };
  bridge.onreadresource = async (params) => {
    const result: unknown = await port.appReadResource(app, params.uri);
    return result as ReadResourceResult;
  };
  bridge.onmessage = async (params) => {
    const message = asJson(params);
    await port.appNote(app, 'ui/message', message);
    hooks.onMessage(message);
    return {};
  };
  bridge.onopenlink = async (params) => {
    await port.appNote(app, 'ui/open-link', asJson(params));
    if (!isWebLink(params.url)) return { isError: true };
    const open = await hooks.confirmOpenLink(params.url);
    if (!open) return { isError: true };
    hooks.openLink(params.url);
    return {};
  };
  bridge.onupdatemodelcontext = async (params) => {
    await port.appNote(app, 'ui/update-model-context', asJson(params));
    return {};
  };
  bridge.onloggingmessage = (params) => {
    const entry = asJson(params);
    hooks.onLog(entry);
    port.appNote(app, 'notifications/message', entry).catch(() => undefined);
  };
  bridge.onsizechange = (params) => {
    if (typeof params.height === 'number' && Number.isFinite(params.height)) hooks.onSize(params.height);
  };
  bridge.onrequestteardown = () => hooks.onCloseRequest();
}
