/**
 * Sign-in for the app's connections (desktop and browser host). For an HTTP or SSE target the backend wraps the
 * wire in createAuthFetch: on a 401 the flow runs, and where the user must sign in the loopback receiver starts
 * and onAuthPrompt carries the authorization URL for the UI to open. Every AuthStep
 * is pushed as onAuthStep, kept for the Auth view and recorded as an 'http' frame marked with the step's name, so
 * Traffic, the journal and snapshots have it too (secrets were masked when the step was built). Tokens go to the
 * TokenStore under the app data dir, sealed by the host's SecretStore (the keychain) or by a key file.
 */
import { dirname, join } from 'node:path';
import {
  serverAuthTextFields,
  type AuthSettings,
  type AuthStep,
  type ServerAuth,
} from '../../shared/auth.js';
import { LoupeError } from '../../shared/errors.js';
import type { HttpInfo } from '../../shared/frames.js';
import type { UrlTarget } from '../../shared/target.js';
import { createAuthFetch, type AuthComposer } from '../auth/authFetch.js';
import { keyFileSealer } from '../auth/keyFileSealer.js';
import { TokenStore } from '../auth/tokenStore.js';
import type { UserAgent } from '../auth/userAgents.js';
import { parseServerAuth } from './authSettings.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import type { EventHub } from './eventHub.js';
import { notSavedMarker, type SecretStore } from './secretStore.js';

export interface AuthDeskOptions {
  /** Where tokens are kept (auth.json, and auth.key without a secretStore); without it they live in memory only. */
  directory?: string;
  secretStore?: SecretStore;
  /** How long the loopback receiver waits for the browser's redirect. */
  callbackTimeoutMs?: number;
}

export interface AuthDesk {
  /**
   * The auth layer for one connection attempt to a URL target; its steps go to the recorder and the hub. Each
   * exchange with the authorization server may take stepTimeoutMs (the session's request timeout).
   */
  composer(
    target: UrlTarget,
    auth: ServerAuth | undefined,
    recorder: FrameRecorder,
    stepTimeoutMs?: number,
  ): AuthComposer;
  /** Steps of the current attempt, in order. */
  steps(): AuthStep[];
  /** Abandons a sign-in still waiting (the connection was closed): its requests fail as 'cancelled'. */
  cancel(): void;
  /** Forgets the server's tokens; returns how many sign-ins were removed. */
  signOut(serverUrl: string): number;
}

export function createAuthDesk(options: AuthDeskOptions, hub: EventHub): AuthDesk {
  const store = options.directory
    ? new TokenStore(options.directory, options.secretStore ?? keyFileSealer(options.directory))
    : undefined;
  let steps: AuthStep[] = [];
  let abandon: (() => void) | undefined;

  const userAgent =
    (serverUrl: string): UserAgent =>
    (authorizationUrl) => {
      hub.emit('onAuthPrompt', { serverUrl, authorizationUrl });
      return Promise.resolve();
    };

  return {
    composer(target, auth, recorder, stepTimeoutMs) {
      steps = [];
      abandon?.();
      const abandoned = new Promise<never>((_resolve, reject) => {
        abandon = () =>
          reject(
            new LoupeError({
              kind: 'cancelled',
              message: 'The sign-in was abandoned: the connection was closed before it finished.',
            }),
          );
      });
      abandoned.catch(() => undefined);
      const serverUrl = target.url;
      const composer = createAuthFetch({
        serverUrl,
        settings: authSettings(auth),
        userAgent: userAgent(serverUrl),
        ...(store ? { store } : {}),
        ...(options.callbackTimeoutMs ? { callbackTimeoutMs: options.callbackTimeoutMs } : {}),
        ...(stepTimeoutMs ? { stepTimeoutMs } : {}),
        onStep: (step) => {
          steps.push(step);
          recordStep(recorder, step);
          hub.emit('onAuthStep', step);
        },
        onNotice: (message) => hub.emit('onAuthNotice', { serverUrl, message }),
      });
      return (inner, recordRefusal, attention) => {
        const authorized = composer(inner, recordRefusal, attention);
        return (input, init) => Promise.race([authorized(input, init), abandoned]);
      };
    },
    cancel() {
      abandon?.();
      abandon = undefined;
    },
    steps: () => [...steps],
    signOut: (serverUrl) => store?.forget(normalizedUrl(serverUrl)) ?? 0,
  };
}

function authSettings(given: ServerAuth | undefined): AuthSettings {
  const auth = parseServerAuth(given);
  const settings: AuthSettings = { mode: 'auto' };
  if (auth?.clientId) settings.clientId = auth.clientId;
  // A secret that could not be saved (no keychain) is typed again, never sent as its placeholder.
  if (auth?.clientId && auth.clientSecret && auth.clientSecret !== notSavedMarker)
    settings.clientSecret = auth.clientSecret;
  const scopes = auth?.extraScopes?.filter((scope) => scope.trim() !== '');
  if (scopes && scopes.length > 0) settings.extraScopes = scopes;
  if (!auth) return settings;
  for (const field of serverAuthTextFields) if (auth[field]) settings[field] = auth[field];
  if (auth.idpClientSecret && auth.idpClientSecret !== notSavedMarker)
    settings.idpClientSecret = auth.idpClientSecret;
  if (auth.grant) settings.grant = auth.grant;
  if (auth.clientAuth) settings.clientAuth = auth.clientAuth;
  if (auth.dpop) settings.dpop = auth.dpop;
  return settings;
}

/** One 'http' frame per step: the masked exchange as JSON, marked with the step's name. */
export function recordStep(recorder: FrameRecorder, step: AuthStep): void {
  const http: HttpInfo = { auth: step.step };
  if (step.request) {
    http.method = step.request.method;
    http.url = step.request.url;
  }
  if (step.response) {
    http.status = step.response.status;
    const type = Object.entries(step.response.headers).find(
      ([name]) => name.toLowerCase() === 'content-type',
    );
    if (type) http.contentType = type[1];
  }
  recorder.record('out', JSON.stringify(step), { kind: 'http', http });
}

/** auth/ beside the settings file, where the app keeps its data; undefined without a settings file. */
export function authDirectoryFor(settingsPath: string | undefined): string | undefined {
  return settingsPath ? join(dirname(settingsPath), 'auth') : undefined;
}

/** The URL as sign-ins are keyed (URL.href: "http://host:1" and "http://host:1/" are one server). */
function normalizedUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}
