/**
 * The bridge, and nothing else: one frozen `window.loupe` generated from the contract over one IPC channel.
 * Errors are handed to the page as plain data ({ kind, code?, message, data? }): Error objects lose their
 * fields crossing the context bridge.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createContractClient, isWireMessage } from '../shared/carrier.js';
import { methodNames, type LoupeApi } from '../shared/contract.js';
import { electronChannel } from '../shared/electronChannel.js';
import { toErrorData } from '../shared/errors.js';

const client = createContractClient({
  send: (message) => ipcRenderer.send(electronChannel, message),
  receive: (listener) => {
    ipcRenderer.on(electronChannel, (_event, message: unknown) => {
      if (isWireMessage(message)) listener(message);
    });
  },
});

/** The page's API for one client (the root, or one bound to a session): rejections become error data. */
function expose(source: LoupeApi): LoupeApi {
  const api: Record<string, unknown> = {
    on: (...args: Parameters<LoupeApi['on']>) => source.on(...args),
    forSession: (session: string) => expose(source.forSession(String(session))),
  };
  for (const method of methodNames) {
    api[method] = (...args: unknown[]) =>
      Reflect.apply<LoupeApi, unknown[], Promise<unknown>>(Reflect.get(source, method) as (...a: unknown[]) => Promise<unknown>, source, args).catch((error: unknown) =>
        // The rejection is error *data* on purpose: an Error would arrive in the page stripped of kind and code.
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
        Promise.reject(toErrorData(error)),
      );
  }
  return Object.freeze(api) as unknown as LoupeApi;
}

contextBridge.exposeInMainWorld('loupe', expose(client));
