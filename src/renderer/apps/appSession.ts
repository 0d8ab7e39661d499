/**
 * One running MCP App: the official host bridge (AppBridge from @modelcontextprotocol/ext-apps) over
 * postMessage to the sandbox proxy frame. When the proxy says it is ready it gets the app's HTML and the
 * permissions the user granted; when the app has initialized it gets the tool's input and result. The app's
 * requests and Loupe's answers are recorded for Traffic on the way (appTap.ts).
 */
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { AppPermission, AppResource } from '../../shared/apps';
import type { JsonObject } from '../../shared/json';
import { routeAppRequests, type AppHooks, type AppPort } from './appRouting';
import { TappedTransport } from './appTap';

export interface AppStart {
  app: AppResource;
  granted: readonly AppPermission[];
  toolInput?: JsonObject;
  toolResult?: JsonObject;
  port: AppPort;
  hooks: AppHooks;
  theme: 'light' | 'dark';
}

export interface AppSession {
  close(): Promise<void>;
}

type ToolResult = Parameters<AppBridge['sendToolResult']>[0];

export function grantedPermissions(granted: readonly AppPermission[]): Record<string, Record<string, never>> {
  return Object.fromEntries(granted.map((name) => [name, {}]));
}

let instances = 0;

export async function startAppSession(frameWindow: Window, start: AppStart): Promise<AppSession> {
  const bridge = new AppBridge(
    null,
    { name: 'Loupe', version: '1' },
    { openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, message: {}, updateModelContext: {} },
    {
      hostContext: {
        theme: start.theme,
        displayMode: 'inline',
        platform: 'web',
        availableDisplayModes: ['inline'],
      },
    },
  );
  routeAppRequests(bridge, start.app.uri, start.port, start.hooks);
  bridge.onsandboxready = () => {
    void bridge
      .sendSandboxResourceReady({ html: start.app.html, permissions: grantedPermissions(start.granted) })
      .catch(() => undefined);
  };
  bridge.oninitialized = () => {
    if (start.toolInput) void bridge.sendToolInput({ arguments: start.toolInput }).catch(() => undefined);
    const result: unknown = start.toolResult;
    if (start.toolResult) void bridge.sendToolResult(result as ToolResult).catch(() => undefined);
  };
  // Each running copy of the app numbers its requests from 1: the instance keeps two copies' pairs apart.
  const instance = `${Date.now().toString(36)}-${++instances}`;
  const record = (direction: 'in' | 'out', message: JsonObject) => {
    start.port.appRecord(start.app.uri, instance, direction, message).catch(() => undefined);
  };
  await bridge.connect(new TappedTransport(new PostMessageTransport(frameWindow, frameWindow), record));
  return {
    async close() {
      await bridge.teardownResource({}, { timeout: 1000 }).catch(() => undefined);
      await bridge.close().catch(() => undefined);
    },
  };
}
