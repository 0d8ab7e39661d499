/**
 * What `loupe list` prints once the walk is over (the table or the JSON document, the warnings), and the document
 * `lint --json` builds on. The lenses come after the list: in the JSON document lint's findings, the summary and
 * (with --costs) the token costs are made once the items are written (jsonLines' Later); the table is printed before
 * the cost line is counted. Light lines other commands share are in listLines.ts.
 */
import type { ListResult } from '../../shared/lists.js';
import { sessionFindings } from '../../core/lint/sessionFindings.js';
import { lintTools } from '../../core/lint/lintTools.js';
import { summarizeTools } from '../../core/lint/summarizeTools.js';
import type { McpSession } from '../../core/types.js';
import type { CliOptions } from '../arguments.js';
import { diagnosisLines } from '../errorReport.js';
import { itemTable, listFooter } from '../format/itemTable.js';
import { stdoutFindings, stdoutNoise, stdoutNoiseMessage } from '../../core/lint/stdoutNoise.js';
import { declaredLine } from '../format/declaredCapabilities.js';
import { contextCost } from '../../core/portability/tokenCost.js';
export { preloadTokenizers } from '../../core/portability/tokenCost.js';
import { costLine } from '../format/portabilityReport.js';
import { linePieces, printable, type Terminal } from '../terminal.js';
import { Later } from '../format/jsonLines.js';
import { eraLine, incompleteLine, printJson } from './listLines.js';
import type { ToolLenses } from './listLenses.js';
export { eraLine, incompleteLine, printJson } from './listLines.js';
export { ToolLenses } from './listLenses.js';

/**
 * The one JSON object of `list --json` and `lint --json`: items exactly as sent, then the lenses, made when the writer
 * reaches them (after the items); `costs` (the tokenizers) only when asked.
 */
export function listDocument(
  session: McpSession,
  result: ListResult,
  { costs = false, lenses }: { costs?: boolean; lenses?: ToolLenses } = {},
): Record<string, unknown> {
  const tools = result.kind === 'tools';
  // Lint and the summary: made beside the walk when list gave its pages to lenses, else over the items here.
  let lensed: ReturnType<ToolLenses['of']> | undefined;
  const lens = () =>
    (lensed ??= lenses
      ? lenses.of(result.items)
      : { findings: lintTools(result.items), summary: summarizeTools(result.items) });
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
    findings: new Later(() =>
      tools
        ? [...lens().findings, ...sessionFindings(session.handshake, session.recorder.frames())]
        : stdoutFindings(session.recorder.frames()),
    ),
    summary: new Later(() => (tools ? lens().summary : null)),
    ...(costs && tools ? { costs: new Later(() => contextCost(result.items)) } : {}),
  };
}

/** Prints the walked list as `loupe list` does; resolves to the exit code (1 when the walk stopped early). */
export async function printList(
  session: McpSession,
  result: ListResult,
  options: CliOptions,
  terminal: Terminal,
  lenses?: ToolLenses,
): Promise<number> {
  // What the tool definitions cost a model's context: only with --costs (the tokenizers are most of a run's memory).
  const costs = options.costs === true && result.kind === 'tools';
  if (options.json) {
    await printJson(terminal, listDocument(session, result, { costs, ...(lenses ? { lenses } : {}) }));
  } else {
    const header = eraLine(session);
    if (header) terminal.out(header);
    for (const piece of linePieces(itemTable(result.kind, result.items))) terminal.out(piece);
    terminal.out('');
    if (costs && result.items.length > 0) terminal.out(costLine(await contextCost(result.items)));
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
