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
import { incompleteLine, listDocument, printJson } from './listOutput.js';
import { checkPortability, resolveHosts } from '../../core/portability/checkTools.js';
import { portabilityFindings } from '../../core/portability/portabilityFindings.js';
import { contextCost } from '../../core/portability/tokenCost.js';
import { costLines, hostSummaryLines } from '../format/portabilityReport.js';
import { stringField } from '../../shared/json.js';

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
    // --hosts: each tool against each host profile named; the server's name is its config key when there is one.
    const hosts = invocation.options.hosts;
    const serverName = invocation.config?.server ?? stringField(session.handshake.serverInfo, 'name');
    const portability = hosts
      ? checkPortability(result.items, resolveHosts(hosts), serverName === undefined ? {} : { serverName })
      : undefined;
    const costs = hosts ? await contextCost(result.items) : undefined;
    const findings = [
      ...lintTools(result.items),
      ...sessionFindings(session.handshake, session.recorder.frames()),
      ...apps,
      ...(portability ? portabilityFindings(portability) : []),
    ];
    if (invocation.options.json) {
      await printJson(terminal, {
        ...listDocument(session, result),
        findings,
        ...(portability ? { portability, costs } : {}),
      });
    } else {
      for (const line of findingLines(findings)) terminal.out(line);
      terminal.out('');
      for (const line of summaryLines(summarizeTools(result.items))) terminal.out(line);
      terminal.out('');
      if (portability && costs) {
        for (const line of [...hostSummaryLines(portability), '', ...costLines(costs)]) terminal.out(line);
        terminal.out('');
      }
      terminal.out(
        `${findingsHeadline(findings)}${result.complete ? '' : ' · INCOMPLETE: only part of the tool list was read'}`,
      );
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
