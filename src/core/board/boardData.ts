/**
 * The numbers of a board: one dated row per snapshot and, across every tool of the connected servers, how often
 * each field is present, naming conventions, name lengths, pagination and lint findings — the kind of table
 * reference/tools-list-field-reference.txt is made of. Counted from the raw tools the snapshots hold; an empty
 * (or blank) string counts as absent, as the reference does for description. A file that could not be read as a
 * snapshot is a row of its own carrying the error, and counts for nothing else.
 */
import type { FindingCode, NamingConvention, Severity } from '../../shared/lint.js';
import { namingConventions, summaryFields } from '../../shared/lint.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json.js';
import type { LoupeErrorData } from '../../shared/errors.js';
import type { HostVerdict } from '../../shared/portability.js';
import type { Snapshot } from '../../shared/snapshot.js';
import { lintSkills } from '../lint/skillLint.js';
import { lintTools } from '../lint/lintTools.js';
import { namingConvention } from '../lint/summarizeTools.js';
import { checkPortability } from '../portability/checkTools.js';
import { currentProfiles } from '../portability/profiles/index.js';

export const boardFields = [...summaryFields, '_meta'] as const;
export type BoardField = (typeof boardFields)[number];

export interface BoardRow {
  file: string;
  /** False when the file could not be read as a snapshot: `error` says why and nothing else is known of it. */
  readable: boolean;
  serverName?: string;
  serverVersion?: string;
  /** When the snapshot was taken (ISO 8601 UTC); null for a file that could not be read. */
  testedAt: string | null;
  connected: boolean;
  /** "kind: message" of a failed connection, or of a file that could not be read. */
  error?: string;
  toolCount: number;
  toolsComplete: boolean;
  pages: number;
  /** Some page carried a nextCursor. */
  paginated: boolean;
  anyToolDescribed: boolean;
  roundTripMs: number | null;
  protocolVersion?: string;
  /** Per host profile (those of today's hosts): how many of the tools it refuses; absent when not connected. */
  refusedByHost?: Record<string, number>;
  /**
   * Per host profile: how many tools it accepts, changes, limits and refuses — the same judgement, by the same profiles,
   * as the app's Portability view; absent when not connected.
   */
  verdictsByHost?: Record<string, Record<HostVerdict, number>>;
  /** Skills (SEP-2640) listed, when the snapshot holds a skills listing; their lint errors (frontmatter and entry). */
  skills?: { count: number; complete: boolean; errors: number };
}

export interface BoardTotals {
  /** Rows: every file named, readable or not. */
  servers: number;
  /** Files that could not be read as snapshots (rows with readable: false). */
  unreadable: number;
  connected: number;
  toolCount: number;
  fields: Record<BoardField, number>;
  naming: Record<NamingConvention, number>;
  nameLength: { min: number; median: number; max: number } | null;
  /** Rows (by index) of connected servers that paginated. */
  paginated: number[];
  lint: { code: FindingCode; severity: Severity; findings: number; servers: number }[];
}

export interface Board {
  rows: BoardRow[];
  totals: BoardTotals;
}

