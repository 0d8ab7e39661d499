/**
 * The connection doctor: from a failure (its kind, code and data) and what the session saw (evidence.ts), the
 * likely cause and the next step. The list rows follow the common-errors table of the reference text on
 * tools/list (method not found, only the first page, duplicates, unusable schema, stale list); the rest are the
 * failures users meet when connecting: auth, a wrong path or transport, refused headers, the protocol revision,
 * an expired session, nothing listening, a command that exits at once, a stdio server that prints non-JSON, a URL
 * that serves a web page instead of MCP.
 */
import type { Diagnosis, DoctorEvidence } from '../../shared/doctor.js';
import { noEvidence } from '../../shared/doctor.js';
import type { LoupeErrorData } from '../../shared/errors.js';
import { isJsonObject } from '../../shared/json.js';
import { capabilityAdvice } from './capabilityAdvice.js';
import { traceContextAdvice } from './traceContextAdvice.js';
import { missingModule } from '../wire/stderrCause.js';

/** A cause and a next step, with the evidence lines of their own (the session's are added after). */
export type Advice = Omit<Diagnosis, 'evidence'> & { evidence?: string[] };

function field(data: unknown, key: string): unknown {
  return isJsonObject(data) ? data[key] : undefined;
}

/** The HTTP status behind the error: its own code, or that of the JSON-RPC error a refused POST carried. */
function httpStatusOf(error: LoupeErrorData): number | undefined {
  if (error.kind === 'http-error' && typeof error.code === 'number') return error.code;
  const carried = field(error.data, 'httpStatus') ?? field(error.data, 'status');
  if (typeof carried === 'number') return carried;
  const earlier = field(error.data, 'streamableHttp');
  return isJsonObject(earlier) && typeof earlier.code === 'number' ? earlier.code : undefined;
}

/** A stdio server's exit code: in the data, or in the cause's data of a listing it broke off. */
function exitCodeOf(error: LoupeErrorData): unknown {
  return field(error.data, 'exitCode') ?? field(field(error.data, 'cause'), 'exitCode');
}

/** "POST http://…/mcp → 404", one line per HTTP answer (the last 6). */
function answerLines(evidence: DoctorEvidence): string[] {
  return evidence.httpAnswers.slice(-6).map(({ method, url, status }) => `${method} ${url} → HTTP ${status}`);
}

function stderrEvidence(evidence: DoctorEvidence): string[] {
  return evidence.stderrTail.map((line) => `stderr: ${line}`);
}

function quoted(lines: readonly string[]): string {
  return lines.map((line) => `“${line}”`).join(', ');
}

function httpAdvice(status: number, error: LoupeErrorData, evidence: DoctorEvidence): Advice | undefined {
  const tried = answerLines(evidence);
  if (status === 401 || status === 403) {
    return {
      likelyCause:
        status === 401
          ? 'The server wants credentials (HTTP 401): it is protected and Loupe sent none it accepts.'
          : 'The server refused the credentials Loupe sent (HTTP 403): signed in as someone without access, or a token without the needed scope.',
      nextStep:
        'Sign in (the Sign in button, or the CLI with --auth auto, the default) or send a token yourself with --header "Authorization: Bearer <token>"; check the token has not expired.',
    };
  }
  if (status === 404 && evidence.sessionId && error.kind !== 'http-error') return undefined;
  if (status === 404 || status === 405) {
    const variants = tried.length > 0 ? ` Tried: ${tried.join('; ')}.` : '';
    return {
      likelyCause: `Nothing answers MCP at this URL (HTTP ${status}): a wrong path, or a server speaking the other HTTP transport.${variants}`,
      nextStep:
        'Check the URL path (Streamable HTTP servers usually serve /mcp, legacy HTTP+SSE servers /sse) and the port; pick the transport explicitly (--transport http or sse) if the server documents one.',
    };
  }
  if (status === 406 || status === 415) {
    return {
      likelyCause:
        status === 406
          ? 'The server refused the Accept header (HTTP 406): Streamable HTTP asks for application/json and text/event-stream, and something on the way wants another type.'
          : 'The server refused the Content-Type (HTTP 415): Loupe posts application/json, and the endpoint expects something else.',
      nextStep:
        'Make sure the URL is the MCP endpoint and not a web page or API behind it; remove any --header that overrides Accept or Content-Type; a proxy in front of the server may rewrite them.',
    };
  }
  return undefined;
}

