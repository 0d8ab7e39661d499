/**
 * The connection doctor's answer to a failure: the likely cause and the next step, in words, plus the evidence
 * they rest on (HTTP statuses and the requests that got them, the exit code, the last stderr lines, what a stdio
 * server printed on stdout that was not JSON). It rides on the error data (`LoupeErrorData.doctor`), so the UI,
 * the CLI and snapshots all see the same advice. Evidence lines quote the server: render them as text.
 */
export interface Diagnosis {
  likelyCause: string;
  nextStep: string;
  evidence: string[];
}

/** What the session saw before the failure, gathered from its frames (core/doctor/evidence.ts). */
export interface DoctorEvidence {
  /** HTTP answers in order: the request and the status it got. */
  httpAnswers: { method: string; url: string; status: number }[];
  /** Whether a request carried an Mcp-Session-Id header. */
  sessionId: boolean;
  /** The last non-empty stderr lines of a stdio server (at most 5). */
  stderrTail: string[];
  /**
   * The stderr line that says why it failed ("Error: Cannot find module '…'"), which may be further up than the
   * tail (Node ends a crash with its version line); absent when no line reads as a cause.
   */
  stderrCause?: string;
  /** The first stdout lines of a stdio server that were not JSON-RPC (at most 3, each cut to 200 characters). */
  nonJsonStdout: string[];
  /** The first HTTP answer that was a web page (text/html) instead of MCP: where, its status and its title. */
  webPage?: WebPageAnswer;
}

export interface WebPageAnswer {
  method: string;
  url: string;
  status: number;
  contentType: string;
  /** The page's <title>, entities decoded, whitespace folded, at most 100 characters; absent when it has none. */
  title?: string;
}

export const noEvidence: DoctorEvidence = {
  httpAnswers: [],
  sessionId: false,
  stderrTail: [],
  nonJsonStdout: [],
};

export function isDiagnosis(value: unknown): value is Diagnosis {
  if (typeof value !== 'object' || value === null) return false;
  const { likelyCause, nextStep, evidence } = value as Record<string, unknown>;
  return (
    typeof likelyCause === 'string' &&
    typeof nextStep === 'string' &&
    Array.isArray(evidence) &&
    evidence.every((line) => typeof line === 'string')
  );
}
