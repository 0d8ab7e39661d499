/**
 * `loupe snapshot --calls <file>`: after the listings, the requests of the file are made one by one (a failure is a
 * stderr line, and recorded); a list whose list_changed came meanwhile is walked again, so the recording holds the
 * list as it was after the call that changed it.
 */
import { listKinds, type ListKind, type ListResult } from '../../shared/lists.js';
import { makeCalls, type PlannedCall } from '../../core/replay/recordCalls.js';
import type { McpSession } from '../../core/types.js';
import type { CliOptions } from '../arguments.js';
import { describeError } from '../errorReport.js';
import { walk } from '../listing.js';
import { printable, type Terminal } from '../terminal.js';

type Lists = Partial<Record<Exclude<ListKind, 'tools'>, ListResult>>;

const changedKind: Readonly<Record<string, ListKind>> = {
  'notifications/tools/list_changed': 'tools',
  'notifications/resources/list_changed': 'resources',
  'notifications/prompts/list_changed': 'prompts',
};

export async function recordCalls(
  session: McpSession,
  calls: readonly PlannedCall[],
  walked: { tools: ListResult; lists: Lists },
  options: CliOptions,
  terminal: Terminal,
): Promise<{ tools: ListResult; lists: Lists }> {
  const changed = new Set<ListKind>();
  const stop = session.onNotification((method) => {
    const kind = changedKind[method];
    if (kind) changed.add(kind);
  });
  try {
    for (const outcome of await makeCalls(session, calls, options.timeoutMs)) {
      if (outcome.error)
        terminal.err(
          `loupe: ${printable(outcome.call.method)} failed (recorded): ${describeError(outcome.error)}`,
        );
    }
  } finally {
    stop();
  }
  let { tools } = walked;
  const lists = { ...walked.lists };
  for (const kind of listKinds) {
    if (!changed.has(kind) || !session.isOpen) continue;
    if (kind === 'tools') tools = await walk(session, 'tools', options, terminal);
    else if (lists[kind]) lists[kind] = await walk(session, kind, options, terminal);
  }
  return { tools, lists };
}
