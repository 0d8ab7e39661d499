/**
 * What a new MCP session of an attempt is wired to: its log messages and server requests go to the hub (requests
 * through the attempt's desk, which waits on the person), list_changed re-walks the kept lists, and its close
 * ends the attempt's watching and tells the status.
 */
import type { LoupeErrorData } from '../../shared/errors.js';
import type { JsonObject } from '../../shared/json.js';
import type { ListKind } from '../../shared/lists.js';
import { watchLists } from '../lists/listWatcher.js';
import type { McpSession } from '../types.js';
import type { Attempt } from './attempt.js';
import type { EventHub } from './eventHub.js';
import { answerableMethods } from './serverRequests.js';

export function wireSession(
  current: Attempt,
  session: McpSession,
  hub: EventHub,
  /** The session's close, while the attempt is still the current one of a live backend. */
  onClosed: (reason: LoupeErrorData | undefined) => void,
): void {
  session.onNotification((method, params) => {
    if (method !== 'notifications/message' || !params) return;
    hub.emit('onLog', {
      t: session.now(),
      level: typeof params.level === 'string' ? params.level : 'info',
      ...(typeof params.logger === 'string' ? { logger: params.logger } : {}),
      data: params.data ?? null,
    });
  });
  for (const method of answerableMethods) {
    session.setRequestHandler(method, (params, _id, { signal }) => {
      const roots = current.options.roots;
      if (method === 'roots/list' && roots) return Promise.resolve({ roots } as JsonObject);
      const { request, answer } = current.desk.open(method, params, session.now(), signal);
      hub.emit('onServerRequest', request);
      return answer;
    });
  }
  current.stopWatching = watchLists(session, {
    pageLimit: current.options.pageLimit,
    timeoutMs: current.options.timeoutMs,
    current: (kind: ListKind) => current.lists.get(kind),
    walking: (kind: ListKind) => current.walks.get(kind),
    onChange: (diff, result) => {
      current.memory.listChanged(current.lists.get(result.kind)?.items ?? [], diff, result);
      current.lists.set(result.kind, result);
      hub.emit('onListChanged', { diff, result });
    },
  });
  session.closed.then(onClosed).catch(() => undefined);
}
