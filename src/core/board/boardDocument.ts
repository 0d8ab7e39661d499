/**
 * A board as a document of headings, paragraphs and tables of plain text, so the Markdown and the HTML page say
 * the same things. Dates are UTC and past tense: a row records what a server returned when it was tested.
 */
import type { Board, BoardRow } from './boardData.js';
import { boardFields } from './boardData.js';
import { namingConventions } from '../../shared/lint.js';

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'table'; columns: string[]; rows: string[][] };

/** Share of a total as a whole percent; a dash when there is nothing to share. */
export function percent(count: number, total: number): string {
  return total === 0 ? '—' : `${Math.round((count * 100) / total)}%`;
}

/** "2026-11-30 19:58" from an ISO 8601 UTC time. */
export function testedOn(testedAt: string | null): string {
  if (testedAt === null) return '—';
  const date = new Date(testedAt);
  return Number.isNaN(date.getTime()) ? testedAt : date.toISOString().slice(0, 16).replace('T', ' ');
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function serverName(row: BoardRow): string {
  return row.serverName === undefined || row.serverName.trim() === ''
    ? `(unnamed, ${row.file})`
    : row.serverName;
}

function serverRow(row: BoardRow): string[] {
  if (!row.readable)
    return [
      row.file,
      '—',
      '—',
      `unreadable — ${row.error ?? 'no reason given'}`,
      '—',
      '—',
      '—',
      '—',
      '—',
      '—',
    ];
  const connected = row.connected ? 'yes' : `no — ${row.error ?? 'no error recorded'}`;
  const tools = row.connected ? `${row.toolCount}${row.toolsComplete ? '' : ' (incomplete)'}` : '—';
  return [
    row.connected ? serverName(row) : (row.serverName ?? row.file),
    row.serverVersion ?? '—',
    testedOn(row.testedAt),
    connected,
    tools,
    row.connected ? String(row.pages) : '—',
    row.connected ? (row.anyToolDescribed ? 'yes' : 'no') : '—',
    row.roundTripMs === null ? '—' : `${Math.round(row.roundTripMs)} ms`,
    row.protocolVersion ?? '—',
    portabilityCell(row),
  ];
}

/**
 * "refused: anthropic 1 · limited: vscode 35, cursor 123" (hosts with none of a verdict are left out), or "none refused
 * or limited". Changes (fields a host drops) are left to the app and `lint --hosts`: every model API drops some.
 */
export function portabilityCell(row: BoardRow): string {
  if (!row.connected || row.refusedByHost === undefined) return '—';
  const counts = row.verdictsByHost;
  const listed = (verdict: 'refused' | 'limited'): string | undefined => {
    const entries =
      verdict === 'refused'
        ? Object.entries(row.refusedByHost ?? {})
        : Object.entries(counts ?? {}).map(([host, byVerdict]) => [host, byVerdict.limited] as const);
    const some = entries.filter(([, count]) => count > 0);
    return some.length === 0
      ? undefined
      : `${verdict}: ${some.map(([host, count]) => `${host} ${count}`).join(', ')}`;
  };
  const parts = [listed('refused'), listed('limited')].filter((part) => part !== undefined);
  return parts.length === 0 ? 'none refused or limited' : parts.join(' · ');
}

/** A Skills section only when some snapshot holds a skills listing (SEP-2640): older boards read as before. */
function skillBlocks(rows: readonly BoardRow[]): Block[] {
  const listed = rows.filter((row) => row.skills !== undefined);
  if (listed.length === 0) return [];
  return [
    { type: 'heading', level: 3, text: 'Skills' },
    {
      type: 'table',
      columns: ['Server', 'Skills', 'Entry and frontmatter errors'],
      rows: listed.map((row) => [
        serverName(row),
        `${row.skills?.count ?? 0}${row.skills?.complete === false ? ' (incomplete)' : ''}`,
        String(row.skills?.errors ?? 0),
      ]),
    },
    {
      type: 'paragraph',
      text: 'Skill files are not read for a snapshot: digests are compared by loupe diff, and checked by loupe skills get --verify.',
    },
  ];
}

export function boardDocument(board: Board): Block[] {
  const { rows, totals } = board;
  const total = totals.toolCount;
  const blocks: Block[] = [
    {
      type: 'heading',
      level: 1,
      text: `tools/list board: ${plural(totals.servers, 'snapshot')}${totals.unreadable > 0 ? ` (${totals.unreadable} unreadable)` : ''}, ${totals.connected} connected, ${plural(total, 'tool')}`,
    },
    {
      type: 'paragraph',
      text: 'Each row is a dated record of what a server returned when it was tested (times in UTC); nothing here describes the server now.',
    },
    {
      type: 'table',
      columns: [
        'Server',
        'Version',
        'Tested on (UTC)',
        'Connected',
        'Tools',
        'Pages',
        'Any tool described',
        'Round trip',
        'Protocol',
        'Portability (tools refused or limited, by host)',
      ],
      rows: rows.map(serverRow),
    },
    {
      type: 'heading',
      level: 2,
      text: `Across ${plural(total, 'tool')} on ${plural(totals.connected, 'connected server')}`,
    },
    {
      type: 'table',
      columns: ['Field', 'Present', 'Share'],
      rows: boardFields.map((field) => [
        field,
        String(totals.fields[field]),
        percent(totals.fields[field], total),
      ]),
    },
    { type: 'paragraph', text: 'An empty or blank string counts as absent.' },
    { type: 'heading', level: 3, text: 'Naming conventions' },
    {
      type: 'table',
      columns: ['Convention', 'Tools', 'Share'],
      rows: namingConventions.map((convention) => [
        convention === 'other' ? 'single word or other' : convention,
        String(totals.naming[convention]),
        percent(totals.naming[convention], total),
      ]),
    },
    { type: 'heading', level: 3, text: 'Name lengths' },
    {
      type: 'paragraph',
      text: totals.nameLength
        ? `Name lengths ran from ${totals.nameLength.min} to ${totals.nameLength.max} characters, median ${totals.nameLength.median}.`
        : 'No tool names.',
    },
    { type: 'heading', level: 3, text: 'Pagination' },
    {
      type: 'paragraph',
      text: `${totals.paginated.length} of ${plural(totals.connected, 'connected server')} paginated (returned a nextCursor)${
        totals.paginated.length > 0
          ? `: ${totals.paginated.map((index) => `${serverName(rows[index])} ${rows[index].serverVersion ?? ''}`.trim()).join(', ')}`
          : ''
      }.`,
    },
    ...skillBlocks(rows),
    { type: 'heading', level: 3, text: 'Lint' },
  ];
  if (totals.lint.length === 0) blocks.push({ type: 'paragraph', text: 'No findings.' });
  else {
    blocks.push({
      type: 'table',
      columns: ['Finding', 'Severity', 'Findings', 'Servers'],
      rows: totals.lint.map((entry) => [
        entry.code,
        entry.severity,
        String(entry.findings),
        String(entry.servers),
      ]),
    });
  }
  return blocks;
}