function filled(value: JsonValue | undefined): boolean {
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

export function carriesField(tool: JsonObject, field: BoardField): boolean {
  if (field === 'execution.taskSupport')
    return isJsonObject(tool.execution) && filled(tool.execution.taskSupport);
  return filled(tool[field]);
}

function text(value: JsonValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A snapshot file, or one that could not be read as one (and why): a board never quietly leaves a file out. */
export type BoardEntry = { file: string; snapshot: Snapshot } | { file: string; unreadable: LoupeErrorData };

function unreadableRow(file: string, error: LoupeErrorData): BoardRow {
  return {
    file,
    readable: false,
    testedAt: null,
    connected: false,
    error: `${error.kind}: ${error.message}`,
    toolCount: 0,
    toolsComplete: false,
    pages: 0,
    paginated: false,
    anyToolDescribed: false,
    roundTripMs: null,
  };
}

function row(file: string, snapshot: Snapshot): BoardRow {
  const info = isJsonObject(snapshot.serverInfo) ? snapshot.serverInfo : {};
  const name = text(info.name);
  const version = text(info.version);
  return {
    file,
    readable: true,
    ...(name === undefined ? {} : { serverName: name }),
    ...(version === undefined ? {} : { serverVersion: version }),
    testedAt: snapshot.testedAt,
    connected: snapshot.connected,
    ...(snapshot.error ? { error: `${snapshot.error.kind}: ${snapshot.error.message}` } : {}),
    toolCount: snapshot.tools.length,
    toolsComplete: snapshot.toolsComplete,
    pages: snapshot.pages.length,
    paginated: snapshot.pages.some((page) => page.nextCursor !== undefined),
    anyToolDescribed: snapshot.tools.some((tool) => carriesField(tool, 'description')),
    roundTripMs: snapshot.roundTripMs,
    ...(snapshot.protocolVersion === undefined ? {} : { protocolVersion: snapshot.protocolVersion }),
    ...(snapshot.connected ? portabilityCounts(snapshot.tools, name) : {}),
    ...(snapshot.skills ? { skills: skillsCell(snapshot.skills) } : {}),
  };
}

function portabilityCounts(
  tools: readonly JsonObject[],
  serverName: string | undefined,
): Pick<BoardRow, 'refusedByHost' | 'verdictsByHost'> {
  const report = checkPortability(tools, currentProfiles, serverName === undefined ? {} : { serverName });
  return {
    refusedByHost: Object.fromEntries(report.hosts.map((host) => [host.id, report.counts[host.id].refused])),
    verdictsByHost: Object.fromEntries(report.hosts.map((host) => [host.id, { ...report.counts[host.id] }])),
  };
}

function skillsCell(skills: NonNullable<Snapshot['skills']>): NonNullable<BoardRow['skills']> {
  const errors = lintSkills(skills.items).filter((finding) => finding.severity === 'error').length;
  return { count: skills.items.length, complete: skills.complete, errors };
}

function median(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function buildBoard(entries: readonly BoardEntry[]): Board {
  const rows = entries.map((entry) =>
    'snapshot' in entry ? row(entry.file, entry.snapshot) : unreadableRow(entry.file, entry.unreadable),
  );
  const snapshots = entries.flatMap((entry) => ('snapshot' in entry ? [entry] : []));
  const fields = Object.fromEntries(boardFields.map((field) => [field, 0])) as Record<BoardField, number>;
  const naming = Object.fromEntries(namingConventions.map((convention) => [convention, 0])) as Record<
    NamingConvention,
    number
  >;
  const lengths: number[] = [];
  const lint = new Map<FindingCode, BoardTotals['lint'][number]>();
  let toolCount = 0;
  for (const { snapshot } of snapshots) {
    if (!snapshot.connected) continue;
    toolCount += snapshot.tools.length;
    for (const tool of snapshot.tools) {
      for (const field of boardFields) if (carriesField(tool, field)) fields[field] += 1;
      const name = typeof tool.name === 'string' ? tool.name : undefined;
      naming[name === undefined ? 'other' : namingConvention(name)] += 1;
      if (name !== undefined) lengths.push([...name].length);
    }
    const seen = new Set<FindingCode>();
    for (const finding of [...lintTools(snapshot.tools), ...lintSkills(snapshot.skills?.items ?? [])]) {
      const entry = lint.get(finding.code) ?? {
        code: finding.code,
        severity: finding.severity,
        findings: 0,
        servers: 0,
      };
      entry.findings += 1;
      if (!seen.has(finding.code)) entry.servers += 1;
      seen.add(finding.code);
      lint.set(finding.code, entry);
    }
  }
  lengths.sort((left, right) => left - right);
  const severityOrder: Severity[] = ['error', 'warning', 'info'];
  return {
    rows,
    totals: {
      servers: rows.length,
      unreadable: rows.filter((entry) => !entry.readable).length,
      connected: rows.filter((entry) => entry.connected).length,
      toolCount,
      fields,
      naming,
      nameLength:
        lengths.length === 0
          ? null
          : { min: lengths[0], median: median(lengths), max: lengths[lengths.length - 1] },
      paginated: rows.flatMap((entry, index) => (entry.connected && entry.paginated ? [index] : [])),
      lint: [...lint.values()].sort(
        (left, right) =>
          severityOrder.indexOf(left.severity) - severityOrder.indexOf(right.severity) ||
          right.findings - left.findings,
      ),
    },
  };
}
