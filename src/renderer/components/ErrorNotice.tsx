import { isDiagnosis, type Diagnosis } from '../../shared/doctor';
import { rpcErrorName, type LoupeErrorData } from '../../shared/errors';
import { isJsonObject } from '../../shared/json';
import { JsonView } from './JsonView';

const titles: Partial<Record<LoupeErrorData['kind'], string>> = {
  'command-not-found': 'Command not found',
  'connection-refused': 'Connection refused',
  'server-exited': 'Server exited',
  'method-not-found': 'Method not found',
  'page-limit': 'Stopped at the page limit',
  'cursor-loop': 'Cursor loop',
  timeout: 'Timed out',
  disconnected: 'Disconnected',
  'http-error': 'HTTP error',
  'transport-error': 'Transport error',
  'invalid-response': 'Invalid response',
  'invalid-target': 'Invalid target',
  'rpc-error': 'JSON-RPC error',
  'not-connected': 'Not connected',
  'snapshot-invalid': 'Invalid snapshot',
  'header-mismatch': 'Header mismatch',
  'missing-client-capability': 'Missing client capability',
  'unsupported-protocol-version': 'Unsupported protocol version',
  'legacy-server': 'The server speaks the 2025 era',
  'input-rounds-exceeded': 'Too many input rounds',
  'task-not-supported': 'Task results not supported',
  'task-failed': 'Task failed',
  'task-expired': 'Task expired',
  'invalid-tool-header': 'Invalid x-mcp-header',
};

const hints: Partial<Record<LoupeErrorData['kind'], string[]>> = {
  'command-not-found': ['Check that the command is installed and on PATH, or give its full path.'],
  'connection-refused': ['Nothing listens at that address: is the server running, and on this port?'],
  'server-exited': ['The server process ended. What it wrote on stderr usually says why.'],
  'method-not-found': [
    'The server does not implement this method, or did not declare the capability it belongs to.',
    'The URL may point at the wrong endpoint (for example /sse instead of /mcp), or at something that is not an MCP server.',
    'The server may speak an older protocol version.',
  ],
  'unsupported-protocol-version': [
    'The server does not speak the revision Loupe asked for: pick another protocol in the connection form (Auto tries both).',
  ],
  'legacy-server': ['The server answered like a 2025-era server: connect with Auto or “2025 and older”.'],
  'header-mismatch': ['The server says the Mcp-* HTTP headers do not match the request body.'],
  timeout: ['The server did not answer in time. Raise the timeout, or check the server is not blocked.'],
  'http-error': [
    'The endpoint answered with an HTTP status Loupe could not use: check the URL, path and headers (auth?).',
  ],
};

/** Stderr lines carried in error data, whatever shape the backend used. */
function stderrOf(data: unknown): string | undefined {
  if (!isJsonObject(data)) return undefined;
  const value = data.stderr ?? data.stderrTail ?? data.lastStderr;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((line) => typeof line === 'string').join('\n');
  return undefined;
}

/** The JSON-RPC error a refused HTTP POST carried (data.rpcError), in words: "-32022 UnsupportedProtocolVersion: …". */
function carriedRpcError(data: unknown): string | undefined {
  if (!isJsonObject(data) || !isJsonObject(data.rpcError)) return undefined;
  const { code, message } = data.rpcError;
  if (typeof code !== 'number') return undefined;
  const name = rpcErrorName(code);
  return `${code}${name ? ` ${name}` : ''}${typeof message === 'string' ? `: ${message}` : ''}`;
}

/** The kind whose hints fit: a refused POST carrying -32020/-32021/-32022 gets those codes' hints, not HTTP's. */
const kindsOfCarriedCodes: Record<number, LoupeErrorData['kind']> = {
  [-32020]: 'header-mismatch',
  [-32021]: 'missing-client-capability',
  [-32022]: 'unsupported-protocol-version',
};

function hintsFor(error: LoupeErrorData): string[] {
  const carried =
    isJsonObject(error.data) && isJsonObject(error.data.rpcError) ? error.data.rpcError.code : undefined;
  const kind = typeof carried === 'number' ? (kindsOfCarriedCodes[carried] ?? error.kind) : error.kind;
  return hints[kind] ?? [];
}

/** The connection doctor's diagnosis, when the error carries a well-formed one (it crossed a process boundary). */
function diagnosisOf(error: LoupeErrorData): Diagnosis | undefined {
  return isDiagnosis(error.doctor) ? error.doctor : undefined;
}

/** Likely cause, next step, and the evidence folded: what the doctor says about this failure (also under a failed call). */
export function DoctorAdvice({ doctor }: { doctor: Diagnosis }) {
  return (
    <section className="doctor" aria-label="Connection doctor">
      <dl className="doctor-advice">
        <dt>Likely cause</dt>
        <dd>{doctor.likelyCause}</dd>
        <dt>Next step</dt>
        <dd>{doctor.nextStep}</dd>
      </dl>
      {doctor.evidence.length > 0 ? (
        <details className="doctor-evidence">
          <summary>Evidence ({doctor.evidence.length})</summary>
          <pre aria-label="Evidence">{doctor.evidence.join('\n')}</pre>
        </details>
      ) : null}
    </section>
  );
}

export function errorTitle(error: LoupeErrorData): string {
  return titles[error.kind] ?? error.kind;
}

export function ErrorNotice({
  error,
  context,
  children,
}: {
  error: LoupeErrorData;
  context?: string;
  children?: React.ReactNode;
}) {
  const stderr = stderrOf(error.data);
  const doctor = diagnosisOf(error);
  return (
    <div className="notice notice-error" role="alert">
      <div className="notice-title">
        {context ? `${context}: ` : ''}
        {errorTitle(error)}
        {error.code !== undefined ? (
          <span className="muted">
            {' '}
            (code {error.code}
            {rpcErrorName(error.code) ? ` ${rpcErrorName(error.code)}` : ''})
          </span>
        ) : null}
        <span className="kind-tag">{error.kind}</span>
      </div>
      {carriedRpcError(error.data) ? (
        <p className="notice-message">JSON-RPC error {carriedRpcError(error.data)}</p>
      ) : null}
      <p className="notice-message">{error.message}</p>
      {doctor ? <DoctorAdvice doctor={doctor} /> : null}
      {!doctor && hintsFor(error).length > 0 ? (
        <ul className="notice-hints">
          {hintsFor(error).map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
      ) : null}
      {stderr ? (
        <pre className="stderr-block" aria-label="Server stderr">
          {stderr}
        </pre>
      ) : null}
      {children}
      {error.data !== undefined && !stderr ? (
        <details>
          <summary>Details</summary>
          <JsonView value={error.data} />
        </details>
      ) : null}
    </div>
  );
}
