// The sign-in flags a user would give loupe for what a conformance scenario hands its client in
// MCP_CONFORMANCE_CONTEXT, field by field and never by the scenario's name (client.mjs adds them to every signed-in
// command). Credentials that are files for a user (a private key, an ID token, a workload's JWT) are written to a
// directory of this run (0600) and passed by path, as a user would pass them; secrets given as values go as flags.
//
//   client_id, client_secret                 --client-id, --client-secret
//   private_key_pem (+ signing_algorithm)    --private-key-file <file> (--signing-alg)
//   idp_id_token                              --id-token-file <file>
//   idp_client_id, idp_issuer, idp_token_endpoint   --idp-client-id, --idp-issuer, --idp-token-endpoint
//   valid_jwt                                 --assertion-file <file> (the workload's current token)
//
// Not mapped: wrong_audience_jwt and expired_jwt (credentials a user would not present: the scenario counts any
// request after a refused one as a retry), issuer and name (informational). Everything else Loupe finds itself:
// the grant from what is given and what the authorization server offers, DPoP from its metadata or challenge.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const valueFlags = {
  client_id: '--client-id',
  client_secret: '--client-secret',
  signing_algorithm: '--signing-alg',
  idp_client_id: '--idp-client-id',
  idp_issuer: '--idp-issuer',
  idp_token_endpoint: '--idp-token-endpoint',
};
const fileFlags = {
  private_key_pem: ['--private-key-file', 'client-key.pem'],
  idp_id_token: ['--id-token-file', 'id-token.jwt'],
  valid_jwt: ['--assertion-file', 'workload.jwt'],
};

/** The flags for `context`; files go under `directory` (created by the caller). */
export function authContextFlags(context, directory) {
  const flags = [];
  for (const [field, flag] of Object.entries(valueFlags))
    if (typeof context[field] === 'string' && context[field] !== '') flags.push(flag, context[field]);
  for (const [field, [flag, name]] of Object.entries(fileFlags)) {
    if (typeof context[field] !== 'string' || context[field] === '') continue;
    const path = join(directory, name);
    writeFileSync(path, context[field], { mode: 0o600 });
    flags.push(flag, path);
  }
  return flags;
}
