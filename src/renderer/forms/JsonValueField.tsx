/** A field whose schema says nothing usable (free JSON): edited as JSON text, never reformatted while typing. */
import { useState } from 'react';
import type { FieldProps } from '@rjsf/utils';
import type { JsonValue } from '../../shared/json';
import { toJson } from '../../shared/schema/buildArguments';

function show(value: unknown): string {
  const json = toJson(value);
  return json === undefined ? '' : JSON.stringify(json, null, 2);
}

export function JsonValueField(props: FieldProps) {
  const { fieldPathId, onChange, name, schema, required, disabled, readonly, rawErrors } = props;
  const formData = props.formData as unknown;
  const [text, setText] = useState(() => show(formData));
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [shown, setShown] = useState<JsonValue | undefined>(() => toJson(formData));
  // Data replaced from outside (the JSON editor, a re-run): show it, unless it is what the text already says.
  const incoming = toJson(formData);
  if (JSON.stringify(incoming) !== JSON.stringify(shown)) {
    setShown(incoming);
    setText(show(formData));
    setProblem(undefined);
  }
  const label = typeof schema.title === 'string' ? schema.title : name;
  const id = fieldPathId.$id;
  return (
    <div className="loupe-json-field">
      <label htmlFor={id}>
        {label}
        {required ? ' *' : ''} <small>(JSON)</small>
      </label>
      {typeof schema.description === 'string' && <p className="field-description">{schema.description}</p>}
      <textarea
        id={id}
        value={text}
        disabled={disabled || readonly}
        spellCheck={false}
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (next.trim() === '') {
            setProblem(undefined);
            setShown(undefined);
            onChange(undefined, fieldPathId.path);
            return;
          }
          try {
            const parsed = JSON.parse(next) as JsonValue;
            setProblem(undefined);
            setShown(parsed);
            onChange(parsed, fieldPathId.path);
          } catch (error) {
            setProblem(error instanceof Error ? error.message : String(error));
          }
        }}
      />
      {problem !== undefined && <p className="field-error" role="alert">Not JSON yet: {problem}</p>}
      {rawErrors?.map((error) => (
        <p key={error} className="field-error">
          {error}
        </p>
      ))}
    </div>
  );
}
