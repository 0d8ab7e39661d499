/** `loupe list`: every item of one list, all pages; an incomplete walk prints what it got, then fails. */
import type { ListResult } from '../../shared/lists.js';
import { lintTools } from '../../core/lint/lintTools.js';
import { summarizeTools } from '../../core/lint/summarizeTools.js';
import type { McpSession } from '../../core/types.js';
import type { Invocation } from '../arguments.js';
import { describeError } from '../errorReport.js';
import { itemTable, listFooter } from '../format/itemTable.js';
import { walk } from '../listing.js';
import { withSession } from '../sessionScope.js';
import { terminalJson, type Terminal } from '../terminal.js';

/** The one JSON object of `list --json` and `lint --json`: items exactly as sent. */
export function listDocument(session: McpSession, result: ListResult): Record<string, unknown> {
  const tools = result.kind === 'tools';
  return {
    transport: session.handshake.transport,
    ...(session.handshake.fallbackReason ? { fallbackReason: session.handshake.fallbackReason } : {}),
    protocolVersion: session.handshake.protocolVersion,
    serverInfo: session.handshake.serverInfo,
    capabilities: session.handshake.capabilities,
    kind: result.kind,
    complete: result.complete,
    ...(result.error ? { error: result.error } : {}),
    pages: result.pages,
    items: result.items,
    findings: tools ? lintTools(result.items) : [],
    summary: tools ? summarizeTools(result.items) : null,
  };
}

/** One stderr line for a walk that stopped early, with how far it got. */
export function incompleteLine(result: ListResult): string {
  const reason = result.error ? describeError(result.error) : `${result.kind} listing stopped early`;
  if (/incomplete/i.test(reason)) return `loupe: ${reason}`;
  const pages = result.pages.length;
  return `loupe: ${reason} (${result.items.length} ${result.kind} from ${pages} page${pages === 1 ? '' : 's'} kept; the list is incomplete)`;
}

export function printJson(terminal: Terminal, value: unknown): void {
  terminal.out(terminalJson(value, 2));
}

export async function listCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  return withSession(invocation, terminal, async (session) => {
    const result = await walk(session, invocation.options.kind, invocation.options, terminal);
    if (invocation.options.json) {
      printJson(terminal, listDocument(session, result));
    } else {
      for (const line of itemTable(result.kind, result.items)) terminal.out(line);
      terminal.out('');
      terminal.out(listFooter(result));
    }
    if (!result.complete) {
      terminal.err(incompleteLine(result));
      return 1;
    }
    return 0;
  });
}
