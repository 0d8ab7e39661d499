/**
 * The arguments of a call (or an elicitation answer): the generated form and a raw JSON editor side by side,
 * kept in sync both ways. The JSON text is never rewritten while the user types in it: it is parsed on each
 * change and applied to the form only when it parses to an object. What the user typed as JSON is sent as
 * typed; what the form produced goes through buildArguments (empty optional fields omitted).
 * When the schema cannot be a form, the JSON editor takes over with a note saying why.
 */
import { forwardRef, useImperativeHandle, useMemo, useRef, useState } from 'react';
import type { JsonObject, JsonValue } from '../../shared/json';
import { isJsonObject } from '../../shared/json';
import { buildArguments } from '../../shared/schema/buildArguments';
import { normalizeSchema } from '../../shared/schema/normalize';
import { ArgumentsForm } from './ArgumentsForm';
import type { FormHandle } from './ArgumentsForm';
import { initialFormData } from './initialFormData';
import { formSchemaOf, takesNoArguments } from './optionalParts';
import type { ArgumentsCheck } from './validateArguments';
import { validateArguments } from './validateArguments';
import './forms.css';

export interface ArgumentsEditorHandle {
  /** Shows field errors; resolves what may be sent, or why not. */
  check(): { ok: true; arguments: JsonObject } | { ok: false; errors: string[] };
  /** Replace the arguments (re-run of an earlier call). */
  load(args: JsonObject): void;
  current(): JsonObject;
  /** The arguments the rendered form holds right now (its own state, through buildArguments). */
  fromForm(): JsonObject | undefined;
}

interface Props {
  schema: JsonValue | undefined;
  initial?: JsonObject;
  idPrefix?: string;
  disabled?: boolean;
  onArguments?: (args: JsonObject) => void;
}

type Source = 'form' | 'json';

function pretty(args: JsonObject): string {
  return JSON.stringify(args, null, 2);
}

function describeCheck(check: ArgumentsCheck): string | undefined {
  if (check.valid === true) return undefined;
  if (check.valid === 'unknown') return `Not validated: ${check.reason}`;
  return check.errors.join('\n');
}

export const ArgumentsEditor = forwardRef<ArgumentsEditorHandle, Props>(function ArgumentsEditor(props, ref) {
  const { schema, initial, idPrefix = 'arguments', disabled, onArguments } = props;
  const normalized = useMemo(() => normalizeSchema(schema), [schema]);
  const formSchema = useMemo(
    () => (normalized.ok ? formSchemaOf(normalized.schema) : undefined),
    [normalized],
  );
  const noArguments = takesNoArguments(schema);
  const formRef = useRef<FormHandle>(null);
  const source = useRef<Source>('form');
  const [formData, setFormData] = useState<unknown>(() =>
    formSchema ? initialFormData(formSchema, initial) : (initial ?? {}),
  );
  const [args, setArgs] = useState<JsonObject>(() =>
    normalized.ok ? buildArguments(normalized.schema, formData) : (initial ?? {}),
  );
  const [text, setText] = useState(() => pretty(args));
  const [parseError, setParseError] = useState<string | undefined>(undefined);
  const [shownCheck, setShownCheck] = useState<string | undefined>(undefined);
  // Schema errors show once the user has edited something or pressed Call, not on a form nobody touched yet.
  const [touched, setTouched] = useState(false);

  const publish = (next: JsonObject) => {
    setTouched(true);
    setArgs(next);
    setShownCheck(undefined);
    onArguments?.(next);
  };

  const onFormChange = (next: unknown) => {
    if (source.current !== 'form' || !normalized.ok) return;
    setFormData(next);
    const built = buildArguments(normalized.schema, next);
    setText(pretty(built));
    setParseError(undefined);
    publish(built);
  };

  const onTextChange = (next: string) => {
    source.current = 'json';
    setText(next);
    let parsed: JsonValue;
    try {
      parsed = JSON.parse(next) as JsonValue;
    } catch (error) {
      setParseError(error instanceof Error ? error.message : String(error));
      return;
    }
    if (!isJsonObject(parsed)) {
      setParseError('the arguments must be a JSON object');
      return;
    }
    setParseError(undefined);
    setFormData(parsed);
    publish(parsed);
  };

  useImperativeHandle(ref, () => ({
    check() {
      if (parseError !== undefined)
        return { ok: false, errors: [`The JSON arguments do not parse: ${parseError}`] };
      const formOk = source.current === 'json' || !normalized.ok || (formRef.current?.validateForm() ?? true);
      const check = validateArguments(schema, args);
      const message = describeCheck(check);
      setShownCheck(message);
      setTouched(true);
      if (check.valid === false) return { ok: false, errors: check.errors };
      if (!formOk) return { ok: false, errors: ['The form has errors (shown on the fields).'] };
      return { ok: true, arguments: args };
    },
    load(next) {
      source.current = 'json';
      setFormData(next);
      setText(pretty(next));
      setParseError(undefined);
      publish(next);
    },
    current: () => args,
    fromForm: () => {
      if (!normalized.ok) return undefined;
      if (noArguments) return buildArguments(normalized.schema, formData);
      return formRef.current ? buildArguments(normalized.schema, formRef.current.state.formData) : undefined;
    },
  }));

  const liveCheck =
    parseError === undefined && touched ? describeCheck(validateArguments(schema, args)) : undefined;
  return (
    <div className={normalized.ok ? 'arguments-editor' : 'arguments-editor json-only'}>
      {normalized.ok && (
        <div
          className="arguments-form"
          onFocusCapture={() => (source.current = 'form')}
          onChangeCapture={() => (source.current = 'form')}
          onClickCapture={() => (source.current = 'form')}
        >
          {noArguments ? (
            <p className="no-arguments" role="note">
              This tool takes no arguments.
            </p>
          ) : (
            <ArgumentsForm
              ref={formRef}
              schema={formSchema ?? normalized.schema}
              formData={formData}
              onChange={onFormChange}
              idPrefix={idPrefix}
              disabled={disabled}
            />
          )}
          {normalized.notes.length > 0 && (
            <details className="form-notes">
              <summary>{normalized.notes.length} simplification(s) in this form</summary>
              <ul>
                {normalized.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
      <div className="arguments-json">
        {!normalized.ok && (
          <p className="form-unavailable" role="note">
            No form for this schema: {normalized.reason}. Edit the arguments as JSON.
          </p>
        )}
        <label htmlFor={`${idPrefix}-json`}>Arguments (JSON)</label>
        <textarea
          id={`${idPrefix}-json`}
          aria-label="Arguments JSON"
          value={text}
          disabled={disabled}
          spellCheck={false}
          autoCorrect="off"
          autoCapitalize="off"
          rows={Math.max(6, Math.min(24, text.split('\n').length + 1))}
          onFocus={() => (source.current = 'json')}
          onChange={(event) => onTextChange(event.target.value)}
          style={{ width: '100%', fontFamily: 'monospace' }}
        />
        {parseError !== undefined && (
          <p className="json-error" role="alert">
            Not valid JSON yet (the form keeps the last valid arguments): {parseError}
          </p>
        )}
        {(shownCheck ?? liveCheck) !== undefined && (
          <pre className="schema-errors">{shownCheck ?? liveCheck}</pre>
        )}
      </div>
    </div>
  );
});
