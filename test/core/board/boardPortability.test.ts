// The board's portability column: per snapshot, how many tools each of Loupe's host profiles refuses or limits (hosts
// with none left out), judged exactly as the app's Portability view judges the same tools.
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../src/shared/json.js';
import type { Snapshot } from '../../../src/shared/snapshot.js';
import { boardDocument, portabilityCell } from '../../../src/core/board/boardDocument.js';
import { buildBoard } from '../../../src/core/board/boardData.js';
import { renderMarkdown } from '../../../src/core/board/renderBoard.js';
import { createPortabilityMethods } from '../../../src/core/backend/portabilityMethods.js';

function snapshot(tools: JsonObject[], connected = true): Snapshot {
  return {
    format: 'loupe.snapshot/1',
    testedAt: '2026-12-02T00:00:00.000Z',
    loupeVersion: '0.1.0',
    target: { transport: 'stdio', command: 'node', args: ['server.js'] },
    connected,
    serverInfo: { name: 'shop', version: '1.0.0' },
    toolCount: tools.length,
    toolNames: tools.map((tool) => (typeof tool.name === 'string' ? tool.name : '')),
    anyToolDescribed: true,
    roundTripMs: 3,
    toolsComplete: true,
    pages: [],
    tools,
    findings: [],
    summary: {
      toolCount: tools.length,
      fields: {
        name: 0,
        inputSchema: 0,
        annotations: 0,
        description: 0,
        title: 0,
        outputSchema: 0,
        icons: 0,
        'execution.taskSupport': 0,
      },
      naming: { snake_case: 0, 'kebab-case': 0, camelCase: 0, other: 0 },
      nameLength: null,
    },
    frames: [],
    framesDropped: 0,
  };
}

const plain = {
  name: 'get_order',
  description: 'Get an order.',
  inputSchema: {
    type: 'object',
    properties: { id: { type: 'string' } },
    required: ['id'],
    additionalProperties: false,
  },
};
const union = {
  name: 'find.order',
  description: 'Find an order.',
  inputSchema: {
    type: 'object',
    oneOf: [{ required: ['id'] }, { required: ['email'] }],
    properties: { id: { type: 'string' }, email: { type: 'string' } },
  },
};

describe('board portability column', () => {
  it('counts refusals per host and says which hosts refuse', () => {
    const board = buildBoard([
      { file: 'a.json', snapshot: snapshot([plain, union]) },
      { file: 'b.json', snapshot: snapshot([plain]) },
      { file: 'c.json', snapshot: snapshot([], false) },
      { file: 'd.json', snapshot: snapshot([]) },
    ]);
    // find.order: a dot in the name (OpenAI, Anthropic), a top-level oneOf (Anthropic, Claude Code, strict mode).
    // Gemini takes the schemas as JSON Schema (parametersJsonSchema) and a dot in a name: it refuses neither.
    expect(board.rows[0].refusedByHost).toEqual({
      openai: 1,
      'openai-strict': 1,
      anthropic: 1,
      gemini: 0,
      'claude-code': 1,
      'gemini-cli': 0,
      vscode: 0,
      cursor: 0,
    });
    expect(portabilityCell(board.rows[0])).toBe(
      'refused: openai 1, openai-strict 1, anthropic 1, claude-code 1',
    );
    expect(portabilityCell(board.rows[1])).toBe('none refused or limited');
    expect(portabilityCell(board.rows[2])).toBe('—');
    expect(portabilityCell(board.rows[3])).toBe('none refused or limited');
    const markdown = renderMarkdown(boardDocument(board));
    expect(markdown).toContain('| Protocol | Portability (tools refused or limited, by host) |');
    expect(markdown).toMatch(/^\| shop \| 1\.0\.0 \|.*\| none refused or limited \|$/m);
  });

  it('says which hosts limit a long list (VS Code past 128, Cursor past 40), apart from refusals', () => {
    const many = Array.from({ length: 130 }, (_, index) => ({ ...plain, name: `get_order_${index}` }));
    const board = buildBoard([{ file: 'many.json', snapshot: snapshot(many) }]);
    expect(board.rows[0].verdictsByHost?.vscode).toEqual({
      accepted: 128,
      changed: 0,
      limited: 2,
      refused: 0,
    });
    expect(board.rows[0].verdictsByHost?.cursor.limited).toBe(90);
    expect(portabilityCell(board.rows[0])).toBe('limited: vscode 2, cursor 90');
  });

  it("shows the same verdicts as the app's Portability view for the same tools", async () => {
    const tools = [plain, union, { ...plain, name: 'x'.repeat(70) }];
    const board = buildBoard([{ file: 'a.json', snapshot: snapshot(tools) }]);
    const view = await createPortabilityMethods(() =>
      Promise.resolve({ items: tools, complete: true, serverName: 'shop' }),
    ).portability();
    expect(view.report.hosts.map((host) => host.id)).toEqual(Object.keys(board.rows[0].verdictsByHost ?? {}));
    expect(board.rows[0].verdictsByHost).toEqual(view.report.counts);
  });
});
