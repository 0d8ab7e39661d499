import type { AuthPrompt } from '../../shared/auth';
import type { SliceCreator } from './types';

/** Sign-in: the page the user must open (until the connect ends), the backend's one-line notice, sign-out's result. */
export interface AuthSlice {
  authPrompt: AuthPrompt | null;
  authNotice: string | null;
  authSignedOut: string | null;
}

export const createAuthSlice: SliceCreator<AuthSlice> = () => ({
  authPrompt: null,
  authNotice: null,
  authSignedOut: null,
});
