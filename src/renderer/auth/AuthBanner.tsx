import { useShallow } from 'zustand/react/shallow';
import { useLoupeStore } from '../store/store';
import { openSignInPage } from './authActions';

/**
 * While a connect waits for the user to sign in: where, and the button that opens the sign-in page. In a browser
 * tab nothing opens until it is pressed (the desktop window asks at once, in its own dialog).
 */
export function AuthBanner() {
  const { prompt, notice } = useLoupeStore(
    useShallow((state) => ({ prompt: state.authPrompt, notice: state.authNotice })),
  );
  return (
    <>
      {notice ? (
        <div className="banner auth-notice" role="status">
          {notice}
        </div>
      ) : null}
      {prompt ? (
        <div className="banner auth-prompt" role="alert" aria-label="Sign-in needed">
          <span>
            <strong className="mono">{prompt.serverUrl}</strong> wants you to sign in. Open the authorization
            server’s page to sign in there; Loupe waits for its redirect (no request times out meanwhile).
          </span>
          <button type="button" onClick={() => openSignInPage(prompt.authorizationUrl)}>
            Open sign-in page
          </button>
        </div>
      ) : null}
    </>
  );
}
