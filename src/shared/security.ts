/**
 * The security lens: codes of the findings about what a server shows a model (tool poisoning, hidden text,
 * shadowing, rug pulls), and the evidence each carries. Findings are lint findings (shared/lint.ts) with these codes
 * and the optional security fields filled, so they join the lint column; the codes are explained in the README.
 */
import type { JsonObject } from './json.js';
import type { ListKind } from './lists.js';
import type { SnapshotDiff } from './diff.js';
import type { Finding } from './lint.js';

export const securityCodes = [
  // instructions aimed at the model
  'model-override', // "ignore previous instructions", <IMPORTANT> / <SYSTEM> tags
  'conceal-from-user', // "do not tell the user"
  'sensitive-file-request', // ~/.ssh, id_rsa, .env, mcp.json, credentials
  'exfiltration-instruction', // send / forward data to a URL, an address or a number; change the recipient
  'tool-order-instruction', // "before using this tool, call X"
  // invisible or deceptive text
  'hidden-tag-characters', // U+E0000–U+E007F
  'zero-width-characters',
  'bidi-control',
  'terminal-escape',
  'homoglyph-name',
  'whitespace-padding',
  'encoded-blob',
  // shadowing
  'tool-name-shadowing',
  'cross-server-reference',
  // parameters and annotations
  'context-harvesting-parameter',
  'hidden-recipient-default',
  'annotation-contradiction',
  // trust on first use
  'pin-drift',
] as const;

export type SecurityCode = (typeof securityCodes)[number];

/** Which part of what the server shows a finding is about. */
export type SurfaceKind = 'tool' | 'prompt' | 'resource' | 'template' | 'instructions' | 'server' | 'skill';

export interface SurfaceItem {
  kind: SurfaceKind;
  /** The item's name (tools, prompts, skills), uri (resources) or uriTemplate (templates); '' for instructions. */
  name: string;
  /** Position in its list (0-based). */
  index?: number;
}

/** A character that does not show, made visible: `U+200B ZERO WIDTH SPACE`. */
export interface NamedCharacter {
  codePoint: string;
  name: string;
  count: number;
}

/**
 * The exact span a finding is about, within the text of `field`. `start`/`end` are UTF-16 offsets into the text as
 * sent; `before`/`span`/`after` are the same text made visible (invisible characters as ⟦U+…⟧ names, controls as
 * ⟦ESC⟧), so a screen can highlight `span` and a terminal can print it inert.
 */
export interface Evidence {
  start: number;
  end: number;
  before: string;
  span: string;
  after: string;
  /** The invisible or control characters in the span, named. */
  characters?: NamedCharacter[];
  /** What the span says when decoded (tag characters read as ASCII, a base64 blob decoded), made visible. */
  decoded?: string;
}

export interface SecurityReference {
  title: string;
  url: string;
  /** When the write-up was published (YYYY-MM-DD), when known. */
  published?: string;
  /** When it was read for this rule (YYYY-MM-DD). */
  read: string;
}

/** The security fields of a lint finding (shared/lint.ts Finding). */
export interface SecurityDetail {
  item: SurfaceItem;
  /** Where in the item, as a readable path: `description`, `inputSchema.properties.note.description`, `name`. */
  field: string;
  evidence: Evidence;
  /** Why it matters, one or two sentences. */
  why: string;
  reference: SecurityReference;
  /** Another server this finding is about (shadowing): its name as configured or connected. */
  otherServer?: string;
}

/** Another server's tools, for shadowing: a connected session or a configured server. */
export interface OtherServerTools {
  server: string;
  tools: readonly string[];
}

/** One item as first seen: the SHA-256 of its canonical JSON, and the definition itself (for the diff later). */
export interface PinnedItem {
  digest: string;
  definition: JsonObject;
}

/** What a server showed when it was first trusted (trust on first use), per target. */
export interface ServerPin {
  /** The target it is pinned for (targetKey): `stdio:node server.js`, `http:https://…`. */
  key: string;
  /** When it was pinned or last accepted (ISO time). */
  pinnedAt: string;
  serverInfo: JsonObject | null;
  instructions?: string;
  /** One digest over everything below, to compare at a glance. */
  digest: string;
  items: Record<ListKind, Record<string, PinnedItem>>;
}

/**
 * A pin without its items: what the app's security report carries (when, what it was pinned for, the digest). The
 * pinned definitions stay in the pin book; the diff says what changed. A pin's items are the whole tool list again
 * (31 MB at 50,000 tools, twice over for a changed pin), which nothing on screen shows.
 */
export type PinHeader = Omit<ServerPin, 'items'>;

/** The pin file: every pinned target. */
export interface PinBook {
  format: 'loupe-pins';
  version: 1;
  pins: Record<string, ServerPin>;
}

/**
 * A server now against its pin: `new` (first use: pinned now), `same`, or `changed` with the diff in diff's classes
 * (breaking, drift, compatible). A change is not trusted until accepted as the new pin.
 */
export type PinCheck<Pin extends PinHeader = ServerPin> =
  | { state: 'new'; key: string; pin: Pin }
  | { state: 'same'; key: string; pin: Pin }
  | {
      state: 'changed';
      key: string;
      pin: Pin;
      current: Pin;
      diff: SnapshotDiff;
      changes: number;
    };

/** The security lens over one session: its findings (every list, instructions), and its pin. */
export interface SecurityReport {
  /** The server as it names itself (serverInfo.name), or the target. */
  server: string;
  findings: Finding[];
  /** Null when the session is not connected to anything that can be pinned. */
  pin: PinCheck<PinHeader> | null;
  /** Lists that did not read to the end (skills: skills/list). */
  incomplete: Array<ListKind | 'skills'>;
}

/** One open session's security report, for the all-sessions view; `error` when its report could not be read. */
export interface SessionSecurity {
  /** The backend's name for the session ("s1", …). */
  session: string;
  server: string;
  report?: SecurityReport;
  error?: string;
}
