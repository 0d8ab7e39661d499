/**
 * One server of a client config in the Import dialog: how it connects, its warnings, and Connect / Save. A server
 * that uses VS Code inputs asks for them first, as VS Code does (a password input masked); an input with no default
 * must be given before Connect or Save. The values stay in this row's state only and go to the backend to resolve
 * the server: they are not kept in the store.
 */
import { useId, useState } from 'react';
import type { ConfigFile, ConfigInputUse, ConfigServer } from '../../shared/config';
import { describeTarget } from '../../shared/target';
import { connectConfigServer, saveConfigServer, type InputValues } from './configActions';
import { TapThisServer } from './TapThisServer';

function InputField({
  input,
  value,
  onChange,
}: {
  input: ConfigInputUse;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hint =
    input.default === undefined
      ? 'required'
      : input.password
        ? 'empty keeps the default'
        : `default: ${input.default}`;
  return (
    <div className="config-input">
      <label htmlFor={id}>
        {input.description ?? input.id}{' '}
        {input.description !== undefined ? <span className="muted small mono">{input.id}</span> : null}
      </label>
      <input
        id={id}
        type={input.password ? 'password' : 'text'}
        autoComplete="off"
        spellCheck={false}
        value={value}
        placeholder={hint}
        aria-required={input.default === undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <span className="muted small">used in {input.places.join(', ')}</span>
    </div>
  );
}

/** The values typed, empty ones left out (the default applies to those). */
function givenValues(values: Record<string, string>): InputValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
}

export function ConfigServerRow({
  file,
  server,
  saved,
  busy,
}: {
  file: ConfigFile;
  server: ConfigServer;
  saved: boolean;
  busy: boolean;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [working, setWorking] = useState(false);
  const inputs = server.inputs ?? [];
  const missing = inputs.filter((input) => input.default === undefined && !values[input.id]);
  const blocked = missing.length > 0;
  const run = async (action: typeof connectConfigServer): Promise<void> => {
    setWorking(true);
    setProblem(undefined);
    const result = await action(file, server, givenValues(values));
    setWorking(false);
    setProblem(result);
  };
  const usable = server.target !== undefined || inputs.length > 0;
  return (
    <li className="config-server" data-testid="config-server">
      <div className="config-server-head">
        <span className="config-server-name">{server.name}</span>
        <span className="muted small">{server.target ? server.target.transport : 'unusable'}</span>
        {server.enabled ? null : <span className="muted small">disabled in the file</span>}
      </div>
      <div className="mono small config-server-target">
        {server.target ? describeTarget(server.target) : server.error}
      </div>
      {server.envFile !== undefined ? (
        <div className="muted small">
          env file: <span className="mono">{server.envFile}</span>
        </div>
      ) : null}
      {server.warnings.length > 0 ? (
        <ul className="config-warnings">
          {server.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
      {inputs.length > 0 ? (
        <fieldset className="config-inputs">
          <legend className="small">Inputs (VS Code asks for these; not saved in clear)</legend>
          {inputs.map((input) => (
            <InputField
              key={input.id}
              input={input}
              value={values[input.id] ?? ''}
              onChange={(value) => setValues((current) => ({ ...current, [input.id]: value }))}
            />
          ))}
        </fieldset>
      ) : null}
      {problem !== undefined ? (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      ) : null}
      {usable ? (
        <div className="button-row">
          <button
            type="button"
            disabled={busy || working || blocked}
            aria-label={`Connect to ${server.name}`}
            title={blocked ? `Give ${missing.map((input) => input.id).join(', ')} first` : undefined}
            onClick={() => void run(connectConfigServer)}
          >
            Connect
          </button>
          <button
            type="button"
            disabled={saved || working || blocked}
            aria-label={`Save ${server.name}`}
            onClick={() => void run(saveConfigServer)}
          >
            {saved ? 'Saved' : 'Save'}
          </button>
        </div>
      ) : null}
      {server.target?.transport === 'stdio' && file.exists ? <TapThisServer path={file.path} server={server.name} /> : null}
    </li>
  );
}
