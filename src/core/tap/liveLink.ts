/**
 * The tap's side of the live channel: when a Loupe is running for this user, every frame the tap records is sent to
 * it as well, so the tapped connection shows as a live session there.
 *
 * Nothing here may hold up the host's pipe: the frames come from the recorder (which records off the hot path), the
 * socket is written without waiting, and anything wrong — no Loupe, a refused or slow connection, a wrong secret, a
 * Loupe that does not keep up — drops the tap to journal-only, said once on stderr. Frames recorded before the
 * socket is open wait in a bounded queue; they follow the hello as soon as it is written, not after Loupe's welcome,
 * so a short run (a host's era probe: one request on a process of its own, killed a second after) is not lost.
 */
import { readFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import type { Frame } from '../../shared/frames.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import { livePaths, unsafeDirectory, type LivePaths } from './livePaths.js';
import { parseFaults, type TapFrame, type TapHello } from './liveWire.js';

export interface LiveLinkOptions {
  recorder: FrameRecorder;
  hello: Omit<TapHello, 'type' | 'secret'>;
  /** One line to the tap's stderr (prefixed by the caller's "loupe tap:"). */
  say: (line: string) => void;
  /** Loupe sent new fault rules for this tap. */
  onFaults?: (rules: string[]) => void;
  paths?: LivePaths;
  /**
   * How long Loupe has to accept the connection and the secret (default 5000 ms). The host's bytes never wait on
   * it (frames queue, bounded, meanwhile): a Loupe busy with a large listing's lenses had 2 s and turned taps away.
   */
  acceptTimeoutMs?: number;
}

export interface LiveLink {
  /**
   * Resolves true once the socket to a Loupe is connected, false when there is none (no Loupe ran for this user,
   * none is running, the folder is not trusted): whether this tap may be a live session that gets fault rules.
   */
  readonly connected: Promise<boolean>;
  /** Stops sending; the frames already recorded are flushed (a link still connecting is waited for, at most acceptTimeoutMs). */
  close(): Promise<void>;
}

const defaultAcceptTimeoutMs = 5000;
const maxQueuedFrames = 10_000;
const maxQueuedBytes = 32 * 1024 * 1024;
/** Bytes the socket may buffer before Loupe counts as not keeping up. */
const maxBufferedBytes = 16 * 1024 * 1024;

function wireFrame(frame: Frame): TapFrame {
  return {
    type: 'frame',
    direction: frame.direction,
    raw: frame.raw,
    t: frame.t,
    wall: frame.wall,
    ...(frame.kind === 'stderr' || frame.kind === 'http' ? { kind: frame.kind } : {}),
    ...(frame.rawBase64 === undefined ? {} : { rawBase64: frame.rawBase64 }),
    ...(frame.fault === undefined ? {} : { fault: frame.fault }),
    ...(frame.http === undefined ? {} : { http: frame.http }),
  };
}

export function linkToLoupe(options: LiveLinkOptions): LiveLink {
  const paths = options.paths ?? livePaths();
  let queue: string[] | undefined = [];
  let queuedBytes = 0;
  let socket: Socket | undefined;
  let welcomed = false;
  let done = false;
  let settle: (linked: boolean) => void = () => undefined;
  const connected = new Promise<boolean>((resolve) => (settle = resolve));
  // Settles once the socket is open (the queue sent) or the link gave up: what close() waits for, so the frames of a
  // short run are sent, not dropped with the queue.
  let decided: () => void = () => undefined;
  const openedOrGone = new Promise<void>((resolve) => (decided = resolve));

  const stop = (why?: string): void => {
    settle(false);
    decided();
    if (done) return;
    done = true;
    unsubscribe();
    queue = undefined;
    socket?.destroy();
    if (why) options.say(why);
  };
  const journalOnly = (why: string): void =>
    stop(
      welcomed
        ? `the live session in Loupe stopped (${why}); recording to the journal only from here`
        : `no live session in Loupe (${why}); recording to the journal only`,
    );

  const send = (line: string): void => {
    if (done) return;
    if (queue) {
      queuedBytes += line.length;
      if (queue.push(line) > maxQueuedFrames || queuedBytes > maxQueuedBytes)
        journalOnly('Loupe did not answer in time');
      return;
    }
    socket?.write(line);
    if ((socket?.writableLength ?? 0) > maxBufferedBytes) journalOnly('Loupe is not keeping up');
  };

  const unsubscribe = options.recorder.subscribe((frame) => send(`${JSON.stringify(wireFrame(frame))}\n`));

  const open = async (): Promise<void> => {
    let secret: string;
    try {
      const unsafe = await unsafeDirectory(paths.directory);
      if (unsafe) return journalOnly(`${unsafe}: not trusted`);
      secret = (await readFile(paths.secret, 'utf8')).trim();
    } catch {
      // No Loupe has run for this user (or none is running): the usual case, nothing to say.
      return stop();
    }
    if (done) return;
    const opened = connect(paths.socket);
    socket = opened;
    const timer = setTimeout(
      () => journalOnly('Loupe did not accept the tap in time'),
      options.acceptTimeoutMs ?? defaultAcceptTimeoutMs,
    );
    timer.unref();
    opened.setNoDelay?.(true);
    opened.on('error', (error: NodeJS.ErrnoException) =>
      journalOnly(
        error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? 'Loupe is not running' : error.message,
      ),
    );
    opened.on('close', () => {
      clearTimeout(timer);
      journalOnly(welcomed ? 'Loupe closed the connection' : 'Loupe refused the tap');
    });
    opened.on('connect', () => {
      settle(true);
      // A stdio tap's parent is its host (see TapHello.hostPid); an HTTP tap serves every connection itself.
      const host =
        options.hello.server.transport === 'stdio' && process.ppid > 1 ? { hostPid: process.ppid } : {};
      opened.write(
        `${JSON.stringify({ type: 'hello', secret, ...host, ...options.hello } satisfies TapHello)}\n`,
      );
      // Loupe reads the frames after the hello, in order; a Loupe that refuses the hello closes the socket unread.
      const waiting = queue ?? [];
      queue = undefined;
      for (const queued of waiting) send(queued);
      decided();
    });
    let pending = '';
    opened.setEncoding('utf8');
    opened.on('data', (text: string) => {
      pending += text;
      for (let at = pending.indexOf('\n'); at !== -1; at = pending.indexOf('\n')) {
        const line = pending.slice(0, at);
        pending = pending.slice(at + 1);
        let message: unknown;
        try {
          message = JSON.parse(line);
        } catch {
          continue;
        }
        if (
          !welcomed &&
          typeof message === 'object' &&
          message !== null &&
          (message as { type?: unknown }).type === 'welcome'
        ) {
          welcomed = true;
          clearTimeout(timer);
          const session = (message as { session?: unknown }).session;
          options.say(`live in Loupe${typeof session === 'string' ? ` as session ${session}` : ''}`);
          continue;
        }
        const faults = parseFaults(message);
        if (faults) options.onFaults?.(faults.rules);
      }
      if (pending.length > 1024 * 1024) journalOnly('Loupe sent a line too long');
    });
  };
  void open();

  return {
    connected,
    async close() {
      // Still connecting: the recorded frames wait in the queue. Wait for the socket (bounded by the accept timeout,
      // which gives up the link) so they are sent, not dropped.
      if (!done && queue !== undefined) await openedOrGone;
      settle(false);
      if (done) return;
      done = true;
      unsubscribe();
      const open = socket;
      if (!open) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          open.destroy();
          resolve();
        }, 1000);
        open.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
        open.end();
      });
    },
  };
}
