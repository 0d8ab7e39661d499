/**
 * Where an MCP App's requests go: every one through Loupe's backend (the contract's app methods). tools/call
 * passes the backend's gate: refused there (not listed, not callable by apps, past the rate), or kept for the
 * person (a destructive or not-read-only tool: `askConsent` puts the question, the call waits for the answer with
 * no timer), or sent. resources/read goes on to the server. A message, a log line and an open-link request are
 * shown; a link opens only after the person says yes. Every refusal reaches the app as a JSON-RPC error whose
 * `data.kind` names it, and is told to the view (`onRefused`).
 */
import type { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { AppCallOutcome, AppConsent } from '../../shared/apps';
import type { BackendMethods } from '../../shared/contract';
import { LoupeError, toErrorData, type LoupeErrorData } from '../../shared/errors';
import { isJsonObject, type JsonObject } from '../../shared/json';

export type AppPort = Pick<BackendMethods, 'appCallTool' | 'appConsent' | 'appReadResource' | 'appRecord'>;

export type AppAsk = Extract<AppCallOutcome, { status: 'ask' }> & { arguments: JsonObject };

export interface AppHooks {
  /** Asks the person whether to open the link; resolves true to open it. */
  confirmOpenLink(url: string): Promise<boolean>;
  openLink(url: string): void;
  /**
   * Before any tools/call leaves: while the server's change since its pin is not accepted, the person is asked
   * first (the same question as a call from the tool panel); resolves true to send it. None: nothing is held.
   */
  holdForPin?(tool: string): Promise<boolean>;
  /** Asks the person about a call the backend kept; resolves with the answer (no timer runs meanwhile). */
  askConsent(ask: AppAsk): Promise<AppConsent>;
  /** Loupe refused one of the app's requests (or the person declined it): what the app was told. */
  onRefused(error: LoupeErrorData): void;
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

/** Loupe's own refusals, as they are told to the app. */
const refusalKinds = new Set(['app-tool-refused', 'app-rate-limited', 'app-call-declined', 'app-invalid']);

/**
 * What the bridge sends the app for a failed request: the server's JSON-RPC code when the server said no,
 * -32602 (the code servers use for an unknown tool) for a tool Loupe refuses, -32000 (implementation-defined)
 * for the others; `data.kind` names the cause either way.
 */
export function appFacingError(error: unknown): Error & { code: number; data: JsonObject } {
  const detail = toErrorData(error);
  const code =
    detail.kind === 'rpc-error' && detail.code !== undefined
      ? detail.code
      : detail.kind === 'app-tool-refused'
        ? -32602
        : -32000;
  const data: JsonObject = { kind: detail.kind };
  if (isJsonObject(detail.data)) Object.assign(data, asJson(detail.data));
  return Object.assign(new Error(detail.message), { code, data });
}

/** What the app is told when the person does not let its call through a server change they have not accepted. */
export function pinNotAccepted(tool: string): LoupeError {
  return new LoupeError({
    kind: 'app-call-declined',
    message: `Not sent: the server changed since it was pinned and the user has not accepted the change, so the app's call of "${tool}" was not made.`,
    data: { reason: 'pin-not-accepted', tool },
  });
}

export function routeAppRequests(bridge: AppBridge, app: string, port: AppPort, hooks: AppHooks): void {
  const refusing = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      const detail = toErrorData(error);
      if (refusalKinds.has(detail.kind)) hooks.onRefused(detail);
      throw appFacingError(error);
    }
  };

  bridge.oncalltool = (params) =>
    refusing(async () => {
      const request = asJson(params);
      const tool = typeof request.name === 'string' ? request.name : '';
      if (hooks.holdForPin && !(await hooks.holdForPin(tool))) throw pinNotAccepted(tool);
      const outcome = await port.appCallTool(app, request);
      if (outcome.status === 'done') return outcome.result as unknown as CallToolResult;
      const args = isJsonObject(request.arguments) ? request.arguments : {};
      const answer = await hooks.askConsent({ ...outcome, arguments: args });
      const result: unknown = await port.appConsent(outcome.ticket, answer);
      return result as CallToolResult;
    });
  bridge.onreadresource = (params) =>
    refusing(async () => {
      const result: unknown = await port.appReadResource(app, params.uri);
      return result as ReadResourceResult;
    });
  bridge.onmessage = (params) => {
    hooks.onMessage(asJson(params));
    return Promise.resolve({});
  };
  bridge.onopenlink = async (params) => {
    if (!isWebLink(params.url)) return { isError: true };
    const open = await hooks.confirmOpenLink(params.url);
    if (!open) return { isError: true };
    hooks.openLink(params.url);
    return {};
  };
  bridge.onupdatemodelcontext = () => Promise.resolve({});
  bridge.onloggingmessage = (params) => hooks.onLog(asJson(params));
  bridge.onsizechange = (params) => {
    if (typeof params.height === 'number' && Number.isFinite(params.height)) hooks.onSize(params.height);
  };
  bridge.onrequestteardown = () => hooks.onCloseRequest();
}
