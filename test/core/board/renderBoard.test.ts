import { describe, expect, it } from 'vitest';
import { boardDocument, percent } from '../../../src/core/board/boardDocument.js';
import { buildBoard, carriesField } from '../../../src/core/board/boardData.js';
import { htmlText, markdownText, renderHtml, renderMarkdown } from '../../../src/core/board/renderBoard.js';

describe('board rendering', () => {
  it('escapes what Markdown and HTML act on, and the characters a terminal obeys', () => {
    expect(markdownText('a|b <i>x</i> `c` [l](u) \u001b[31m\u202e')).toBe(
      'a\\|b &lt;i&gt;x&lt;/i&gt; \\`c\\` \\[l\\](u) \\u001b\\[31m\\u202e',
    );
    expect(htmlText(`<img src=x onerror="alert('1')">&`)).toBe(
      '&#60;img src=x onerror=&#34;alert(&#39;1&#39;)&#34;&#62;&#38;',
    );
    expect(markdownText('line\nbreak')).toBe('line break');
    expect(markdownText('x'.repeat(1000))).toHaveLength(300);
  });

  it('counts blank strings as absent and says so', () => {
    expect(carriesField({ description: '  ' }, 'description')).toBe(false);
    expect(carriesField({ title: '' }, 'title')).toBe(false);
    expect(carriesField({ execution: { taskSupport: 'optional' } }, 'execution.taskSupport')).toBe(true);
    expect(percent(1, 3)).toBe('33%');
    expect(percent(0, 0)).toBe('—');
  });

  it('renders the same board as Markdown and HTML, with a dash when no server connected', () => {
    const board = buildBoard([]);
    const blocks = boardDocument(board);
    const markdown = renderMarkdown(blocks);
    expect(markdown.split('\n')[0]).toBe('# tools/list board: 0 snapshots, 0 connected, 0 tools');
    expect(markdown).toContain('| name | 0 | — |');
    const html = renderHtml(blocks);
    expect(html).toContain('<tr><td>name</td><td>0</td><td>—</td></tr>');
    expect(html).not.toMatch(/<script|<link|src=/i);
  });

  it('an unreadable file is a row with its error and counts for nothing else', () => {
    const board = buildBoard([{ file: 'x.json', unreadable: { kind: 'io-error', message: 'Could not read x.json: it is a folder.' } }]);
    expect(board.rows).toEqual([
      expect.objectContaining({ file: 'x.json', readable: false, testedAt: null, connected: false, toolCount: 0 }),
    ]);
    expect(board.totals).toMatchObject({ servers: 1, unreadable: 1, connected: 0, toolCount: 0 });
    const markdown = renderMarkdown(boardDocument(board));
    expect(markdown.split('\n')[0]).toBe('# tools/list board: 1 snapshot (1 unreadable), 0 connected, 0 tools');
    expect(markdown).toContain(
      '| x.json | — | — | unreadable — io-error: Could not read x.json: it is a folder. | — | — | — | — | — | — |',
    );
  });
});
