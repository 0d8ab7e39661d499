/**
 * The backend's MCP Apps methods. Loupe itself reads an app's ui:// resource (openApp); everything the app
 * then asks for comes through here too: its tools/call and resources/read go to the server as requests
 * marked with the app (Frame.app), its ui/* messages (message, log, open-link) are recorded as frames of the
 * app, so Traffic shows all of it as coming from the app.
 */
import type { AppResource } from '../../shared/apps.js';
import type { BackendMethods } from '../../shared/contract.js';
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { ListResult } from '../../shared/lists.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import type { McpSession } from '../types.js';
import { appFrameMarker } from './appFrames.js';
import { parseAppResource } from './appResource.js';
import type { AppSandbox } from './sandboxServer.js';

export type AppMethods = Pick<BackendMethods, 'openApp' | 'appCallTool' | 'appReadResource' | 'appNote'>;

export interface AppContext {
  session: McpSession;
  recorder: FrameRecorder;
  timeoutMs?: number;
  resources?: ListResult;
}

/** The app messages recorded as frames (anything else an app sends is not Loupe's to record). */
export const appNoteMethods = [
  'ui/message',
  'ui/open-link',
  'notifications/message',
  'ui/update-model-context',
] as const;

function checkApp(app: unknown): string {
  if (typeof app !== 'string' || !app.startsWith('ui://')) {
    throw new LoupeError({ kind: 'app-invalid', message: 'An app is named by its ui:// resource URI.' });
  }
  return app;
}

export function createAppMethods(live: () => AppContext, sandbox: () => AppSandbox | undefined): AppMethods {
  const send = async (app: unknown, method: string, params: JsonObject): Promise<JsonObject> => {
    const name = checkApp(app);
    const { session, recorder, timeoutMs } = live();
    const marker = appFrameMarker(recorder);
    const response = await session.request(method, params, {
      timeoutMs,
      onSent: (id) => marker.expect(id, name),
    });
    return response.result;
  };

  return {
    async openApp(uri) {
      const name = checkApp(uri);
      const { session, timeoutMs, resources } = live();
      const read = await session.request('resources/read', { uri: name }, { timeoutMs });
      const listed = resources?.items.find((item) => item.uri === name);
      const resource: AppResource = parseAppResource(name, read.result, listed);
      const running = sandbox();
      if (running) {
        resource.frameUrl = running.frameUrl(resource.csp);
        resource.sandboxOrigin = running.origin;
      }
      return resource;
    },

    appCallTool(app, params) {
      if (!isJsonObject(params) || typeof params.name !== 'string') {
        return Promise.reject(
          new LoupeError({ kind: 'app-invalid', message: 'An app’s tools/call needs a tool name.' }),
        );
      }
      const args = isJsonObject(params.arguments) ? params.arguments : {};
      return send(app, 'tools/call', { name: params.name, arguments: args });
    },

    appReadResource(app, uri) {
      if (typeof uri !== 'string')
        return Promise.reject(
          new LoupeError({ kind: 'app-invalid', message: 'An app’s resources/read needs a URI.' }),
        );
      return send(app, 'resources/read', { uri });
    },

    appNote(app, method, params) {
      const name = checkApp(app);
      if (!(appNoteMethods as readonly string[]).includes(method)) {
        return Promise.reject(
          new LoupeError({
            kind: 'app-invalid',
            message: `Loupe does not record an app’s ${String(method)}.`,
          }),
        );
      }
      const message: JsonObject = { jsonrpc: '2.0', method, params: isJsonObject(params) ? params : {} };
      live().recorder.record('in', JSON.stringify(message), { message, app: name });
      return Promise.resolve();
    },
  };
}
