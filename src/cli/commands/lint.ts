/** `loupe lint`: findings for every tool (all pages) and the server summary; exit 1 on error findings. */
import { appFindings } from '../../core/apps/appChecks.js';
import { sessionFindings } from '../../core/lint/sessionFindings.js';
import { lintTools } from '../../core/lint/lintTools.js';
import { summarizeTools } from '../../core/lint/summarizeTools.js';
import type { Invocation } from '../arguments.js';
import { findingLines, findingsHeadline, summaryLines, countBySeverity } from '../format/lintReport.js';
import { walk } from '../listing.js';
import { withSession } from '../sessionScope.js';
import type { Terminal } from '../terminal.js';
import { incompleteLine, listDocument, printJson } from './list.js';

export async function lintCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  return withSession(invocation, terminal, async (session) => {
    const result = await walk(session, 'tools', invocation.options, terminal);
    // MCP Apps: UI resources that do not resolve or are mistyped (reads them only when a tool names one).
    const timeout =
      invocation.options.timeoutMs !== undefined ? { timeoutMs: invocation.options.timeoutMs } : {};
    const apps = await appFindings(
      result.items,
      () => walk(session, 'resources', invocation.options, terminal),
      (uri) => session.request('resources/read', { uri }, timeout),
    );
    const findings = [
      ...lintTools(result.items),
      ...sessionFindings(session.handshake, session.recorder.frames()),
      ...apps,
    ];
    if (invocation.options.json) {
      printJson(terminal, { ...listDocument(session, result), findings });
    } else {
      for (const line of findingLines(findings)) terminal.out(line);
      terminal.out('');
      for (const line of summaryLines(summarizeTools(result.items))) terminal.out(line);
      terminal.out('');
      terminal.out(`${findingsHeadline(findings)}${result.complete ? '' : ' · INCOMPLETE: only part of the tool list was read'}`);
    }
    if (!result.complete) {
      terminal.err(incompleteLine(result));
      return 1;
    }
    const errors = countBySeverity(findings).error;
    if (errors > 0) {
      terminal.err(`loupe: lint found ${errors} error${errors === 1 ? '' : 's'}`);
      return 1;
    }
    return 0;
  });
}
