/**
 * Opening a link in the system browser: only http(s) URLs (never file:, javascript:, custom schemes that
 * start other programs), and only after the user confirmed the exact URL in a native dialog, since a link
 * in a server's description or a tool result is the server's, not ours.
 */
import { dialog, shell, type BrowserWindow } from 'electron';

export function isWebUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/** Resolves true once the URL was handed to the system browser; false when refused or declined. */
export async function openExternalConfirmed(
  window: BrowserWindow | undefined,
  url: string,
): Promise<boolean> {
  if (!isWebUrl(url)) return false;
  const href = new URL(url).href;
  const options = {
    type: 'question' as const,
    buttons: ['Open in browser', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    title: 'Open link',
    message: 'Open this link in your browser?',
    detail: href,
  };
  const choice = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
  if (choice.response !== 0) return false;
  await shell.openExternal(href);
  return true;
}
