import type { ServerAuth } from '../../shared/auth';
import { FormRow } from '../components/FormRow';
import { GrantFields } from './GrantFields';

/** What the settings hold for a secret that could not be sealed (no keychain): the user types it again. */
const notSavedSecret = '[not saved: secret]';

/** The scopes as typed (space- or comma-separated) to a list. */
export function parseScopes(text: string): string[] {
  return text.split(/[\s,]+/).filter((scope) => scope !== '');
}

/** Sign-in settings of an HTTP server: a pre-registered client (id, secret) and scopes to ask for on top. */
export function AuthFields({ value, onChange }: { value: ServerAuth; onChange: (next: ServerAuth) => void }) {
  const secretLost = value.clientSecret === notSavedSecret;
  const set = (patch: Partial<ServerAuth>) => {
    const next: ServerAuth = { ...value, ...patch };
    for (const key of ['clientId', 'clientSecret'] as const) if (!next[key]) delete next[key];
    if (next.extraScopes?.length === 0) delete next.extraScopes;
    onChange(next);
  };
  return (
    <details
      className="auth-fields"
      open={Boolean(value.clientId || value.extraScopes || value.grant || value.dpop || value.privateKeyFile)}
    >
      <summary>Sign-in (OAuth)</summary>
      <p className="muted small">
        Empty: Loupe registers itself where the server allows it. Give a client registered beforehand when it
        does not.
      </p>
      <FormRow label="Client ID">
        {(id) => (
          <input
            id={id}
            className="mono"
            autoComplete="off"
            value={value.clientId ?? ''}
            onChange={(event) => set({ clientId: event.target.value.trim() })}
          />
        )}
      </FormRow>
      <FormRow label="Client secret">
        {(id) => (
          <input
            id={id}
            className="mono"
            type="password"
            autoComplete="off"
            value={secretLost ? '' : (value.clientSecret ?? '')}
            placeholder={secretLost ? 'not saved (no keychain): type it again' : '(public client)'}
            onChange={(event) => set({ clientSecret: event.target.value })}
          />
        )}
      </FormRow>
      <FormRow label="Extra scopes">
        {(id) => (
          <input
            id={id}
            className="mono"
            value={(value.extraScopes ?? []).join(' ')}
            placeholder="e.g. repo:read offline_access"
            onChange={(event) => set({ extraScopes: parseScopes(event.target.value) })}
          />
        )}
      </FormRow>
      <GrantFields value={value} onChange={onChange} />
    </details>
  );
}
