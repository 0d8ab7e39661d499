import type { LoupeErrorData } from './errors.js';
import type { Frame } from './frames.js';
import type { JsonObject } from './json.js';
import type { Finding, ToolSummary } from './lint.js';
import type { ListKind, ListPage } from './lists.js';
import type { Target } from './target.js';
import type { ConformReport } from './conform.js';

export const snapshotFormat = 'loupe.snapshot/1';

/** A dated, raw record of one exchange with a server. Secret header/env values are "[redacted]". */
export interface Snapshot {
  format: typeof snapshotFormat;
  /** ISO 8601 UTC. */
  testedAt: string;
  loupeVersion: string;
  target: Target;
  transport?: string;
  connected: boolean;
  error?: LoupeErrorData;
  requestedProtocolVersion?: string;
  protocolVersion?: string;
  serverInfo?: JsonObject | null;
  capabilities?: JsonObject;
  instructions?: string;
  sessionId?: string;
  /** initialize (legacy) or server/discover (modern) round trip, ms. */
  initializeRoundTripMs?: number;
  /** The protocol era spoken (absent in snapshots written before 2026-07-28 support: legacy). */
  era?: 'modern' | 'legacy';
  /** How the era was decided. */
  eraReason?: string;
  /** The server/discover result as sent (modern era). */
  discover?: JsonObject;
  toolCount: number;
  toolNames: string[];
  /** True only if some tool has a non-empty (non-blank) description. */
  anyToolDescribed: boolean;
  /** Round trip of the first tools/list page, ms. */
  roundTripMs: number | null;
  /** True when the tools walk reached its end. */
  toolsComplete: boolean;
  toolsError?: LoupeErrorData;
  pages: ListPage[];
  /** The tools exactly as sent. */
  tools: JsonObject[];
  /** Other lists, when they were walked. */
  lists?: Partial<
    Record<
      Exclude<ListKind, 'tools'>,
      { items: JsonObject[]; pages: ListPage[]; complete: boolean; error?: LoupeErrorData }
    >
  >;
  /** Skills (SEP-2640), when the server declared the extension: the entries as sent. No file is read for a snapshot. */
  skills?: { items: JsonObject[]; pages: ListPage[]; complete: boolean; error?: LoupeErrorData };
  findings: Finding[];
  summary: ToolSummary;
  frames: Frame[];
  /** Frames recorded but dropped from memory before the snapshot (the store's overflow). */
  framesDropped: number;
  /** The conformance runs of the session, oldest first (their checks' frame numbers are seqs of `frames`). */
  conformance?: ConformReport[];
  /**
   * A digest over the frames (and framesDropped), checked whenever the file is read: it shows that a frame was
   * changed, added, removed or reordered after saving (corruption, an edit). It does not show who wrote the file
   * (anyone can compute it again after an edit), nor cover the fields read from the frames (tools, findings…).
   * Absent in snapshots written before it existed: those open unverified.
   */
  integrity?: SnapshotIntegrity;
}

export interface SnapshotIntegrity {
  /** How the digest is made: `loupe.frames-sha256/1` (core/snapshot/frameDigest.ts). */
  method: string;
  /** `sha256:<hex>` over framesDropped and every frame's SHA-256, in order. */
  digest: string;
  /** The first 16 hex digits of each frame's SHA-256, in order: names the frame that differs. */
  frames: string[];
}
