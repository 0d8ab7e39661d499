/**
 * `loupe watch`: lists the tools, stays connected, and prints every list_changed diff (each one from a
 * full re-walk of all pages). Ends on Ctrl-C (exit 0) or when the server goes away (exit 1).
 */
import type { ListDiff, ListKind, ListResult } from '../../shared/lists.js';
import { watchLists } from '../../core/lists/listWatcher.js';
import type { Invocation } from '../arguments.js';
import { describeError } from '../errorReport.js';
import { errorDocument } from '../jsonError.js';
import { listFooter } from '../format/itemTable.js';
import { walk } from '../listing.js';
import { withSession } from '../sessionScope.js';
import { printable, serverLabel, terminalJson, type Terminal } from '../terminal.js';
import { incompleteLine } from './listOutput.js';

/**
 * What a list_changed came to: the names added, removed and changed; "no difference" when the re-listing found none
 * (a server that announces without changing anything: "0 added, 0 removed, 0 changed" said nothing); and when the
 * re-listing stopped early, that the change is not known whole (unread items are not removed ones).
 */
function diffLines(diff: ListDiff, result: ListResult): string[] {
  const found = diff.added.length + diff.removed.length + diff.changed.length;
  let head: string;
  if (!result.complete) {
    const sofar =
      found === 0 ? '' : `; read so far: ${diff.added.length} added, ${diff.changed.length} changed`;
    head = `${diff.kind} list_changed: the re-listing stopped early, so what changed is not known whole${sofar} (now ${listFooter(result)})`;
  } else if (found === 0) {
    head = `${diff.kind} list_changed: no difference (still ${listFooter(result)})`;
  } else {
    const counts = `${diff.added.length} added, ${diff.removed.length} removed, ${diff.changed.length} changed`;
    head = `${diff.kind} changed: ${counts} (now ${listFooter(result)})`;
  }
  return [
    head,
    ...diff.added.map((name) => `  + ${printable(name)}`),
    ...diff.removed.map((name) => `  - ${printable(name)}`),
    ...diff.changed.map((name) => `  ~ ${printable(name)}`),
  ];
}

function untilSignal(): { promise: Promise<void>; dispose(): void } {
  let stop = () => undefined as void;
  const promise = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const onSignal = () => stop();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    promise,
    dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

export async function watchCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  const { options } = invocation;
  return withSession(invocation, terminal, async (session) => {
    const lists = new Map<ListKind, ListResult>();
    // Ctrl-C is ours before the first line shows: one pressed the moment "listed" appears ends with 0, not the
    // default signal death (a test that stopped on that line caught the gap on a busy machine).
    const signal = untilSignal();
    // A change announced while the first listing runs may not be in it: heard here, listed again once watching.
    let announced = false;
    const hearing = session.onNotification((method) => {
      if (method === 'notifications/tools/list_changed') announced = true;
    });
    let first: ListResult;
    try {
      first = await walk(session, 'tools', options, terminal);
    } catch (error) {
      signal.dispose();
      throw error;
    } finally {
      hearing();
    }
    lists.set('tools', first);
    if (options.json) {
      const era = {
        era: session.handshake.era ?? 'legacy',
        protocolVersion: session.handshake.protocolVersion,
      };
      terminal.out(
        terminalJson({
          event: 'listed',
          kind: 'tools',
          count: first.items.length,
          pages: first.pages.length,
          complete: first.complete,
          ...era,
        }),
      );
    } else {
      terminal.out(
        `Watching ${serverLabel(session.handshake.serverInfo)}: ${listFooter(first)}. Ctrl-C to stop.`,
      );
    }
    if (!first.complete) terminal.err(incompleteLine(first));

    const unsubscribe = watchLists(session, {
      ...(options.pageLimit !== undefined ? { pageLimit: options.pageLimit } : {}),
      ...(announced ? { announced: ['tools'] as const } : {}),
      current: (kind: ListKind) => lists.get(kind),
      // Modern era: change notifications flow on a subscriptions/listen stream.
      onListening: (acknowledged) => {
        if (options.json) terminal.out(JSON.stringify({ event: 'listening', notifications: acknowledged }));
        else
          terminal.out(
            `Listening for changes: ${Object.keys(acknowledged).join(', ') || 'none acknowledged'}`,
          );
      },
      onListenError: (error) => {
        if (options.json) terminal.out(terminalJson({ event: 'listen-error', ...errorDocument(error) }));
        terminal.err(`loupe: ${describeError(error)}`);
      },
      onChange: (diff: ListDiff, result: ListResult) => {
        lists.set(result.kind, result);
        if (options.json) {
          const failure = result.error ? { error: result.error } : {};
          terminal.out(
            terminalJson({
              event: 'list_changed',
              kind: diff.kind,
              added: diff.added,
              removed: diff.removed,
              changed: diff.changed,
              complete: result.complete,
              ...(diff.echoes === undefined ? {} : { echoes: diff.echoes }),
              ...failure,
            }),
          );
        } else {
          for (const line of diffLines(diff, result)) terminal.out(line);
        }
        if (diff.echoes !== undefined)
          terminal.err(
            `loupe: the server announced ${diff.kind} list_changed again while answering ${diff.echoes} listings in a row that found nothing changed: not listing again for announcements made during a listing (one between listings is still followed).`,
          );
        // When the re-walk failed because the server went away, the closing line below says it once.
        if (!result.complete && session.isOpen) terminal.err(incompleteLine(result));
      },
    });
    try {
      const ended = await Promise.race([signal.promise.then(() => 'signal' as const), session.closed]);
      if (ended === 'signal' || ended === undefined) return 0;
      // A re-walk the same exit cut short reports first (its list_changed line names the page it lost), then the
      // closing line: both rejections land in one turn, and the walk's takes a few more promise steps.
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (options.json) terminal.out(terminalJson({ event: 'closed', ...errorDocument(ended) }));
      terminal.err(`loupe: ${describeError(ended)}`);
      return 1;
    } finally {
      unsubscribe();
      signal.dispose();
    }
  });
}
