/**
 * The outcome of one call: a protocol error (the request was rejected) is shown apart from a tool error
 * (a result with isError: true); then the content blocks, structuredContent with the outcome of validating
 * it against the tool's outputSchema, the raw JSON as sent, and the round-trip time. A failed call, or a tool error
 * saying the tool is unknown, shows the doctor's likely cause and next step (evidence folded), as connecting does.
 */
import { isDiagnosis } from '../../shared/doctor';
import { rpcErrorName } from '../../shared/errors';
import { isJsonObject } from '../../shared/json';
import { DoctorAdvice } from '../components/ErrorNotice';
import { JsonView } from '../components/JsonView';
import { formatMs } from '../lib/format';
import type { CallRecord } from '../store/callsSlice';
import { ContentBlock } from './ContentBlock';

function StructuredValidation({ record }: { record: CallRecord }) {
  const validation = record.outcome?.structuredValidation;
  if (!validation) return null;
  if (validation.valid) return <p className="validation ok">structuredContent matches the outputSchema.</p>;
  if ('missing' in validation) {
    return <p className="validation bad">The tool declares an outputSchema but the result has no structuredContent.</p>;
  }
  return (
    <div className="validation bad" role="alert">
      structuredContent does not match the outputSchema:
      <ul>
        {validation.errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}

function errorTitle(record: CallRecord): string {
  if (record.state === 'cancelled') return 'Cancelled';
  // The user's cancel of a task that the server refused: not a protocol error of the call, and not a cancel.
  return record.error?.kind === 'cancel-failed' ? 'Not cancelled' : 'Protocol error';
}

export function ResultView({ record }: { record: CallRecord }) {
  if (record.state === 'running') return null;
  if (record.error) {
    return (
      <section className="call-result protocol-error" aria-label="Call result">
        <p role="alert">
          <strong>{errorTitle(record)}</strong> ({record.error.kind}
          {record.error.code !== undefined ? ` ${record.error.code}` : ''}
          {rpcErrorName(record.error.code) ? ` ${rpcErrorName(record.error.code)}` : ''}): {record.error.message}
        </p>
        {isDiagnosis(record.error.doctor) && <DoctorAdvice doctor={record.error.doctor} />}
        {record.error.data !== undefined && <JsonView value={record.error.data} label="Error data" />}
        <p className="muted small">The server did not return a result for this call.</p>
      </section>
    );
  }
  const outcome = record.outcome;
  if (!outcome) return null;
  const result = outcome.result;
  const content = Array.isArray(result.content) ? result.content : [];
  return (
    <section className={`call-result${outcome.isError ? ' tool-error' : ''}`} aria-label="Call result">
      <p className="result-head">
        {outcome.isError ? (
          <strong role="alert">Tool error: the tool ran and reported a failure (isError: true)</strong>
        ) : (
          <strong>Result</strong>
        )}{' '}
        <span className="muted small">round trip {formatMs(outcome.rttMs)}</span>
      </p>
      {outcome.isError && isDiagnosis(outcome.doctor) && <DoctorAdvice doctor={outcome.doctor} />}
      {content.map((block, position) => (
        <ContentBlock key={position} block={block} position={position} />
      ))}
      {content.length === 0 && <p className="muted">No content blocks.</p>}
      {'structuredContent' in result && (
        <div className="structured">
          <h4>structuredContent</h4>
          <JsonView value={result.structuredContent} label="structuredContent" />
        </div>
      )}
      <StructuredValidation record={record} />
      <details>
        <summary>Result as sent</summary>
        <JsonView value={isJsonObject(result) ? result : {}} label="Raw result" />
      </details>
    </section>
  );
}
