import type { AuthPrompt, ServerAuth } from '../../shared/auth';
import type { SliceCreator } from './types';

/** Sign-in: the page the user must open (until the connect ends), the backend's one-line notice, sign-out's result. */
export interface AuthSlice {
  authPrompt: AuthPrompt | null;
  authNotice: string | null;
  authSignedOut: string | null;
  /** The sign-in settings of the last connect (Reconnect and the form reuse them). */
  authLast: ServerAuth | null;
}

export const createAuthSlice: SliceCreator<AuthSlice> = () => ({
  authPrompt: null,
  authNotice: null,
  authSignedOut: null,
  authLast: null,
});
