/**
 * What the doctor reads from a session's frames: HTTP answers, the session id, stderr's tail and the line in it
 * that says why (stderrCause.ts), stdout that was not JSON, and a web page answered instead of MCP.
 */
import type { DoctorEvidence } from '../../shared/doctor.js';
import type { Frame } from '../../shared/frames.js';
import { stderrCause } from '../wire/stderrCause.js';
import { webPageAnswer } from './webPage.js';

const stderrLines = 5;
const stdoutLines = 3;
const lineLength = 200;

function cut(text: string): string {
  const line = text.replace(/\s+$/, '');
  return line.length > lineLength ? `${line.slice(0, lineLength)}…` : line;
}

export function gatherEvidence(frames: readonly Frame[]): DoctorEvidence {
  const evidence: DoctorEvidence = { httpAnswers: [], sessionId: false, stderrTail: [], nonJsonStdout: [] };
  for (const frame of frames) {
    const { http } = frame;
    if (frame.direction === 'in' && http?.status !== undefined) {
      evidence.httpAnswers.push({ method: http.method ?? 'POST', url: http.url ?? '', status: http.status });
    }
    if (frame.direction === 'out' && http?.requestHeaders?.['mcp-session-id']) evidence.sessionId = true;
    if (frame.kind === 'stderr' && frame.raw.trim()) evidence.stderrTail.push(cut(frame.raw));
    // A stdio line (no HTTP facts) that did not parse as JSON-RPC: a banner, a log line, a prompt.
    if (
      frame.direction === 'in' &&
      frame.kind === 'invalid' &&
      !http &&
      evidence.nonJsonStdout.length < stdoutLines
    ) {
      if (frame.raw.trim()) evidence.nonJsonStdout.push(cut(frame.raw));
    }
  }
  // The tail shown is short; the cause is looked for further up (stderrCause.ts keeps to the end of stderr).
  const cause = stderrCause(evidence.stderrTail);
  if (cause !== undefined) evidence.stderrCause = cause;
  evidence.stderrTail = evidence.stderrTail.slice(-stderrLines);
  const page = webPageAnswer(frames);
  if (page) evidence.webPage = page;
  return evidence;
}
