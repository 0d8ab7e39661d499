/**
 * The running Loupe's side of the live channel: listens on the user-only socket (livePaths.ts), writes this run's
 * secret to a 0600 file beside it, and hands each tap that presents the secret to `onTap`. A connection that does
 * not open with the secret within two seconds is closed unread. Only one Loupe listens at a time: a second one
 * that finds the socket answering leaves it to the first.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { livePaths, unsafeDirectory, type LivePaths } from './livePaths.js';
import type { JsonObject } from '../../shared/json.js';
import {
  parseFrame,
  parseHello,
  parseQuestion,
  type AgentQuestion,
  type TapFrame,
  type TapHello,
} from './liveWire.js';

export interface TapConnection {
  hello: Omit<TapHello, 'secret'>;
  onFrame(listener: (frame: TapFrame) => void): void;
  onEnd(listener: () => void): void;
  /** Tells the tap it is shown (as this session). */
  welcome(session: string): void;
  /** Sends the tap new fault rules (--fault's form; an empty list clears them). */
  sendFaults(rules: readonly string[]): void;
  /** An agent's session (hello.agent): a question for the person, sent by its `loupe mcp`. */
  onQuestion(listener: (question: AgentQuestion) => void): void;
  /** An agent's session: the person's answer to a question (an ElicitResult). */
  sendAnswer(id: string, result: JsonObject): void;
  /** An agent's session: the person pressed Stop; its `loupe mcp` ends it. */
  sendStop(): void;
}

export interface TapListener {
  paths: LivePaths;
  close(): Promise<void>;
}

const helloTimeoutMs = 2000;
const maxHelloBytes = 64 * 1024;
const maxLineBytes = 512 * 1024 * 1024;

function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(secret, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

function serve(socket: Socket, secret: string, onTap: (tap: TapConnection) => void): void {
  socket.setEncoding('utf8');
  socket.on('error', () => socket.destroy());
  let pending = '';
  let tap:
    | {
        frames: ((frame: TapFrame) => void)[];
        ends: (() => void)[];
        questions: ((question: AgentQuestion) => void)[];
      }
    | undefined;
  const timer = setTimeout(() => socket.destroy(), helloTimeoutMs);
  socket.on('close', () => {
    clearTimeout(timer);
    for (const end of tap?.ends ?? []) end();
  });
  const line = (text: string): void => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      if (!tap) socket.destroy();
      return;
    }
    if (tap) {
      const frame = parseFrame(value);
      if (frame) for (const listener of tap.frames) listener(frame);
      const question = frame ? undefined : parseQuestion(value);
      if (question) for (const listener of tap.questions) listener(question);
      return;
    }
    const hello = parseHello(value);
    if (!hello || !sameSecret(hello.secret, secret)) {
      socket.destroy();
      return;
    }
    clearTimeout(timer);
    const opened = {
      frames: [] as ((frame: TapFrame) => void)[],
      ends: [] as (() => void)[],
      questions: [] as ((question: AgentQuestion) => void)[],
    };
    tap = opened;
    const { secret: _presented, ...shown } = hello;
    const write = (message: object): void => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
    };
    onTap({
      hello: shown,
      onFrame: (listener) => opened.frames.push(listener),
      onEnd: (listener) => opened.ends.push(listener),
      welcome: (session) => write({ type: 'welcome', session }),
      sendFaults: (rules) => write({ type: 'faults', rules: [...rules] }),
      onQuestion: (listener) => opened.questions.push(listener),
      sendAnswer: (id, result) => write({ type: 'answer', id, result }),
      sendStop: () => write({ type: 'stop' }),
    });
  };
  socket.on('data', (text: string) => {
    pending += text;
    let at = pending.indexOf('\n');
    while (at !== -1) {
      line(pending.slice(0, at));
      if (socket.destroyed) return;
      pending = pending.slice(at + 1);
      at = pending.indexOf('\n');
    }
    if (pending.length > (tap ? maxLineBytes : maxHelloBytes)) socket.destroy();
  });
}

/** Listens for taps; undefined (with the reason) when another Loupe already does, or the folder is not safe. */
export async function listenForTaps(
  onTap: (tap: TapConnection) => void,
  paths: LivePaths = livePaths(),
): Promise<{ listener?: TapListener; reason?: string }> {
  if (process.platform === 'win32') return { reason: 'live taps need a Unix socket (not on Windows yet)' };
  await mkdir(paths.directory, { recursive: true, mode: 0o700 });
  await chmod(paths.directory, 0o700).catch(() => undefined);
  const unsafe = await unsafeDirectory(paths.directory);
  if (unsafe) return { reason: `${unsafe}: no live taps` };
  if (await answers(paths.socket))
    return { reason: `another Loupe already listens for taps at ${paths.socket}` };
  await rm(paths.socket, { force: true });
  const secret = randomBytes(32).toString('hex');
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket, secret, onTap);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(paths.socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(paths.socket, 0o600);
  await rm(paths.secret, { force: true });
  await writeFile(paths.secret, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return {
    listener: {
      paths,
      async close() {
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        // Only our own files: a Loupe started since may have written its own.
        const written = await readFile(paths.secret, 'utf8').catch(() => '');
        if (written.trim() === secret) await rm(paths.secret, { force: true });
      },
    },
  };
}