/** Failures a web page in answer explains: the SDK refusing its Content-Type, an HTTP status, an unusable body. */
const webPageKinds = new Set<string>([
  'transport-error',
  'http-error',
  'invalid-response',
  'legacy-server',
  'timeout',
]);

function webPageAdvice(error: LoupeErrorData, evidence: DoctorEvidence): Advice | undefined {
  const page = evidence.webPage;
  if (!page || !webPageKinds.has(error.kind)) return undefined;
  const type = page.contentType.split(';')[0]?.trim() || page.contentType;
  const titled = page.title !== undefined ? `, titled “${page.title}”` : ' (it has no title)';
  return {
    likelyCause: `This is a web page, not an MCP endpoint: ${page.method} ${page.url} was answered with HTTP ${page.status} ${type}${titled}. An MCP server answers a POST with JSON or an event stream.`,
    nextStep:
      'Use the server’s MCP endpoint rather than its website or dashboard (Streamable HTTP servers usually serve /mcp, legacy HTTP+SSE servers /sse); a proxy, gateway or sign-in portal in front of the server can also answer with a page: check what it expects.',
    evidence: [
      `web page: ${page.contentType}${page.title !== undefined ? `, title “${page.title}”` : ', no title'}`,
    ],
  };
}

function revisionAdvice(error: LoupeErrorData): Advice | undefined {
  const carried = field(error.data, 'rpcError');
  const carriedCode = isJsonObject(carried) ? carried.code : undefined;
  if (error.kind !== 'unsupported-protocol-version' && carriedCode !== -32022) return undefined;
  const supportedList = field(field(error.data, 'data') ?? field(carried, 'data'), 'supported');
  const supported = Array.isArray(supportedList)
    ? supportedList.filter((item) => typeof item === 'string')
    : [];
  return {
    likelyCause: `The server does not speak the protocol revision Loupe asked for${supported.length ? `; it supports ${supported.join(', ')}` : ''}.`,
    nextStep:
      'Connect with the protocol set to Auto (the CLI: --protocol auto), or pick the revision the server supports.',
  };
}

function stdioAdvice(error: LoupeErrorData, evidence: DoctorEvidence): Advice | undefined {
  if (
    evidence.nonJsonStdout.length > 0 &&
    (error.kind === 'timeout' || error.kind === 'server-exited' || error.kind === 'disconnected')
  ) {
    return {
      likelyCause: `The server printed text that is not JSON-RPC on stdout: ${quoted(evidence.nonJsonStdout)}. Over stdio, stdout carries only JSON-RPC messages, one a line; a banner or a log line there breaks the conversation.`,
      nextStep:
        'Make the server log to stderr instead (console.error, logging to sys.stderr) or turn its banner off (often a --quiet or --stdio flag); check that the command starts the MCP server and not something else.',
      evidence: evidence.nonJsonStdout.map((line) => `stdout: ${line}`),
    };
  }
  if (error.kind === 'server-exited') {
    const exitCode = exitCodeOf(error);
    const codeText = typeof exitCode === 'number' ? ` with exit code ${exitCode}` : '';
    // The line that says why leads ("Error: Cannot find module …"), not the last one (Node's version banner).
    const cause = evidence.stderrCause;
    const said =
      cause !== undefined
        ? `: ${quoted([cause])}.`
        : evidence.stderrTail.length > 0
          ? `. Its last stderr lines: ${quoted(evidence.stderrTail.slice(-3))}.`
          : '. It wrote nothing on stderr.';
    return {
      likelyCause: `The command exited${codeText} before it could serve MCP${said}`,
      nextStep:
        cause !== undefined && missingModule(cause)
          ? 'A script or module it needs is not where it looks: check the path in the command (a relative path is taken from the working directory, --cwd), and that the package is installed and built (npm install, npm run build; pip install for Python).'
          : 'Run the same command in a terminal to see it fail; check its arguments (many servers need a directory, a file or an API key), the working directory (--cwd) and the environment it needs (--env NAME=value: a stdio server gets only a safe environment).',
    };
  }
  if (error.kind === 'command-not-found') {
    return {
      likelyCause: 'The command does not exist on this PATH or is not executable.',
      nextStep: 'Install it, or give its full path; for npm packages use npx -y <package>.',
    };
  }
  if (error.kind === 'timeout') {
    const method = field(error.data, 'method');
    return {
      likelyCause: `The server did not answer${typeof method === 'string' ? ` ${method}` : ''} in time and printed nothing Loupe could read instead.`,
      nextStep:
        'Check that the command or URL is an MCP server and not waiting for input or a sign-in on its own; for a slow start raise the timeout: --timeout <ms> in the CLI, “Request timeout (ms)” in the app’s connection form.',
    };
  }
  return undefined;
}

