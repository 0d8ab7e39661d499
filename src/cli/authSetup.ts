/**
 * The CLI's sign-in: the auth layer for an HTTP target from the flags. Interactive: the authorization URL on
 * stderr, then Loupe waits for the browser's redirect to its loopback receiver. --auth-non-interactive follows
 * the redirect itself. --debug prints each AuthStep (secrets masked) on stderr.
 */
import { join } from 'node:path';
import type { AuthStep } from '../shared/auth.js';
import type { Target } from '../shared/target.js';
import { appDataDir } from '../core/backend/appDataDir.js';
import { recordStep } from '../core/backend/authSession.js';
import type { FrameRecorder } from '../core/recorder/frameRecorder.js';
import { createAuthFetch, type AuthComposer } from '../core/auth/authFetch.js';
import { keyFileSealer } from '../core/auth/keyFileSealer.js';
import { TokenStore } from '../core/auth/tokenStore.js';
import { interactiveUserAgent, nonInteractiveUserAgent } from '../core/auth/userAgents.js';
import type { CliOptions } from './arguments.js';
import { printable } from './terminal.js';

export function authStoreDirectory(options: CliOptions): string {
  return options.auth.storeDirectory ?? join(appDataDir(), 'auth');
}

export function cliTokenStore(options: CliOptions): TokenStore {
  const directory = authStoreDirectory(options);
  return new TokenStore(directory, keyFileSealer(directory));
}

function stepLine(step: AuthStep): string {
  const exchange = step.request ? ` ${step.request.method} ${step.request.url}` : '';
  const status = step.response ? ` → ${step.response.status}` : '';
  const failed = step.checks.filter((check) => !check.ok).map((check) => check.requirement);
  const verdict = failed.length > 0 ? ` FAILED: ${failed.join('; ')}` : '';
  return printable(
    `auth: ${step.step}${exchange}${status} (${step.ms} ms) ${JSON.stringify(step.learned)}${verdict}`,
  );
}

/**
 * The auth layer for a URL target, or undefined for stdio and the demo. With a recorder each step is also an
 * 'http' frame marked with its name, as in the app: the journal and snapshots keep the sign-in (masked).
 */
export function cliAuth(
  target: Target,
  options: CliOptions,
  err: (line: string) => void,
  recorder?: FrameRecorder,
): AuthComposer | undefined {
  if (target.transport === 'stdio' || target.transport === 'demo') return undefined;
  const { auth } = options;
  return createAuthFetch({
    serverUrl: target.url,
    settings: auth,
    userAgent: auth.nonInteractive ? nonInteractiveUserAgent() : interactiveUserAgent(err),
    ...(auth.token ? {} : { store: cliTokenStore(options) }),
    onNotice: err,
    // Each exchange with the authorization server gets the request timeout (the sign-in itself does not count).
    ...(options.timeoutMs !== undefined ? { stepTimeoutMs: options.timeoutMs } : {}),
    ...(options.debug || recorder
      ? {
          onStep: (step: AuthStep) => {
            if (recorder) recordStep(recorder, step);
            if (options.debug) err(stepLine(step));
          },
        }
      : {}),
  });
}
