import { afterEach, describe, expect, it } from 'vitest';
import { lintTools } from '../../../src/core/lint/lintTools.js';
import { summarizeTools } from '../../../src/core/lint/summarizeTools.js';
import { walkList } from '../../../src/core/lists/pageWalker.js';
import { connect } from '../../../src/core/session/connect.js';
import type { McpSession } from '../../../src/core/types.js';
import { expectedViolations } from '../../helpers/violations.js';
import { faultServer, paginatingServer } from '../../helpers/servers.js';

const sessions: McpSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

async function toolsOf(target: Parameters<typeof connect>[0]) {
  const session = await connect(target, { timeoutMs: 5_000 });
  sessions.push(session);
  return walkList(session, 'tools');
}

describe('lint over a real server', () => {
  it('finds exactly the violations the fault server lists, across pages', async () => {
    // Page size 6: dup_tool (positions 6 and 19) and CaseTool/casetool sit on different pages.
    const tools = await toolsOf(faultServer('--violations', '--no-control', '--page-size', '6'));
    expect(tools.pages).toHaveLength(4);
    expect(lintTools(tools.items).map((finding) => [finding.code, finding.tool, finding.index])).toEqual(expectedViolations);
  });

  it('summarises the paginating server like the reference table', async () => {
    const tools = await toolsOf(paginatingServer('--tools', '100', '--page-size', '30'));
    expect(tools.complete).toBe(true);
    expect(summarizeTools(tools.items)).toEqual({
      toolCount: 102,
      fields: { name: 102, inputSchema: 102, annotations: 20, description: 102, title: 20, outputSchema: 20, icons: 20, 'execution.taskSupport': 20 },
      // trigger_list_changed and tool_0001… are snake_case; "echo" is a single word.
      naming: { snake_case: 101, 'kebab-case': 0, camelCase: 0, other: 1 },
      nameLength: { min: 4, median: 9, max: 20 },
    });
    // The twenty annotated tools each draw one info finding and nothing else is wrong.
    const findings = lintTools(tools.items);
    expect(findings).toHaveLength(20);
    expect(new Set(findings.map((finding) => `${finding.code}/${finding.severity}`))).toEqual(new Set(['annotations-untrusted/info']));
  });

  it('reads hostile text exactly as sent', async () => {
    const tools = await toolsOf(faultServer('--hostile', '--no-control'));
    expect(tools.items.map((tool) => tool.description)).toEqual([
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[click](javascript:alert(1))',
    ]);
  });
});
