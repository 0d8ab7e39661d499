/**
 * The contract's MessageChannel over one WebSocket: JSON text frames, each a WireMessage. Anything else
 * that arrives is dropped (a client cannot call what the contract does not name).
 */
import type { WebSocket } from 'ws';
import { isWireMessage, type MessageChannel } from '../shared/carrier.js';
import type { WireMessage } from '../shared/contract.js';

export function webSocketChannel(socket: WebSocket): MessageChannel {
  return {
    send(message: WireMessage) {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    },
    receive(listener) {
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8'));
        } catch {
          return;
        }
        if (isWireMessage(parsed)) listener(parsed);
      });
    },
  };
}
