/**
 * What commands print about a listing without loading any lens: the JSON writer every command uses, the modern era's
 * first line and the line of a walk that stopped early. `loupe call` and `read` load this, not listOutput.ts (lint,
 * the summary and the token costs).
 */
import type { ListResult } from '../../shared/lists.js';
import type { StreamedList } from '../../core/lists/pageWalker.js';
import type { McpSession } from '../../core/types.js';
import { adviceLines, describeError } from '../errorReport.js';
import { serverLabel, terminalJson, type Terminal } from '../terminal.js';
import { jsonDocumentPieces, Pending } from '../format/jsonLines.js';

/**
 * The first line of text output in the modern era: the revision and the server. 2025-era output keeps its
 * shape (table first) so scripts that read it go on working; --json says the era in both.
 */
export function eraLine(session: McpSession): string | undefined {
  const { handshake } = session;
  if (handshake.era !== 'modern') return undefined;
  return `MCP ${handshake.protocolVersion} (modern era) · ${serverLabel(handshake.serverInfo)} over ${handshake.transport}`;
}

/** One stderr line for a walk that stopped early, with how far it got. */
export function incompleteLine(result: ListResult | StreamedList): string {
  const reason = result.error ? describeError(result.error) : `${result.kind} listing stopped early`;
  const advice = result.error
    ? adviceLines(result.error)
        .map((line) => `\n${line}`)
        .join('')
    : '';
  if (/incomplete/i.test(reason)) return `loupe: ${reason}${advice}`;
  const pages = result.pages.length;
  const count = 'items' in result ? result.items.length : result.itemCount;
  return `loupe: ${reason} (${count} ${result.kind} from ${pages} page${pages === 1 ? '' : 's'} kept; the list is incomplete)${advice}`;
}

/**
 * The one way a command prints its JSON document: an object goes out a piece at a time (see jsonLines), each piece
 * made once the reader has taken the last (`terminal.drained`), so a 63 MB document piped to a slower reader is never
 * queued whole in this process. A value made later (jsonLines' Later) is made once everything before it is out.
 */
export async function printJson(terminal: Terminal, value: unknown): Promise<void> {
  if (
    value === null ||
    typeof value !== 'object' ||
    Array.isArray(value) ||
    Object.getPrototypeOf(value) !== Object.prototype
  ) {
    terminal.out(terminalJson(value, 2));
    return;
  }
  const pieces = jsonDocumentPieces(value as Record<string, unknown>);
  for (let step = pieces.next(); !step.done;) {
    if (step.value instanceof Pending) {
      step = pieces.next(await step.value.promise);
      continue;
    }
    terminal.out(step.value);
    if (terminal.drained) await terminal.drained();
    step = pieces.next();
  }
}
