/**
 * What `loupe list` prints once the walk is over (the table or the JSON document, the costs, the warnings), and the
 * document and lines other commands share. Loaded while the server starts (see list.ts): lint, ajv and the
 * tokenizers are not on the way to spawning it.
 */
import type { ListResult } from '../../shared/lists.js';
import { sessionFindings } from '../../core/lint/sessionFindings.js';
import { lintTools } from '../../core/lint/lintTools.js';
import { summarizeTools } from '../../core/lint/summarizeTools.js';
import type { McpSession } from '../../core/types.js';
import type { CliOptions } from '../arguments.js';
import { adviceLines, describeError, diagnosisLines } from '../errorReport.js';
import { itemTable, listFooter } from '../format/itemTable.js';
import { stdoutFindings, stdoutNoise, stdoutNoiseMessage } from '../../core/lint/stdoutNoise.js';
import { declaredLine } from '../format/declaredCapabilities.js';
import { contextCost } from '../../core/portability/tokenCost.js';
export { preloadTokenizers } from '../../core/portability/tokenCost.js';
import { costLine } from '../format/portabilityReport.js';
import { linePieces, printable, serverLabel, terminalJson, type Terminal } from '../terminal.js';
import { jsonDocumentPieces } from '../format/jsonLines.js';

/** The one JSON object of `list --json` and `lint --json`: items exactly as sent. */
export function listDocument(session: McpSession, result: ListResult): Record<string, unknown> {
  const tools = result.kind === 'tools';
  return {
    transport: session.handshake.transport,
    ...(session.handshake.fallbackReason ? { fallbackReason: session.handshake.fallbackReason } : {}),
    protocolVersion: session.handshake.protocolVersion,
    era: session.handshake.era ?? 'legacy',
    ...(session.handshake.eraReason ? { eraReason: session.handshake.eraReason } : {}),
    ...(session.handshake.discover ? { discover: session.handshake.discover } : {}),
    serverInfo: session.handshake.serverInfo,
    capabilities: session.handshake.capabilities,
    // What Loupe declared: a server may list more tools to a client that declares sampling, elicitation or roots.
    clientCapabilities: session.handshake.clientCapabilities ?? {},
    kind: result.kind,
    complete: result.complete,
    ...(result.error ? { error: result.error } : {}),
    ...(result.doctor ? { doctor: result.doctor } : {}),
    pages: result.pages,
    items: result.items,
    findings: tools
      ? [...lintTools(result.items), ...sessionFindings(session.handshake, session.recorder.frames())]
      : stdoutFindings(session.recorder.frames()),
    summary: tools ? summarizeTools(result.items) : null,
  };
}

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
export function incompleteLine(result: ListResult): string {
  const reason = result.error ? describeError(result.error) : `${result.kind} listing stopped early`;
  const advice = result.error
    ? adviceLines(result.error)
        .map((line) => `\n${line}`)
        .join('')
    : '';
  if (/incomplete/i.test(reason)) return `loupe: ${reason}${advice}`;
  const pages = result.pages.length;
  return `loupe: ${reason} (${result.items.length} ${result.kind} from ${pages} page${pages === 1 ? '' : 's'} kept; the list is incomplete)${advice}`;
}

/**
 * The one way a command prints its JSON document: an object goes out a piece at a time (see jsonLines), each piece
 * made once the reader has taken the last (`terminal.drained`), so a 63 MB document piped to a slower reader is never
 * queued whole in this process.
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
  for (const piece of jsonDocumentPieces(value as Record<string, unknown>)) {
    terminal.out(piece);
    if (terminal.drained) await terminal.drained();
  }
}

/** Prints the walked list as `loupe list` does; resolves to the exit code (1 when the walk stopped early). */
export async function printList(
  session: McpSession,
  result: ListResult,
  options: CliOptions,
  terminal: Terminal,
): Promise<number> {
  // What the tool definitions cost a model's context (the tokenizers load only here).
  const costs = result.kind === 'tools' ? await contextCost(result.items) : undefined;
  if (options.json) {
    await printJson(terminal, { ...listDocument(session, result), ...(costs ? { costs } : {}) });
  } else {
    const header = eraLine(session);
    if (header) terminal.out(header);
    for (const piece of linePieces(itemTable(result.kind, result.items))) terminal.out(piece);
    terminal.out('');
    if (costs && result.items.length > 0) terminal.out(costLine(costs));
    terminal.out(listFooter(result));
  }
  const noise = stdoutNoise(session.recorder.frames());
  if (noise) terminal.err(`loupe: warning: ${printable(stdoutNoiseMessage(noise))}`);
  // Repeated names: a warning with the doctor's cause and next step (--debug: which positions, which cursors).
  if (result.doctor) {
    terminal.err(`loupe: warning: repeated names in the ${result.kind} listing`);
    for (const line of diagnosisLines(result.doctor, options.debug)) terminal.err(line);
  }
  if (!result.complete) {
    terminal.err(incompleteLine(result));
    return 1;
  }
  if (!options.json) terminal.err(declaredLine(session.handshake.clientCapabilities ?? {}));
  return 0;
}
