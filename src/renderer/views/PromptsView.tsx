import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { isJsonObject, type JsonObject } from '../../shared/json';
import { ErrorNotice } from '../components/ErrorNotice';
import { Field } from '../components/Field';
import { ItemListPane } from '../components/ItemListPane';
import { JsonView } from '../components/JsonView';
import { fetchKey, getPrompt } from '../store/appActions';
import { selectList, selectReadOnly } from '../store/selectors';
import { useLoupeStore } from '../store/store';
import { OfflineNote } from '../components/OfflineSnapshot';

const promptFields = ['name', 'title', 'description'];

function text(item: JsonObject, field: string): string {
  const value = item[field];
  return typeof value === 'string' ? value : '';
}

function secondary(item: JsonObject): string {
  return [text(item, 'title'), text(item, 'description').split('\n')[0]].filter(Boolean).join(' · ');
}

export function PromptsView() {
  const { list, selected, readOnly } = useLoupeStore(
    useShallow((state) => ({
      list: selectList('prompts')(state),
      selected: state.selected.prompts,
      readOnly: selectReadOnly(state),
    })),
  );
  const prompt = selected ? list.result?.items[selected.index] : undefined;
  return (
    <div className="split">
      <ItemListPane
        kind="prompts"
        noun="prompt"
        label="Prompts"
        fields={promptFields}
        secondary={secondary}
      />
      <section className="detail-pane" aria-label="Prompt detail">
        {prompt && selected ? (
          <article className="detail">
            <header className="detail-header">
              <h2 className="mono">{selected.key}</h2>
              {text(prompt, 'title') ? <div className="detail-subtitle">{text(prompt, 'title')}</div> : null}
            </header>
            {text(prompt, 'description') ? (
              <Field label="Description">
                <div className="prose-text">{text(prompt, 'description')}</div>
              </Field>
            ) : null}
            {/* What a person came for first: the form; the prompt as sent below it. */}
            {readOnly ? (
              <OfflineNote action="Getting a prompt" />
            ) : (
              <GetPromptForm key={selected.key} prompt={prompt} name={selected.key} />
            )}
            <Field label="Fields as sent">
              <JsonView value={prompt} />
            </Field>
          </article>
        ) : (
          <p className="empty">Select a prompt.</p>
        )}
      </section>
    </div>
  );
}

interface PromptArgument {
  name: string;
  description: string;
  required: boolean;
}

function argumentsOf(prompt: JsonObject): PromptArgument[] {
  if (!Array.isArray(prompt.arguments)) return [];
  return prompt.arguments.filter(isJsonObject).map((argument) => ({
    name: text(argument, 'name'),
    description: text(argument, 'description'),
    required: argument.required === true,
  }));
}

function GetPromptForm({ prompt, name }: { prompt: JsonObject; name: string }) {
  const parameters = argumentsOf(prompt);
  const [values, setValues] = useState<ReadonlyMap<string, string>>(new Map());
  const outcome = useLoupeStore((state) => state.fetches[fetchKey('prompts', name)]);
  return (
    <Field label="Get prompt">
      <form
        className="stack-form"
        onSubmit={(event) => {
          event.preventDefault();
          const args = Object.fromEntries([...values].filter(([, value]) => value !== ''));
          void getPrompt(name, args);
        }}
      >
        {parameters.map((parameter) => (
          <label key={parameter.name} className="form-row">
            <span>
              <span className="mono">{parameter.name}</span>
              {parameter.required ? <span className="required"> *</span> : null}
              {parameter.description ? <span className="muted small"> {parameter.description}</span> : null}
            </span>
            <input
              value={values.get(parameter.name) ?? ''}
              required={parameter.required}
              onChange={(event) => setValues(new Map(values).set(parameter.name, event.target.value))}
            />
          </label>
        ))}
        <div>
          <button type="submit" className="primary" disabled={outcome?.loading}>
            Get prompt
          </button>
        </div>
      </form>
      {outcome?.error ? <ErrorNotice error={outcome.error} context="prompts/get failed" /> : null}
      {outcome?.value ? <PromptMessages result={outcome.value} /> : null}
    </Field>
  );
}

function PromptMessages({ result }: { result: JsonObject }) {
  const messages = Array.isArray(result.messages) ? result.messages.filter(isJsonObject) : [];
  return (
    <div className="contents">
      {messages.map((message, position) => {
        const content = isJsonObject(message.content) ? message.content : null;
        return (
          <div key={position} className="content-block">
            <div className="muted small">{text(message, 'role') || 'message'}</div>
            {content && typeof content.text === 'string' ? (
              <pre className="text-block">{content.text}</pre>
            ) : (
              <JsonView value={message.content} />
            )}
          </div>
        );
      })}
      <details>
        <summary>Result as sent</summary>
        <JsonView value={result} />
      </details>
    </div>
  );
}
