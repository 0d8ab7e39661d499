/**
 * What `loupe list` prints once the walk is over (the table or the JSON document, the warnings), and the document
 * `lint --json` builds on. What each page leaves for the printing is kept as the walk goes (listPages.ts). The lenses
 * come after the list: in the JSON document lint's findings, the summary and (with --costs) the token costs are made
 * once the items are written (jsonLines' Later); the table is printed before the cost line is counted. Light lines
 * other commands share are in listLines.ts.
 */
import type { ListResult } from '../../shared/lists.js';
import type { JsonObject } from '../../shared/json.js';
import type { StreamedList } from '../../core/lists/pageWalker.js';
import { sessionFindings } from '../../core/lint/sessionFindings.js';
import { lintTools } from '../../core/lint/lintTools.js';
import { summarizeTools } from '../../core/lint/summarizeTools.js';
import type { McpSession } from '../../core/types.js';
import type { CliOptions } from '../arguments.js';
import { diagnosisLines } from '../errorReport.js';
import { listFooter } from '../format/itemTable.js';
import { stdoutFindings, stdoutNoise, stdoutNoiseMessage } from '../../core/lint/stdoutNoise.js';
import { declaredLine } from '../format/declaredCapabilities.js';
import { contextCost } from '../../core/portability/tokenCost.js';
export { preloadTokenizers } from '../../core/portability/tokenCost.js';
import { costLine } from '../format/portabilityReport.js';
import { linePieces, printable, type Terminal } from '../terminal.js';
import { Later, type ArrayText } from '../format/jsonLines.js';
import { eraLine, incompleteLine, printJson } from './listLines.js';
import type { ToolLenses } from './listLenses.js';
import type { ListPages } from './listPages.js';
export { eraLine, incompleteLine, printJson } from './listLines.js';
export { ListPages } from './listPages.js';

/** The lint and summary of a tools list, made when the document's writer reaches them. */
type Lens = () => ReturnType<ToolLenses['of']>;

/** What a list document is made of besides the session: the walk, its items (or their text) and its lenses. */
export interface ListParts {
  result: ListResult | StreamedList;
  /** The items as sent: the values, or their text made page by page as the walk went (ArrayText). */
  items: readonly JsonObject[] | ArrayText;
  /** Lint and the summary (tools only). */
  lens: Lens;
  /** With --costs: the items to count the token costs of. */
  costItems?: readonly JsonObject[];
}

/**
 * The one JSON object of `list --json` and `lint --json`: items exactly as sent, then the lenses, made when the writer
 * reaches them (after the items); `costs` (the tokenizers) only when asked.
 */
export function listDocument(
  session: McpSession,
  result: ListResult,
  { costs = false }: { costs?: boolean } = {},
): Record<string, unknown> {
  let lensed: ReturnType<Lens> | undefined;
  const lens = () =>
    (lensed ??= { findings: lintTools(result.items), summary: summarizeTools(result.items) });
  return documentOf(session, {
    result,
    items: result.items,
    lens,
    ...(costs ? { costItems: result.items } : {}),
  });
}

/** The document of listDocument from its parts. */
export function documentOf(
  session: McpSession,
  { result, items, lens, costItems }: ListParts,
): Record<string, unknown> {
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
    items,
    findings: new Later(() =>
      tools
        ? [...lens().findings, ...sessionFindings(session.handshake, session.recorder.frames())]
        : stdoutFindings(session.recorder.frames()),
    ),
    summary: new Later(() => (tools ? lens().summary : null)),
    ...(costItems && tools ? { costs: new Later(() => contextCost(costItems)) } : {}),
  };
}

/**
 * Prints a walked list as `loupe list` does, from what ListPages kept of it; resolves to the exit code (1 when the
 * walk stopped early).
 */
export async function printList(
  session: McpSession,
  result: StreamedList,
  kept: ListPages,
  options: CliOptions,
  terminal: Terminal,
): Promise<number> {
  // What the tool definitions cost a model's context: only with --costs (the tokenizers are most of a run's memory).
  const costs = kept.costItems !== undefined && result.kind === 'tools' ? kept.costItems : undefined;
  if (kept.json) {
    await printJson(terminal, documentOf(session, kept.parts(result)));
  } else {
    const header = eraLine(session);
    if (header) terminal.out(header);
    for (const piece of linePieces(kept.table.lines())) terminal.out(piece);
    terminal.out('');
    if (costs && costs.length > 0) terminal.out(costLine(await contextCost(costs)));
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
