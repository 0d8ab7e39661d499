import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AuthAnswer, AuthExchange } from '../../shared/auth';
import { plural } from '../lib/format';
import { selectFrameLog, selectReadOnly } from '../store/selectors';
import { useLoupeStore } from '../store/store';
import { currentServerUrl, signOut } from './authActions';
import { stepsFromFrames, type ShownStep } from './authSteps';
import './auth.css';

const stepTitles: Record<ShownStep['step'], string> = {
  challenge: 'Challenge (401/403 and WWW-Authenticate)',
  prm: 'Protected Resource Metadata (RFC 9728)',
  'as-metadata': 'Authorization Server Metadata (RFC 8414 / OpenID)',
  registration: 'Client identity',
  authorize: 'Authorization request and redirect',
  token: 'Code exchanged for tokens',
  refresh: 'Tokens refreshed',
  assertion: 'JWT assertion (client assertion or workload token)',
  'token-exchange': 'Token exchange at the identity provider (ID-JAG, RFC 8693)',
  grant: 'Token request without a person (client credentials / JWT bearer)',
  dpop: 'DPoP proof key and nonce (RFC 9449)',
};

function Headers({ headers }: { headers: Record<string, string> }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return null;
  return (
    <dl className="auth-headers mono small">
      {entries.map(([name, value]) => (
        <div key={name}>
          <dt>{name}:</dt> <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Exchange({ request, response }: { request?: AuthExchange; response?: AuthAnswer }) {
  if (!request && !response) return null;
  return (
    <details className="auth-exchange">
      <summary>HTTP exchange (secrets masked)</summary>
      {request ? (
        <section>
          <h4>Request</h4>
          <div className="mono small">
            {request.method} {request.url}
          </div>
          <Headers headers={request.headers} />
          {request.body ? <pre className="auth-body">{request.body}</pre> : null}
        </section>
      ) : null}
      {response ? (
        <section>
          <h4>Response {response.status}</h4>
          <Headers headers={response.headers} />
          {response.body ? <pre className="auth-body">{response.body}</pre> : null}
        </section>
      ) : null}
    </details>
  );
}

/**
 * How long a step took, as the flow timed it (whole milliseconds), or nothing where it timed nothing: the
 * challenge is the 401 that answered an MCP request (its round trip is that request's, in Traffic), and a step
 * without an exchange (a client id from the settings) took no time worth a number.
 */
export function stepTime(step: ShownStep): string | undefined {
  if (step.step === 'challenge' || !step.request) return undefined;
  return step.ms < 1 ? '<1 ms' : `${Math.round(step.ms)} ms`;
}

function Step({ step, index }: { step: ShownStep; index: number }) {
  const failed = step.checks.filter((check) => !check.ok).length;
  const learned = Object.entries(step.learned);
  return (
    <li className={`auth-step${failed > 0 ? ' auth-step-failed' : ''}`} data-step={step.step}>
      <div className="auth-step-head">
        <strong>
          {index + 1}. {stepTitles[step.step]}
        </strong>
        {step.request ? (
          <span className="mono small ellipsis">
            {step.request.method} {step.request.url}
          </span>
        ) : null}
        {step.response ? <span className="mono">{step.response.status}</span> : null}
        {stepTime(step) ? <span className="muted small auth-step-time">{stepTime(step)}</span> : null}
        <span className="muted small">frame #{step.seq}</span>
      </div>
      {step.checks.length > 0 ? (
        <ul className="auth-checks" aria-label="Checks">
          {step.checks.map((check, at) => (
            <li key={at} className={check.ok ? 'check-pass' : 'check-fail'}>
              <span aria-label={check.ok ? 'pass' : 'fail'}>{check.ok ? '✓' : '✗'}</span> {check.requirement}
              {check.detail ? <span className="muted small"> ({check.detail})</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {learned.length > 0 ? (
        <dl className="auth-learned small">
          {learned.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>{' '}
              <dd className="mono">{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <Exchange
        {...(step.request ? { request: step.request } : {})}
        {...(step.response ? { response: step.response } : {})}
      />
    </li>
  );
}

/** The sign-in flow as ordered steps, each exchange with its checks; the same steps Traffic lists as auth frames. */
export function AuthView() {
  const { log, version, readOnly, signedOut, status } = useLoupeStore(
    useShallow((state) => ({
      log: selectFrameLog(state),
      version: state.frameVersion,
      readOnly: selectReadOnly(state),
      signedOut: state.authSignedOut,
      status: state.status.state,
    })),
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const steps = useMemo(() => stepsFromFrames(log.frames), [log, version]);
  const failed = steps.reduce((sum, step) => sum + step.checks.filter((check) => !check.ok).length, 0);
  const passed = steps.reduce((sum, step) => sum + step.checks.filter((check) => check.ok).length, 0);
  const serverUrl = readOnly ? undefined : currentServerUrl();
  return (
    <div className="auth-view">
      <div className="auth-toolbar">
        <span>
          {steps.length === 0
            ? 'No sign-in in this session.'
            : `${plural(steps.length, 'step')} · ${plural(passed, 'check')} passed · ${failed} failed`}
        </span>
        {serverUrl ? (
          <button type="button" onClick={() => void signOut()} disabled={status === 'connecting'}>
            Sign out
          </button>
        ) : null}
      </div>
      {signedOut ? (
        <p className="notice" role="status">
          {signedOut}
        </p>
      ) : null}
      {steps.length === 0 ? (
        <p className="empty">
          An HTTP server that answers 401 starts a sign-in (OAuth 2.1 as MCP specifies it); its steps appear
          here.
        </p>
      ) : (
        <ol className="auth-steps" aria-label="Sign-in steps">
          {steps.map((step, index) => (
            <Step key={step.seq} step={step} index={index} />
          ))}
        </ol>
      )}
    </div>
  );
}
