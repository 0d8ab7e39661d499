/**
 * A snapshot: a dated, raw record of one exchange with a server (shared/snapshot.ts). The tool facts
 * (count, names, described, first-page round trip) come from the tools walk; findings and summary from
 * lint over every tool fetched. Secret values of the target are replaced by "[redacted]" everywhere.
 */
import type { LoupeErrorData } from '../../shared/errors.js';
import type { Frame } from '../../shared/frames.js';
import type { ListKind, ListResult } from '../../shared/lists.js';
import { itemKey } from '../../shared/lists.js';
import type { Handshake } from '../../shared/session.js';
import type { Snapshot } from '../../shared/snapshot.js';
import { snapshotFormat } from '../../shared/snapshot.js';
import type { Target } from '../../shared/target.js';
import { sessionFindings } from '../lint/sessionFindings.js';
import { stdoutFindings } from '../lint/stdoutNoise.js';
import { lintTools } from '../lint/lintTools.js';
import { summarizeTools } from '../lint/summarizeTools.js';
import { stringifyJson } from '../json/stringifyJson.js';
import { frameIntegrity } from './frameDigest.js';
import { redactTargetDeep, scrubSecrets } from './redact.js';
import type { SkillsListing } from '../../shared/skills.js';
import { lintSkills } from '../lint/skillLint.js';

export type OtherListKind = Exclude<ListKind, 'tools'>;

export interface SnapshotInput {
  target: Target;
  /** When the test ran: a Date or an ISO 8601 string (written as ISO 8601 UTC). */
  testedAt: Date | string;
  /** Present when the handshake completed. */
  handshake?: Handshake;
  /** Why the connection failed or ended early. */
  error?: LoupeErrorData;
  tools?: ListResult;
  lists?: Partial<Record<OtherListKind, ListResult>>;
  /** skills/list, when the server declared the extension. */
  skills?: SkillsListing;
  frames: readonly Frame[];
  framesDropped: number;
  loupeVersion: string;
}

function isoTime(testedAt: Date | string): string {
  const date = typeof testedAt === 'string' ? new Date(testedAt) : testedAt;
  return Number.isNaN(date.getTime()) ? String(testedAt) : date.toISOString();
}

function handshakeFields(handshake: Handshake | undefined): Partial<Snapshot> {
  if (!handshake) return {};
  return {
    transport: handshake.transport,
    requestedProtocolVersion: handshake.requestedProtocolVersion,
    protocolVersion: handshake.protocolVersion,
    serverInfo: handshake.serverInfo,
    capabilities: handshake.capabilities,
    ...(handshake.instructions === undefined ? {} : { instructions: handshake.instructions }),
    ...(handshake.sessionId === undefined ? {} : { sessionId: handshake.sessionId }),
    initializeRoundTripMs: handshake.roundTripMs,
    ...(handshake.era === undefined ? {} : { era: handshake.era }),
    ...(handshake.eraReason === undefined ? {} : { eraReason: handshake.eraReason }),
    ...(handshake.discover === undefined ? {} : { discover: handshake.discover }),
  };
}

function otherLists(lists: SnapshotInput['lists']): Snapshot['lists'] {
  if (!lists) return undefined;
  const out: NonNullable<Snapshot['lists']> = {};
  for (const kind of ['resources', 'templates', 'prompts'] as const) {
    const result = lists[kind];
    if (!result) continue;
    out[kind] = {
      items: result.items,
      pages: result.pages,
      complete: result.complete,
      ...(result.error ? { error: result.error } : {}),
    };
  }
  return Object.keys(out).length === 0 ? undefined : out;
}

function skillsRecord(listing: SkillsListing): NonNullable<Snapshot['skills']> {
  return {
    items: listing.items,
    pages: listing.pages,
    complete: listing.complete,
    ...(listing.error ? { error: listing.error } : {}),
  };
}

/**
 * scrubSecrets walks recursively; a server's value nested 100,000 levels deep overflows it. Then the secrets are
 * scrubbed from the JSON text instead (its forms include the JSON-escaped one) and the text is read back.
 */
function scrubAtAnyDepth<T>(value: T, secrets: readonly string[]): T {
  try {
    return scrubSecrets(value, secrets);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return JSON.parse(scrubSecrets(stringifyJson(value), secrets)) as T;
  }
}

/**
 * The snapshot of an exchange. Whatever fails while building it (a hostile value nobody foresaw), a snapshot is
 * still returned: the tool list is then left out and marked incomplete with the reason, and the frames, whose
 * raw text holds everything the server sent, are kept.
 */
export function buildSnapshot(input: SnapshotInput): Snapshot {
  try {
    return buildFull(input);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const failure: LoupeErrorData = {
      kind: 'internal',
      message: `The snapshot could not hold the listed items (${reason}); they are left out, and the recorded frames keep the raw text the server sent.`,
    };
    const startedAt = input.tools?.startedAt ?? 0;
    const tools: ListResult = {
      kind: 'tools',
      items: [],
      pages: input.tools?.pages ?? [],
      complete: false,
      error: failure,
      startedAt,
      endedAt: input.tools?.endedAt ?? startedAt,
    };
    return buildFull({ ...input, tools, lists: {} });
  }
}

function buildFull(input: SnapshotInput): Snapshot {
  const tools = input.tools?.items ?? [];
  const { target, secrets } = redactTargetDeep(input.target);
  const lists = otherLists(input.lists);
  const snapshot: Snapshot = {
    format: snapshotFormat,
    testedAt: isoTime(input.testedAt),
    loupeVersion: input.loupeVersion,
    target,
    connected: input.handshake !== undefined,
    ...(input.error ? { error: input.error } : {}),
    ...handshakeFields(input.handshake),
    toolCount: tools.length,
    toolNames: tools.map((tool) => itemKey('tools', tool)),
    anyToolDescribed: tools.some(
      (tool) => typeof tool.description === 'string' && tool.description.trim() !== '',
    ),
    roundTripMs: input.tools?.pages[0]?.rttMs ?? null,
    toolsComplete: input.tools?.complete ?? false,
    ...(input.tools?.error ? { toolsError: input.tools.error } : {}),
    pages: input.tools?.pages ?? [],
    tools,
    ...(lists ? { lists } : {}),
    ...(input.skills ? { skills: skillsRecord(input.skills) } : {}),
    findings: [
      ...lintTools(tools),
      ...(input.skills ? lintSkills(input.skills.items) : []),
      ...(input.handshake ? sessionFindings(input.handshake, input.frames) : stdoutFindings(input.frames)),
    ],
    summary: summarizeTools(tools),
    frames: [...input.frames],
    framesDropped: input.framesDropped,
  };
  // The target is already safe; everything else is scrubbed of the values it held.
  const { target: _safe, ...rest } = snapshot;
  const safe: Snapshot = { ...scrubAtAnyDepth(rest, secrets), target };
  // Over the frames as written (secrets already scrubbed): frameDigest.ts says what it proves and what it does not.
  return { ...safe, integrity: frameIntegrity(safe.frames, safe.framesDropped) };
}
