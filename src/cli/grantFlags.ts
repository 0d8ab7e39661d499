/**
 * The sign-in flags for the grants without a person and DPoP (issue 20): each sets one field of the auth settings;
 * values with a fixed set of choices are checked here, files are read when the sign-in needs them (so a missing key
 * file is an auth-failed error naming it, not a usage error).
 */
import {
  authGrants,
  clientAuthMethods,
  type AuthGrant,
  type AuthSettings,
  type ClientAuthMethod,
} from '../shared/auth.js';
import { readFileSync } from 'node:fs';
import { LoupeError } from '../shared/errors.js';

const grantAliases: Record<string, AuthGrant> = {
  code: 'authorization_code',
  'authorization-code': 'authorization_code',
  'client-credentials': 'client_credentials',
  'jwt-bearer': 'jwt_bearer',
};
const clientAuthAliases: Record<string, ClientAuthMethod> = {
  basic: 'client_secret_basic',
  post: 'client_secret_post',
  'private-key-jwt': 'private_key_jwt',
};

function usage(message: string): LoupeError {
  return new LoupeError({ kind: 'usage', message });
}

/**
 * --client-secret-file: the secret from a file (so it is never on the command line, where `ps` shows it), read at
 * once; one trailing line break is not part of it. A missing, unreadable or empty file is a usage error naming it.
 */
function readClientSecret(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory' : (code ?? 'unreadable');
    throw usage(`--client-secret-file: cannot read "${path}" (${why}).`);
  }
  const secret = text.replace(/\r?\n$/, '');
  if (secret === '' || /[\r\n]/.test(secret))
    throw usage(
      `--client-secret-file: "${path}" must hold the secret on one line (it is ${secret === '' ? 'empty' : 'several lines'}).`,
    );
  return secret;
}

export function grantFlag(auth: AuthSettings, flag: string, value: string): void {
  switch (flag) {
    case '--grant': {
      const grant = grantAliases[value] ?? value;
      if (!(authGrants as readonly string[]).includes(grant))
        throw usage(
          `--grant is one of auto, code, client-credentials, jwt-bearer, enterprise; got "${value}".`,
        );
      auth.grant = grant;
      return;
    }
    case '--client-auth': {
      const method = clientAuthAliases[value] ?? value;
      if (!(clientAuthMethods as readonly string[]).includes(method))
        throw usage(`--client-auth is one of basic, post, private-key-jwt, none; got "${value}".`);
      auth.clientAuth = method;
      return;
    }
    case '--dpop':
      if (value !== 'auto' && value !== 'on' && value !== 'off')
        throw usage(`--dpop is auto, on or off; got "${value}".`);
      auth.dpop = value;
      return;
    case '--private-key-file':
      auth.privateKeyFile = value;
      return;
    case '--client-secret-file':
      auth.clientSecret = readClientSecret(value);
      return;
    case '--private-key-jwk':
      auth.privateKeyJwk = value;
      return;
    case '--signing-alg':
      auth.signingAlgorithm = value;
      return;
    case '--assertion-file':
      auth.assertionFile = value;
      return;
    case '--assertion-command':
      auth.assertionCommand = value;
      return;
    case '--id-token-file':
      auth.idTokenFile = value;
      return;
    case '--id-token-command':
      auth.idTokenCommand = value;
      return;
    case '--idp-issuer':
      auth.idpIssuer = value;
      return;
    case '--idp-token-endpoint':
      auth.idpTokenEndpoint = value;
      return;
    case '--idp-client-id':
      auth.idpClientId = value;
      return;
    case '--idp-client-secret':
      auth.idpClientSecret = value;
      return;
    default:
      throw usage(`Unknown option ${flag}. See loupe --help.`);
  }
}
