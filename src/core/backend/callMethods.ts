/** A session's calls, resource reads and prompt gets over the connected session (createBackend.ts wires them). */
import type { BackendMethods, CallRequest } from '../../shared/contract.js';
import { LoupeError, toErrorData } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { CallOutcome } from '../../shared/session.js';
import { callTool } from '../calls/callTool.js';
import type { McpSession } from '../types.js';
import type { Attempt } from './attempt.js';
import type { EventHub } from './eventHub.js';
import { TaskBook } from './taskBook.js';

export function createCallMethods(
  live: () => { current: Attempt; session: McpSession },
  attempt: () => Attempt | undefined,
  hub: EventHub,
): Pick<BackendMethods, 'callTool' | 'cancelCall' | 'readResource' | 'getPrompt'> {
  return {
    async callTool(request: CallRequest): Promise<CallOutcome> {
      const { current, session } = live();
      if (current.calls.has(request.callId))
        throw new LoupeError({ kind: 'usage', message: `A call ${request.callId} is already running.` });
      const controller = new AbortController();
      current.calls.set(request.callId, controller);
      const args = isJsonObject(request.arguments) ? request.arguments : {};
      current.memory.callStarted(request.callId, request.tool, args);
      try {
        const outcome = await callTool(
          session,
          {
            tool: request.tool,
            arguments: args,
            callId: request.callId,
            timeoutMs: request.timeoutMs ?? current.options.timeoutMs,
            maxTotalMs: current.options.maxTotalMs,
            signal: controller.signal,
            onProgress: (progress) => hub.emit('onProgress', progress),
            ...(request.taskMode === 'task' ? { taskMode: 'task' as const } : {}),
            listingComplete: current.lists.get('tools')?.complete ?? false,
            onTask: (record) => {
              (current.tasks ??= new TaskBook()).put(record);
              hub.emit('onTask', record);
            },
          },
          current.lists.get('tools')?.items ?? [],
        );
        current.memory.callEnded(request.callId, { outcome });
        return outcome;
      } catch (error) {
        current.memory.callEnded(request.callId, { error: toErrorData(error) });
        throw error;
      } finally {
        current.calls.delete(request.callId);
      }
    },

    cancelCall(callId) {
      attempt()?.calls.get(callId)?.abort();
      return Promise.resolve();
    },

    async readResource(uri) {
      const { session, current } = live();
      return (await session.request('resources/read', { uri }, { timeoutMs: current.options.timeoutMs }))
        .result;
    },

    async getPrompt(name, args) {
      const { session, current } = live();
      const stringArgs: JsonObject = {};
      for (const [key, value] of Object.entries(args ?? {}))
        if (typeof value === 'string') stringArgs[key] = value;
      return (
        await session.request(
          'prompts/get',
          { name, arguments: stringArgs },
          { timeoutMs: current.options.timeoutMs },
        )
      ).result;
    },
  };
}
