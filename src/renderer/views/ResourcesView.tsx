import { useState } from 'react';
import { expandTemplate, templateVariables } from '../../shared/uriTemplate';
import { useShallow } from 'zustand/react/shallow';
import type { JsonObject } from '../../shared/json';
import { AppsList } from '../apps/AppsList';
import { ErrorNotice } from '../components/ErrorNotice';
import { Field } from '../components/Field';
import { ItemListPane } from '../components/ItemListPane';
import { JsonView } from '../components/JsonView';
import { ResourceContents } from '../components/ResourceContents';
import { fetchKey, readResource } from '../store/appActions';
import { selectList, selectReadOnly } from '../store/selectors';
import { useLoupeStore } from '../store/store';
import { OfflineNote } from '../components/OfflineSnapshot';

const resourceFields = ['uri', 'name', 'title', 'description', 'mimeType'];
const templateFields = ['uriTemplate', 'name', 'title', 'description', 'mimeType'];

function text(item: JsonObject, field: string): string {
  const value = item[field];
  return typeof value === 'string' ? value : '';
}

function secondary(item: JsonObject): string {
  return [
    text(item, 'title') || text(item, 'name'),
    text(item, 'mimeType'),
    text(item, 'description').split('\n')[0],
  ]
    .filter(Boolean)
    .join(' · ');
}

export function ResourcesView() {
  const [which, setWhich] = useState<'resources' | 'templates' | 'apps'>('resources');
  const segments = (
    <div className="segmented" role="radiogroup" aria-label="Resources, templates or apps">
      {(['resources', 'templates', 'apps'] as const).map((kind) => (
        <button
          key={kind}
          type="button"
          role="radio"
          aria-checked={which === kind}
          onClick={() => setWhich(kind)}
        >
          {kind === 'resources' ? 'Resources' : kind === 'templates' ? 'Templates' : 'Apps'}
        </button>
      ))}
    </div>
  );
  if (which === 'apps') {
    return (
      <div className="split">
        <div className="list-column">{segments}</div>
        <section className="detail-pane" aria-label="Resource detail">
          <AppsList />
        </section>
      </div>
    );
  }
  return (
    <div className="split">
      <div className="list-column">
        {segments}
        {which === 'resources' ? (
          <ItemListPane
            kind="resources"
            noun="resource"
            label="Resources"
            fields={resourceFields}
            secondary={secondary}
          />
        ) : (
          <ItemListPane
            kind="templates"
            noun="template"
            label="Resource templates"
            fields={templateFields}
            secondary={secondary}
          />
        )}
      </div>
      <section className="detail-pane" aria-label="Resource detail">
        <ResourceDetail kind={which} />
      </section>
    </div>
  );
}

function ResourceDetail({ kind }: { kind: 'resources' | 'templates' }) {
  const { list, selected, readOnly } = useLoupeStore(
    useShallow((state) => ({
      list: selectList(kind)(state),
      selected: state.selected[kind],
      readOnly: selectReadOnly(state),
    })),
  );
  const item = selected ? list.result?.items[selected.index] : undefined;
  if (!item || !selected)
    return <p className="empty">Select a {kind === 'resources' ? 'resource' : 'template'}.</p>;
  return (
    <article className="detail">
      <header className="detail-header">
        <h2 className="mono">{selected.key}</h2>
        {text(item, 'title') || text(item, 'name') ? (
          <div className="detail-subtitle">{text(item, 'title') || text(item, 'name')}</div>
        ) : null}
      </header>
      {text(item, 'description') ? (
        <Field label="Description">
          <div className="prose-text">{text(item, 'description')}</div>
        </Field>
      ) : null}
      <Field label="Fields as sent">
        <JsonView value={item} />
      </Field>
      {readOnly ? (
        <OfflineNote action="Reading a resource" />
      ) : (
        <ReadPanel
          key={selected.key}
          initialUri={kind === 'resources' ? selected.key : ''}
          template={kind === 'templates' ? selected.key : undefined}
        />
      )}
    </article>
  );
}

function ReadPanel({ initialUri, template }: { initialUri: string; template?: string }) {
  const variables = template ? templateVariables(template) : [];
  const [values, setValues] = useState<ReadonlyMap<string, string>>(new Map());
  const [uri, setUri] = useState(initialUri || (template ? expandTemplate(template, {}) : ''));
  const outcome = useLoupeStore((state) => state.fetches[fetchKey('resources', uri)]);
  const setVariable = (name: string, value: string) => {
    const next = new Map(values).set(name, value);
    setValues(next);
    if (template) setUri(expandTemplate(template, Object.fromEntries(next)));
  };
  return (
    <Field label="Read">
      <form
        className="stack-form"
        onSubmit={(event) => {
          event.preventDefault();
          void readResource(uri);
        }}
      >
        {variables.map((name) => (
          <label key={name} className="form-row">
            <span className="mono small">{name}</span>
            <input
              className="mono"
              aria-label={`Template variable ${name}`}
              value={values.get(name) ?? ''}
              onChange={(event) => setVariable(name, event.target.value)}
            />
          </label>
        ))}
        <div className="inline-form">
          <input
            className="grow mono"
            aria-label="Resource URI"
            value={uri}
            onChange={(event) => setUri(event.target.value)}
          />
          <button type="submit" className="primary" disabled={uri === '' || outcome?.loading}>
            Read resource
          </button>
        </div>
      </form>
      {template ? (
        <p className="muted small">
          The URI is expanded from the template as you fill its variables (RFC 6570); you can still edit it.
        </p>
      ) : null}
      {outcome?.error ? <ErrorNotice error={outcome.error} context="Read failed" /> : null}
      {outcome?.value ? <ResourceContents result={outcome.value} /> : null}
    </Field>
  );
}
