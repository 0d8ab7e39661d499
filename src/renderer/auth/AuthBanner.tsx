import { useLoupeStore } from '../store/store';
import { openSignInPage } from './authActions';

/** A word on the sign-in under way (e.g. the token was refreshed): a status line in the notices. */
export function AuthNotice({ text }: { text: string }) {
  return (
    <div className="notice-line auth-notice" role="status">
      {text}
    </div>
  );
}

/**
 * While a connect waits for the user to sign in: where, and the button that opens the sign-in page. In a browser
 * tab nothing opens until it is pressed (the desktop window asks at once, in its own dialog).
 */
export function SignInPrompt() {
  const prompt = useLoupeStore((state) => state.authPrompt);
  if (!prompt) return null;
  return (
    <div className="notice-line auth-prompt" role="alert" aria-label="Sign-in needed">
      <span>
        <strong className="mono">{prompt.serverUrl}</strong> wants you to sign in. Open the authorization
        server’s page to sign in there; Loupe waits for its redirect (no request times out meanwhile).
      </span>
      <button type="button" onClick={() => openSignInPage(prompt.authorizationUrl)}>
        Open sign-in page
      </button>
    </div>
  );
}
