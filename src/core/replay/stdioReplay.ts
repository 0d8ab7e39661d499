/**
 * A replay over stdio: one JSON-RPC message a line on stdin, the recorded frames a line each on stdout (the
 * recorded text, so the bytes are the server's). The command a host's config runs: `loupe replay <file>`.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { isJsonObject } from '../../shared/json.js';
import type { RecordingIndex } from './recordingIndex.js';
import { ReplaySession, type ReplayOptions } from './replaySession.js';

export interface StdioReplay {
  /** Resolves when stdin ends. */
  done: Promise<void>;
}

export function serveStdio(
  index: RecordingIndex,
  options: ReplayOptions,
  input: Readable,
  output: Writable,
): StdioReplay {
  const emit = (raw: string): void => {
    output.write(`${raw}\n`);
  };
  const session = new ReplaySession(index, options, emit);
  const lines = createInterface({ input, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      emit(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
      return;
    }
    const messages = Array.isArray(message) ? message : [message];
    for (const item of messages) {
      if (isJsonObject(item)) void session.receive(item, emit);
    }
  });
  const done = new Promise<void>((resolve) =>
    lines.once('close', () => {
      session.close();
      resolve();
    }),
  );
  return { done };
}
