/**
 * The contract over Electron IPC: one channel, served by the generic adapter. Every incoming message is
 * checked to come from our window's own top frame at our own page before it reaches the backend.
 */
import { ipcMain, type BrowserWindow, type IpcMainEvent } from 'electron';
import { isWireMessage, serveContract, type MessageChannel } from '../shared/carrier.js';
import { electronChannel } from '../shared/electronChannel.js';
import type { Backend } from '../core/backend/createBackend.js';

/** `onSession`: hears the session each call from the page names (the menu acts on the one the page last named). */
export function serveOverIpc(
  window: BrowserWindow,
  backend: Backend,
  isOwnPage: (url: string) => boolean,
  onSession?: (session: string) => void,
): () => void {
  let listener: ((event: IpcMainEvent, message: unknown) => void) | undefined;
  const channel: MessageChannel = {
    send(message) {
      if (!window.isDestroyed() && !window.webContents.isDestroyed()) window.webContents.send(electronChannel, message);
    },
    receive(deliver) {
      listener = (event, message) => {
        const frame = event.senderFrame;
        const trusted =
          event.sender === window.webContents && frame !== null && frame === window.webContents.mainFrame && isOwnPage(frame.url);
        if (!trusted || !isWireMessage(message)) return;
        if (message.type === 'call' && typeof message.session === 'string') onSession?.(message.session);
        deliver(message);
      };
      ipcMain.on(electronChannel, listener);
    },
  };
  const stop = serveContract(backend.methodsFor, backend.events, channel);
  return () => {
    stop();
    if (listener) ipcMain.off(electronChannel, listener);
  };
}
