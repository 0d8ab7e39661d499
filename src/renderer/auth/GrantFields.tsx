import type { AuthGrant, ClientAuthMethod, ServerAuth } from '../../shared/auth';
import { serverAuthTextFields } from '../../shared/auth';
import { FormRow } from '../components/FormRow';

const grantChoices: { value: AuthGrant; label: string }[] = [
  { value: 'auto', label: 'Automatic (a person signs in unless the fields below say otherwise)' },
  { value: 'authorization_code', label: 'Authorization code (a person signs in)' },
  { value: 'client_credentials', label: 'Client credentials (machine to machine)' },
  { value: 'jwt_bearer', label: 'Workload identity (JWT bearer)' },
  { value: 'enterprise', label: 'Enterprise-managed (ID token → ID-JAG → token)' },
];
const clientAuthChoices: { value: ClientAuthMethod | ''; label: string }[] = [
  { value: '', label: 'As the server advertises (a key file: private_key_jwt)' },
  { value: 'client_secret_basic', label: 'client_secret_basic' },
  { value: 'client_secret_post', label: 'client_secret_post' },
  { value: 'private_key_jwt', label: 'private_key_jwt (key file)' },
  { value: 'none', label: 'none (public client)' },
];
type TextField = (typeof serverAuthTextFields)[number];

/** The grant, the client's authentication, the files each grant reads, the IdP, and DPoP (issue 20). */
export function GrantFields({
  value,
  onChange,
}: {
  value: ServerAuth;
  onChange: (next: ServerAuth) => void;
}) {
  const grant = value.grant ?? 'auto';
  const set = (patch: Partial<ServerAuth>) => {
    const next: ServerAuth = { ...value, ...patch };
    for (const key of [...serverAuthTextFields, 'idpClientSecret', 'clientAuth'] as const)
      if (!next[key]) delete next[key];
    if (next.grant === 'auto') delete next.grant;
    if (next.dpop === 'auto') delete next.dpop;
    onChange(next);
  };
  const text = (field: TextField, label: string, placeholder: string) => (
    <FormRow label={label}>
      {(id) => (
        <input
          id={id}
          className="mono"
          autoComplete="off"
          value={value[field] ?? ''}
          placeholder={placeholder}
          onChange={(event) => set({ [field]: event.target.value })}
        />
      )}
    </FormRow>
  );
  const machine = grant === 'client_credentials' || grant === 'jwt_bearer' || grant === 'enterprise';
  return (
    <>
      <FormRow label="Grant">
        {(id) => (
          <select id={id} value={grant} onChange={(event) => set({ grant: event.target.value as AuthGrant })}>
            {grantChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        )}
      </FormRow>
      <FormRow label="Client authentication">
        {(id) => (
          <select
            id={id}
            value={value.clientAuth ?? ''}
            onChange={(event) =>
              set({ clientAuth: (event.target.value || undefined) as ClientAuthMethod | undefined })
            }
          >
            {clientAuthChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        )}
      </FormRow>
      {(grant === 'client_credentials' || grant === 'auto' || value.clientAuth === 'private_key_jwt') &&
        text('privateKeyFile', 'Private key file (PEM or JWK)', 'private_key_jwt: /path/to/client-key.pem')}
      {grant === 'jwt_bearer' && (
        <>
          {text('assertionFile', 'Workload JWT file', '/var/run/secrets/tokens/mcp.jwt')}
          {text('assertionCommand', 'or a command that prints it', 'e.g. gcloud auth print-identity-token')}
        </>
      )}
      {grant === 'enterprise' && (
        <>
          {text('idTokenFile', 'ID token file', 'your ID token from the enterprise IdP')}
          {text('idpIssuer', 'IdP issuer', 'https://idp.example.com')}
          {text('idpTokenEndpoint', 'IdP token endpoint', '(else from the IdP’s metadata)')}
          {text('idpClientId', 'Client ID at the IdP', '')}
          <FormRow label="Client secret at the IdP">
            {(id) => (
              <input
                id={id}
                className="mono"
                type="password"
                autoComplete="off"
                value={value.idpClientSecret === '[not saved: secret]' ? '' : (value.idpClientSecret ?? '')}
                placeholder="(none)"
                onChange={(event) => set({ idpClientSecret: event.target.value })}
              />
            )}
          </FormRow>
        </>
      )}
      <FormRow label="DPoP (proof-of-possession)">
        {(id) => (
          <select
            id={id}
            value={value.dpop ?? 'auto'}
            onChange={(event) => set({ dpop: event.target.value as 'auto' | 'on' | 'off' })}
          >
            <option value="auto">Automatic: where the MCP server asks for it</option>
            <option value="on">Always</option>
            <option value="off">Never</option>
          </select>
        )}
      </FormRow>
      {machine && (
        <p className="muted small">
          No browser opens: Loupe asks the token endpoint itself, once per sign-in.
        </p>
      )}
    </>
  );
}
