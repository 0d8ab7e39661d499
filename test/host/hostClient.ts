/** A contract client of the browser host over a real WebSocket, as the page has (tests of the host). */
import WebSocket from 'ws';
import { createContractClient, isWireMessage } from '../../src/shared/carrier.js';
import type { LoupeApi } from '../../src/shared/contract.js';

/** Opens a WebSocket and says how the upgrade went: 'open' or the HTTP status it was refused with. */
export function tryWebSocket(url: string, protocols: string[], headers: Record<string, string>): Promise<{ outcome: 'open'; socket: WebSocket } | { outcome: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, protocols, { headers });
    socket.once('open', () => resolve({ outcome: 'open', socket }));
    socket.once('unexpected-response', (_request, response) => {
      resolve({ outcome: response.statusCode ?? 0 });
      socket.terminate();
    });
    socket.once('error', (error) => reject(error));
  });
}

export function clientOver(socket: WebSocket): LoupeApi {
  return createContractClient({
    send: (message) => socket.send(JSON.stringify(message)),
    receive: (listener) =>
      socket.on('message', (data) => {
        const parsed: unknown = JSON.parse((data as Buffer).toString('utf8'));
        if (isWireMessage(parsed)) listener(parsed);
      }),
  });
}

