import { lazy, Suspense } from 'react';
import { hostsInWords, ToolHosts, useToolPortability } from '../portability/ToolHosts';
import type { JsonObject, JsonValue } from '../../shared/json';
import type { Finding } from '../../shared/lint';
import { Evidence } from '../security/Evidence';
import { JsonView } from '../components/JsonView';
import { Field } from '../components/Field';
import { IconList } from '../components/IconList';
import { selectReadOnly } from '../store/selectors';
import { useLoupeStore } from '../store/store';
import { OfflineNote } from '../components/OfflineSnapshot';

/** The call panel brings the form engine (rjsf, ajv): loaded when a tool is first opened, not at start. */
const ToolCallPanel = lazy(() =>
  import('../calls/ToolCallPanel').then((module) => ({ default: module.ToolCallPanel })),
);

/** Fields shown in their own section; everything else lands in "Other fields", as sent. */
const knownFields = new Set([
  'name',
  'title',
  'description',
  'annotations',
  'inputSchema',
  'outputSchema',
  'icons',
  'execution',
  '_meta',
]);

interface ToolDetailProps {
  tool: JsonObject;
  index: number;
  findings: readonly Finding[];
}

function asText(value: JsonValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function focusField(id: string): void {
  const field = document.getElementById(id);
  // jsdom has no scrollIntoView; focusing scrolls the field into view in a browser.
  field?.focus();
}

/** "1 error, 2 warnings" (notes counted last). */
function findingsInWords(findings: readonly Finding[]): string {
  const counts = (['error', 'warning', 'info'] as const)
    .map(
      (severity) => [severity, findings.filter((finding) => finding.severity === severity).length] as const,
    )
    .filter(([, count]) => count > 0)
    .map(
      ([severity, count]) => `${count} ${severity === 'info' ? 'note' : severity}${count === 1 ? '' : 's'}`,
    );
  return counts.join(', ');
}

/**
 * Under the name, one line of what the checks say, each part leading to its field further down: the findings
 * (lint and security) and the hosts' verdicts. What a person came for (description, form, Call) comes first.
 */
function Glance({
  findings,
  index,
  name,
}: {
  findings: readonly Finding[];
  index: number;
  name: string | undefined;
}) {
  const hosts = useToolPortability(index, name);
  const worst = findings.some((finding) => finding.severity === 'error')
    ? 'error'
    : findings.some((finding) => finding.severity === 'warning')
      ? 'warning'
      : 'info';
  if (findings.length === 0 && !hosts) return null;
  return (
    <div className="tool-glance" role="group" aria-label="Checks of this tool">
      {findings.length > 0 ? (
        <button
          type="button"
          className={`glance-chip glance-${worst}`}
          onClick={() => focusField('tool-findings')}
        >
          Findings: {findingsInWords(findings)}
        </button>
      ) : (
        <span className="glance-chip glance-ok">No findings</span>
      )}
      {hosts ? (
        <button type="button" className="glance-chip" onClick={() => focusField('tool-hosts')}>
          Hosts: {hostsInWords(hosts.tool)}
        </button>
      ) : null}
    </div>
  );
}

export function ToolDetail({ tool, index, findings }: ToolDetailProps) {
  const readOnly = useLoupeStore(selectReadOnly);
  const name = asText(tool.name);
  const title = asText(tool.title);
  const other = Object.keys(tool).filter((key) => !knownFields.has(key));
  return (
    <article className="detail" tabIndex={-1}>
      <header className="detail-header">
        <h2 className="mono">{name ?? <span className="muted">(name is not a string)</span>}</h2>
        {title ? <div className="detail-subtitle">{title}</div> : null}
        <div className="muted small">Position {index + 1} in the list as sent</div>
        <Glance findings={findings} index={index} name={name} />
      </header>
      <Field label="Description">
        {'description' in tool ? (
          typeof tool.description === 'string' ? (
            <div className="prose-text">
              {tool.description === '' ? <span className="muted">(empty string)</span> : tool.description}
            </div>
          ) : (
            <JsonView value={tool.description} />
          )
        ) : (
          <span className="muted">not sent</span>
        )}
      </Field>
      {/* The call panel sits right under the description: calling is what people open a tool for. */}
      {readOnly ? (
        <OfflineNote action="Calling a tool" />
      ) : (
        <Suspense fallback={<p className="muted small">Loading the call panel…</p>}>
          <ToolCallPanel tool={tool} />
        </Suspense>
      )}
      {findings.length > 0 ? (
        <Field label="Findings" id="tool-findings">
          <ul className="findings">
            {findings.map((finding, position) => (
              <li key={position} className={`finding finding-${finding.severity}`}>
                <span className={`badge badge-${finding.severity}`}>{finding.severity}</span>
                <span className="mono small">{finding.code}</span> {finding.message}
                <Evidence finding={finding} />
              </li>
            ))}
          </ul>
        </Field>
      ) : null}
      <ToolHosts index={index} name={name} />
      {'annotations' in tool ? (
        <Field label="Annotations" note="claims by the server — untrusted">
          <JsonView value={tool.annotations} label="Annotations" />
        </Field>
      ) : null}
      <Field label="Input schema">
        {'inputSchema' in tool ? (
          <JsonView value={tool.inputSchema} label="Input schema" />
        ) : (
          <span className="muted">not sent (required by the spec)</span>
        )}
      </Field>
      {'outputSchema' in tool ? (
        <Field label="Output schema">
          <JsonView value={tool.outputSchema} label="Output schema" />
        </Field>
      ) : null}
      {'icons' in tool ? (
        <Field label="Icons">
          <IconList icons={tool.icons} />
        </Field>
      ) : null}
      {'execution' in tool ? (
        <Field label="Execution">
          <JsonView value={tool.execution} />
        </Field>
      ) : null}
      {'_meta' in tool ? (
        <Field label="_meta">
          <JsonView value={tool._meta} />
        </Field>
      ) : null}
      {other.length > 0 ? (
        <Field label="Other fields" note="not in the spec's tool shape, shown as sent">
          <JsonView value={Object.fromEntries(other.map((key) => [key, tool[key]]))} label="Other fields" />
        </Field>
      ) : null}
      <details className="raw-details">
        <summary>Whole tool as sent</summary>
        <JsonView value={tool} />
      </details>
    </article>
  );
}
