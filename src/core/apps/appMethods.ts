/**
 * The backend's MCP Apps methods. Loupe itself reads an app's ui:// resource (openApp); everything the app
 * then asks for comes through here too. Its tools/call passes the gate (appGate.ts: listed, callable by apps,
 * within its rate, and the person's yes for a destructive or not-read-only tool) and then goes to the server,
 * as does its resources/read, as requests marked with the app (Frame.app). What goes between Loupe and the app
 * itself (its requests, Loupe's answers, its log) is recorded on the app's channel (Frame.channel 'app').
 */
import type { AppCallOutcome, AppResource } from '../../shared/apps.js';
import type { BackendMethods } from '../../shared/contract.js';
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { ListResult } from '../../shared/lists.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import type { McpSession } from '../types.js';
import { appFrameMarker } from './appFrames.js';
import { AppGate } from './appGate.js';
import { parseAppResource } from './appResource.js';
import type { AppSandbox } from './sandboxServer.js';

export type AppMethods = Pick<
  BackendMethods,
  'openApp' | 'appCallTool' | 'appConsent' | 'appReadResource' | 'appRecord'
>;

export interface AppContext {
  session: McpSession;
  recorder: FrameRecorder;
  timeoutMs?: number;
  resources?: ListResult;
  tools?: ListResult;
}

/** The notifications of an app Loupe records (its log); its requests are recorded whatever their method. */
export const appRecordedNotifications = ['notifications/message'] as const;
const maxMethodLength = 200;

function checkApp(app: unknown): string {
  if (typeof app !== 'string' || !app.startsWith('ui://')) {
    throw new LoupeError({ kind: 'app-invalid', message: 'An app is named by its ui:// resource URI.' });
  }
  return app;
}

function invalid(message: string): Promise<never> {
  return Promise.reject(new LoupeError({ kind: 'app-invalid', message }));
}

/** One gate per connection: its grants and rate buckets end with the connection (its recorder). */
const gates = new WeakMap<FrameRecorder, AppGate>();
function gateOf(recorder: FrameRecorder): AppGate {
  let gate = gates.get(recorder);
  if (!gate) {
    gate = new AppGate();
    gates.set(recorder, gate);
  }
  return gate;
}

export function createAppMethods(live: () => AppContext, sandbox: () => AppSandbox | undefined): AppMethods {
  const send = async (app: string, method: string, params: JsonObject): Promise<JsonObject> => {
    const { session, recorder, timeoutMs } = live();
    const marker = appFrameMarker(recorder);
    const response = await session.request(method, params, {
      timeoutMs,
      onSent: (id) => marker.expect(id, app),
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
        resource.policy = running.policy(resource.csp);
      }
      return resource;
    },

    async appCallTool(app, params): Promise<AppCallOutcome> {
      const name = checkApp(app);
      if (!isJsonObject(params) || typeof params.name !== 'string') {
        return invalid('An app’s tools/call needs a tool name.');
      }
      const args = isJsonObject(params.arguments) ? params.arguments : {};
      const { recorder, tools } = live();
      const gate = gateOf(recorder);
      const tool = gate.tool(name, tools, params.name);
      gate.admit(name, `call of "${params.name}"`);
      const reasons = gate.reasons(name, tool);
      if (reasons.length > 0) {
        const ticket = gate.hold({ app: name, name: params.name, arguments: args });
        return {
          status: 'ask',
          ticket,
          tool: params.name,
          reasons,
          ...(typeof tool.title === 'string' ? { title: tool.title } : {}),
        };
      }
      return {
        status: 'done',
        result: await send(name, 'tools/call', { name: params.name, arguments: args }),
      };
    },

    appConsent(ticket, answer) {
      if (typeof ticket !== 'string' || !['once', 'session', 'decline'].includes(answer)) {
        return invalid('appConsent wants a ticket and once, session or decline.');
      }
      const call = gateOf(live().recorder).release(ticket, answer);
      if (answer === 'decline') {
        return Promise.reject(
          new LoupeError({
            kind: 'app-call-declined',
            message: `The person declined the app’s call of "${call.name}".`,
            data: { app: call.app, tool: call.name },
          }),
        );
      }
      return send(call.app, 'tools/call', { name: call.name, arguments: call.arguments });
    },

    appReadResource(app, uri) {
      const name = checkApp(app);
      if (typeof uri !== 'string') return invalid('An app’s resources/read needs a URI.');
      gateOf(live().recorder).admit(name, `resources/read ${uri}`);
      return send(name, 'resources/read', { uri });
    },

    appRecord(app, instance, direction, message) {
      const name = checkApp(app);
      if (typeof instance !== 'string' || !isJsonObject(message) || message.jsonrpc !== '2.0') {
        return invalid('appRecord wants an app instance and a JSON-RPC message.');
      }
      const { recorder } = live();
      const hasId = typeof message.id === 'string' || typeof message.id === 'number';
      if (direction === 'in') {
        const method = message.method;
        if (typeof method !== 'string' || method.length > maxMethodLength) {
          return invalid('Loupe records an app’s requests and its log, each with a method.');
        }
        if (!hasId && !(appRecordedNotifications as readonly string[]).includes(method)) {
          return invalid(`Loupe does not record an app’s ${method} notification.`);
        }
      } else if (direction === 'out') {
        const id = message.id;
        if (!hasId || (!('result' in message) && !('error' in message))) {
          return invalid('Loupe records its answers to an app’s requests only.');
        }
        if (typeof id !== 'string' && typeof id !== 'number') return invalid('An answer needs an id.');
        if (!recorder.appRequestOpen(name, instance, id)) {
          return invalid(`The app has no request ${JSON.stringify(id)} waiting for an answer.`);
        }
      } else {
        return invalid('A direction is in or out.');
      }
      recorder.record(direction, JSON.stringify(message), {
        message,
        app: name,
        channel: 'app',
        appInstance: instance,
      });
      return Promise.resolve();
    },
  };
}
