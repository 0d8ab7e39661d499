/**
 * The app asks to open a link: put over the app's frame (where the person is looking), focused on "Open link",
 * Enter opens, Escape declines. The link is the app's text, shown as text.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';

export function AppLinkDialog({ url, onAnswer }: { url: string; onAnswer: (open: boolean) => void }) {
  const openButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    openButton.current?.focus();
  }, [url]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onAnswer(false);
    }
  };
  return (
    <div
      className="dialog app-link"
      role="alertdialog"
      aria-modal="true"
      aria-label="The app asks to open a link"
      onKeyDown={onKeyDown}
    >
      <p>
        The app asks to open <span className="mono">{url}</span> in a new tab.
      </p>
      <div className="dialog-buttons">
        <button type="button" ref={openButton} onClick={() => onAnswer(true)}>
          Open link
        </button>
        <button type="button" onClick={() => onAnswer(false)}>
          Don’t open
        </button>
      </div>
    </div>
  );
}
