/** The one way the auth engine fails: an `auth-failed` LoupeError whose message names the step and the cause. */
import { LoupeError } from '../../shared/errors.js';
import type { AuthStepName } from '../../shared/auth.js';

const stepLabels: Record<AuthStepName, string> = {
  challenge: 'reading the server’s challenge',
  prm: 'protected resource metadata',
  'as-metadata': 'authorization server metadata',
  registration: 'client registration',
  authorize: 'authorization',
  token: 'token exchange',
  refresh: 'token refresh',
  assertion: 'the JWT assertion',
  'token-exchange': 'the token exchange at the identity provider',
  grant: 'the token request',
  dpop: 'DPoP',
};

export function authFailure(
  step: AuthStepName,
  cause: string,
  data?: Record<string, string | number>,
): LoupeError {
  return new LoupeError({
    kind: 'auth-failed',
    message: `Sign-in failed at ${stepLabels[step]}: ${cause}`,
    data: { step, ...data },
  });
}
