/**
 * What `loupe` was asked to do, once its arguments are parsed (arguments.ts): the command words, the options and
 * the invocation every command runs from.
 */
import type { AuthSettings } from '../shared/auth.js';
import type { FailOn } from '../shared/diff.js';
import type { JsonObject } from '../shared/json.js';
import type { ListKind } from '../shared/lists.js';
import type { ProtocolChoice } from '../shared/session.js';
import type { Target } from '../shared/target.js';
import type { ExtensionChoice } from '../shared/tasks.js';
import type { CliTraceOptions } from './traceFlags.js';

export const commands = [
  'list',
  'call',
  'lint',
  'snapshot',
  'watch',
  'web',
  'diff',
  'board',
  'auth',
  'scan',
  'test',
  'replay',
  'trace',
  'skills',
  'conform',
  'read',
  'prompt',
  'help',
  'version',
] as const;
export type CommandName = (typeof commands)[number];
/** Every command word the usage lines name: the commands and `tap`, which parses its own flags (main.ts runs it first). */
export const commandWords: readonly string[] = commands.flatMap((command) =>
  command === 'replay' ? [command, 'tap'] : [command],
);

export interface CliOptions {
  timeoutMs?: number;
  pageLimit?: number;
  /** Largest single frame / whole response accepted, bytes (the engine's defaults when absent). */
  maxFrameBytes?: number;
  maxResponseBytes?: number;
  json: boolean;
  debug: boolean;
  journalPath?: string;
  kind: ListKind;
  /** call: the tool's arguments. */
  toolArguments: JsonObject;
  /** snapshot: where to write. */
  out?: string;
  /** web: the port to listen on (0 = any free port). */
  port?: number;
  /** Protocol era: auto (default), modern or legacy. */
  protocol?: ProtocolChoice;
  /** How to answer the server's input requests (elicitation, sampling, roots); absent: none are offered. */
  input?: InputMode;
  /** Roots answered to roots/list when --input is given. */
  roots: string[];
  /** diff: what makes the exit code 1 (default breaking). */
  failOn?: FailOn;
  /** board: a self-contained HTML page instead of Markdown. */
  html: boolean;
  /** Sign-in to protected HTTP servers. */
  auth: CliAuthOptions;
  /** call --task: run a tool whose taskSupport is optional as a task (required ones always are). */
  task?: boolean;
  /** --extensions / --no-extensions: which extensions Loupe declares (all by default). */
  extensions?: ExtensionChoice;
  /** scan: start every stdio server of a config without asking. */
  yes: boolean;
  /** scan: the pin file (trust on first use); --accept takes a change as the new pin. */
  pinPath?: string;
  accept: boolean;
  /** scan: write SARIF 2.1.0 here. */
  sarifPath?: string;
  /** test: run only steps whose name matches (and what they depend on). */
  grep?: RegExp;
  /** test: start no step after the first that failed. */
  bail?: boolean;
  /** test: independent steps run at most this many at once. */
  concurrency?: number;
  /** test: how the report is written (text by default). */
  reporter?: TestReporter;
  /** lint --hosts: the host profiles to check the tools against (ids, or all). */
  hosts?: string[];
  /** snapshot --calls <file>: the requests to make and record after the listings. */
  calls?: string;
  /** replay: --http (Streamable HTTP on loopback; legacy SSE too for a recording made over SSE), --on-miss, --pace. */
  replay: { http: boolean; onMiss: 'error' | 'nearest'; pace: 'instant' | 'recorded' };
  /** list --costs: what the tool definitions cost a model's context (the tokenizers load only then). */
  costs?: boolean;
  /** list --kind skills: skills/list (SEP-2640) instead of a core list. */
  skills?: boolean;
  /** skills get --verify: read every file of the skill and verify it. */
  verify?: boolean;
  /** conform: --scenario (repeatable), --all, --spec-version. */
  conform?: { scenarios: string[]; all: boolean; specVersion?: string };
  /** --trace-context, --tracestate, --baggage, --otlp…: trace context out, OpenTelemetry out and in (traceFlags.ts). */
  traces: CliTraceOptions;
}

export const testReporters = ['text', 'junit', 'tap', 'json'] as const;
export type TestReporter = (typeof testReporters)[number];

export interface CliAuthOptions extends AuthSettings {
  /** Follow the authorization redirect without a browser (tests, CI). */
  nonInteractive: boolean;
  /** Where tokens are kept (default: the app data dir's auth/). */
  storeDirectory?: string;
}

/** decline / cancel / defaults, ask (a person at the terminal), or the path of a JSON answers file. */
export type InputMode = { mode: 'decline' | 'cancel' | 'defaults' | 'ask' } | { mode: 'file'; path: string };

export interface Invocation {
  command: CommandName;
  /** call: the tool name. auth: the action (logout). */
  tool?: string;
  /** skills get: the skill's name or SKILL.md URI. */
  skill?: string;
  target: Target | undefined;
  options: CliOptions;
  /** diff, board: the snapshot files (and folders, for board) named. */
  files?: string[];
  /**
   * --config <file> [--server <name>]: a server of a client config file (resolved before the command runs);
   * `inputs`: --config-input id=value, values for its VS Code `${input:id}` references.
   */
  config?: { path: string; server?: string; inputs?: Record<string, string> };
}
