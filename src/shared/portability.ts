/**
 * Portability: what a host or model API does with each tool of a server (accepted as sent, accepted with changes,
 * refused), by which published rule and at which schema path; and what the definitions cost a model's context.
 * Pure data, shared by the CLI, the board, diff and the UI. The rules themselves live in core/portability/profiles.
 */

/**
 * accepted: the host passes the tool on as sent. changed: it passes it on, dropping or rewriting something. limited:
 * it may not put the tool in front of the model (past a count, behind a search), and a setting or a change gets it
 * there (the rule says which). refused: its source says the request fails, or the host leaves the tool out.
 */
export type HostVerdict = 'accepted' | 'changed' | 'limited' | 'refused';

export const hostVerdicts: readonly HostVerdict[] = ['accepted', 'changed', 'limited', 'refused'];

/**
 * Whose page a rule's source is. provider: the provider's own documentation, API reference, or its own published code;
 * provider-error: the provider's API or host error message, as its users reported it (the provider's pages say nothing
 * of it); third-party: someone else's page, used because the provider's own could not be had here (`note` says so).
 */
export type SourcePublisher = 'provider' | 'provider-error' | 'third-party';

/** Where a rule comes from: a public page, and the day it was read. */
export interface RuleSource {
  url: string;
  /** YYYY-MM-DD. */
  read: string;
  /** What the page says, in a few words (paraphrased, or an error message quoted). */
  says: string;
  /** Absent in reports written before it existed. */
  publisher?: SourcePublisher;
  /** Why this page and not the provider's own: what could not be had, or what the provider's pages leave out. */
  note?: string;
}

/** One rule a tool broke (or a change the host makes to it). */
export interface PortabilityIssue {
  /** The rule's id within its profile, e.g. `name-pattern`. */
  rule: string;
  verdict: Exclude<HostVerdict, 'accepted'>;
  /** Where in the tool: `name`, `inputSchema`, `inputSchema.properties.data`, `annotations`. */
  path: string;
  message: string;
  source: RuleSource;
  /** For a limited (or changed) tool: what gets it to the model as declared (a setting, a shorter name). */
  workaround?: string;
}

export interface ToolHostResult {
  verdict: HostVerdict;
  issues: PortabilityIssue[];
}

export interface HostSummary {
  id: string;
  name: string;
  /** The profile's own version (bumped when its rules change). */
  version: string;
  kind: 'model-api' | 'host';
  /** Which host and request path the profile stands for ("Gemini API, functionDeclarations[].parametersJsonSchema"). */
  standsFor?: string;
}

export interface ToolPortability {
  /** The tool's name as sent (may be empty). */
  name: string;
  index: number;
  /** By host id, in the order of `hosts`. */
  hosts: Record<string, ToolHostResult>;
}

export interface PortabilityReport {
  hosts: HostSummary[];
  tools: ToolPortability[];
  /** Per host: how many tools it refuses, limits, changes and accepts. */
  counts: Record<string, Record<HostVerdict, number>>;
}

/** Tokens of one tool's definition as a model receives it. */
export interface ToolCost {
  name: string;
  index: number;
  /** Counted with OpenAI's public tokenizers (exact counts of the text; the framing around it is the host's). */
  o200k: number;
  cl100k: number;
  /** Claude's tokenizer is not public: an estimate, never a count. */
  claudeEstimate: number;
  /**
   * Set when the numbers are not a full count: `extrapolated` (a definition past the counting limit: its first part
   * counted, the rest scaled by length) or `not-counted` (nested too deep to serialise; the numbers are 0).
   */
  partial?: 'extrapolated' | 'not-counted';
}

export interface ContextCost {
  /** Heaviest first (by o200k). */
  tools: ToolCost[];
  /** The whole list as one request's `tools` array (the sum of the tools when some were not counted whole). */
  total: { o200k: number; cl100k: number; claudeEstimate: number };
  /** How many tools' numbers are partial (see ToolCost.partial). */
  partialTools?: number;
  /** How the numbers were made, for labels. */
  method: string;
}

/**
 * The definitions' token costs alone, for the tools header and the server view: small beside the report (which holds
 * every tool × host with its rules and sources, 6.5 MB per 1,000 tools), so it is what the app asks for as soon as the
 * tools are listed; the report waits until a view that shows verdicts is opened.
 */
export interface PortabilityCosts {
  costs: ContextCost;
  /** False when the tool list stopped early: the totals cover only what was read. */
  complete: boolean;
}

/** The app's Portability view: the report and the costs of the session's tool list, as last walked. */
export interface PortabilityView {
  report: PortabilityReport;
  costs: ContextCost;
  /** False when the tool list stopped early: the verdicts and totals cover only what was read. */
  complete: boolean;
  /** The name the host rules used for the server (serverInfo.name), if any. */
  serverName?: string;
}