function listAdvice(error: LoupeErrorData): Advice | undefined {
  switch (error.kind) {
    case 'method-not-found':
      return {
        likelyCause:
          'The request was sent before initialization, to the wrong endpoint, or to a server without that capability.',
        nextStep:
          'Check the transport and the URL path, the protocol version, and the capabilities the server declared (the handshake); a method of an undeclared capability is not an error of Loupe.',
      };
    case 'page-limit': {
      const pages = field(error.data, 'pages');
      return {
        likelyCause: `The server paginates, and still had more after ${typeof pages === 'number' ? pages : 'the allowed'} pages: only the first pages are shown.`,
        nextStep:
          'Fetch the next pages or all of them (the list header), or raise the limit (--page-limit <n>).',
      };
    }
    case 'cursor-loop':
      return {
        likelyCause:
          'The server sent back a cursor it had already sent: following it would list the same pages forever.',
        nextStep:
          'Report it to the server’s authors (its cursors must move forward); the items shown are the pages before the loop.',
      };
    case 'invalid-response':
      return {
        likelyCause:
          'The server answered with a shape the protocol does not allow (missing or unusable fields).',
        nextStep:
          'Open the frame in Traffic to see exactly what was sent, and report it to the server’s authors.',
      };
    default:
      return undefined;
  }
}

function sessionAdvice(error: LoupeErrorData, evidence: DoctorEvidence): Advice | undefined {
  const expired =
    (error.kind === 'disconnected' && error.code === 404) ||
    (httpStatusOf(error) === 404 && evidence.sessionId);
  if (expired) {
    return {
      likelyCause:
        'The server no longer knows this session (HTTP 404 to a request with its Mcp-Session-Id): it restarted, or ended the session after idling.',
      nextStep: 'Connect again: a new session starts with a new initialize.',
    };
  }
  if (error.kind === 'connection-refused') {
    return {
      likelyCause: 'Nothing listens at that host and port.',
      nextStep:
        'Start the server, then check the port it printed; a server may listen on ::1 or 0.0.0.0 only, so try localhost, 127.0.0.1 and [::1].',
    };
  }
  if (error.kind === 'legacy-server') {
    return {
      likelyCause: 'The modern revision was asked for, but the server speaks the 2025 era.',
      nextStep: 'Connect with the protocol set to Auto or “2025 and older” (--protocol auto or legacy).',
    };
  }
  return undefined;
}

/** A sign-in that failed without an HTTP status the other rules know. */
function authAdvice(error: LoupeErrorData): Advice | undefined {
  if (error.kind === 'auth-failed') {
    return {
      likelyCause:
        'The server is protected and signing in did not complete (the message names the step that failed).',
      nextStep:
        'Try the sign-in again; an authorization server that wants a registered client needs --client-id; or send a token yourself with --header "Authorization: Bearer <token>".',
    };
  }
  return undefined;
}

/** The doctor's diagnosis of a failure, or undefined when it has nothing better to say than the error itself. */
export function diagnose(
  error: LoupeErrorData,
  evidence: DoctorEvidence = noEvidence,
): Diagnosis | undefined {
  const status = httpStatusOf(error);
  const advice =
    traceContextAdvice(error) ??
    revisionAdvice(error) ??
    capabilityAdvice(error) ??
    sessionAdvice(error, evidence) ??
    (status !== undefined ? httpAdvice(status, error, evidence) : undefined) ??
    webPageAdvice(error, evidence) ??
    stdioAdvice(error, evidence) ??
    listAdvice(error) ??
    authAdvice(error);
  return advice ? withEvidence(advice, error, evidence) : undefined;
}

/** The advice as a diagnosis: its own evidence, then the exit code, the HTTP answers and stderr's tail. */
export function withEvidence(advice: Advice, error: LoupeErrorData, evidence: DoctorEvidence): Diagnosis {
  const evidenceLines = [...(advice.evidence ?? []), ...answerLines(evidence), ...stderrEvidence(evidence)];
  const exitCode = exitCodeOf(error);
  if (typeof exitCode === 'number') evidenceLines.unshift(`exit code: ${exitCode}`);
  return { likelyCause: advice.likelyCause, nextStep: advice.nextStep, evidence: evidenceLines };
}
