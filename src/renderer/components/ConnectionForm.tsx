import { useState, type FormEvent } from 'react';
import type { ServerAuth } from '../../shared/auth';
import type { ProtocolChoice } from '../../shared/session';
import type { Target } from '../../shared/target';
import { AuthFields } from '../auth/AuthFields';
import type { ConnectChoice } from '../store/sessionActions';
import { FormRow } from './FormRow';
import {
  emptyForm,
  formToTarget,
  parseTimeout,
  targetToForm,
  type FormTransport,
  type TargetForm,
} from '../lib/targetForm';

const transportLabels: Record<FormTransport, string> = {
  stdio: 'stdio (command)',
  http: 'Streamable HTTP',
  sse: 'SSE (legacy)',
  auto: 'HTTP, fall back to SSE',
  demo: 'Embedded demo server',
};

/** Which MCP era to speak; auto probes with server/discover and falls back to initialize. */
export const protocolLabels: Record<ProtocolChoice, string> = {
  auto: 'Auto (2026-07-28, else 2025)',
  modern: '2026-07-28',
  legacy: '2025 and older',
};

interface ConnectionFormProps {
  initial: Target | null;
  initialProtocol?: ProtocolChoice;
  busy: boolean;
  /** Sign-in settings of an HTTP server (pre-registered client, extra scopes). */
  initialAuth?: ServerAuth;
  /** The request timeout to start with, ms (absent: the field is empty, meaning the default). */
  initialTimeoutMs?: number;
  /** The settings' request timeout, ms: what an empty field means (shown as its placeholder). */
  defaultTimeoutMs: number;
  onConnect: (target: Target, choice: ConnectChoice) => void;
  onSave: (name: string, target: Target, choice: ConnectChoice) => void;
  /** The person changed a field. */
  onEdit?: () => void;
}

export function ConnectionForm({
  initial,
  initialProtocol,
  initialAuth,
  initialTimeoutMs,
  defaultTimeoutMs,
  busy,
  onConnect,
  onSave,
  onEdit,
}: ConnectionFormProps) {
  const [form, setForm] = useState<TargetForm>(initial ? targetToForm(initial) : emptyForm);
  const [protocol, setProtocol] = useState<ProtocolChoice>(initialProtocol ?? 'auto');
  const [timeout, setTimeoutText] = useState(initialTimeoutMs === undefined ? '' : String(initialTimeoutMs));
  const [name, setName] = useState('');
  const [auth, setAuth] = useState<ServerAuth>(initialAuth ?? {});
  const urlTransport = form.transport === 'http' || form.transport === 'sse' || form.transport === 'auto';
  const authGiven = urlTransport && Object.keys(auth).length > 0 ? auth : undefined;
  const [problem, setProblem] = useState<string | null>(null);
  const update = (patch: Partial<TargetForm>) => setForm({ ...form, ...patch });

  const withTarget = (then: (target: Target, choice: ConnectChoice) => void) => {
    const result = formToTarget(form);
    const waiting = parseTimeout(timeout, defaultTimeoutMs);
    if ('error' in result) setProblem(result.error);
    else if ('error' in waiting) setProblem(waiting.error);
    else {
      setProblem(null);
      then(result.target, { protocol, ...(authGiven ? { auth: authGiven } : {}), ...waiting });
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    withTarget(onConnect);
  };

  return (
    <form className="connection-form" onSubmit={submit} onChange={onEdit} aria-label="Connection">
      <FormRow label="Transport">
        {(id) => (
          <select
            id={id}
            value={form.transport}
            onChange={(event) => update({ transport: event.target.value as FormTransport })}
          >
            {(Object.keys(transportLabels) as FormTransport[]).map((transport) => (
              <option key={transport} value={transport}>
                {transportLabels[transport]}
              </option>
            ))}
          </select>
        )}
      </FormRow>
      {form.transport === 'stdio' ? (
        <>
          <FormRow label="Command">
            {(id) => (
              <input
                id={id}
                className="mono"
                value={form.command}
                placeholder="node"
                onChange={(event) => update({ command: event.target.value })}
              />
            )}
          </FormRow>
          <FormRow label="Arguments">
            {(id) => (
              <input
                id={id}
                className="mono"
                value={form.args}
                placeholder="server.js --flag"
                onChange={(event) => update({ args: event.target.value })}
              />
            )}
          </FormRow>
          <FormRow label="Environment">
            {(id) => (
              <textarea
                id={id}
                className="mono"
                rows={2}
                value={form.env}
                placeholder="NAME=value, one a line"
                onChange={(event) => update({ env: event.target.value })}
              />
            )}
          </FormRow>
          <FormRow label="Working directory">
            {(id) => (
              <input
                id={id}
                className="mono"
                value={form.cwd}
                placeholder="(Loupe’s own)"
                onChange={(event) => update({ cwd: event.target.value })}
              />
            )}
          </FormRow>
        </>
      ) : null}
      {form.transport === 'http' || form.transport === 'sse' || form.transport === 'auto' ? (
        <>
          <FormRow label="URL">
            {(id) => (
              <input
                id={id}
                className="mono"
                value={form.url}
                placeholder="http://127.0.0.1:3001/mcp"
                onChange={(event) => update({ url: event.target.value })}
              />
            )}
          </FormRow>
          <FormRow label="Headers">
            {(id) => (
              <textarea
                id={id}
                className="mono"
                rows={2}
                value={form.headers}
                placeholder="Authorization: Bearer …"
                onChange={(event) => update({ headers: event.target.value })}
              />
            )}
          </FormRow>
          <AuthFields value={auth} onChange={setAuth} />
        </>
      ) : null}
      <FormRow label="Protocol">
        {(id) => (
          <select
            id={id}
            value={protocol}
            title="Auto asks server/discover first and falls back to the 2025 initialize handshake"
            onChange={(event) => setProtocol(event.target.value as ProtocolChoice)}
          >
            {(Object.keys(protocolLabels) as ProtocolChoice[]).map((choice) => (
              <option key={choice} value={choice}>
                {protocolLabels[choice]}
              </option>
            ))}
          </select>
        )}
      </FormRow>
      <FormRow label="Request timeout (ms)">
        {(id) => (
          <input
            id={id}
            className="mono"
            inputMode="numeric"
            value={timeout}
            placeholder={`${defaultTimeoutMs} (default)`}
            title="How long to wait for each answer of the server (progress restarts the wait); empty: the default"
            onChange={(event) => setTimeoutText(event.target.value)}
          />
        )}
      </FormRow>
      {problem ? (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="button-row connect-row">
        <button type="submit" className="primary" disabled={busy}>
          Connect
        </button>
      </div>
      <div className="save-row">
        <input
          aria-label="Name to save as"
          placeholder="Name to save as"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <button
          type="button"
          disabled={name.trim() === ''}
          onClick={() => withTarget((target, choice) => onSave(name.trim(), target, choice))}
        >
          Save server
        </button>
      </div>
    </form>
  );
}
