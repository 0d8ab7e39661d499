/**
 * The stdio tap: runs the server as a child and stands between it and the host. The host's stdin goes to the
 * child's stdin, the child's stdout to the host's stdout and its stderr to the host's stderr, byte for byte (no
 * fault rules) and every line recorded. The child gets the environment, arguments and working directory the tap
 * was given. Signals the tap receives are passed to the child; the child's exit code (or signal) becomes the tap's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, fstatSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { LoupeError } from '../../shared/errors.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import { spawnFailure } from '../wire/spawnFailure.js';
import { FaultMatcher, type FaultRule } from './faultRules.js';
import { frameLimit } from './frameCapture.js';
import { LinePump, PassOrder, type FaultStage } from './linePump.js';
import { MessageSubjects } from './messageSubjects.js';
import { serverPipes, type ServerPipes } from './fifoPipes.js';
import { TapLines } from './tapLines.js';
import { TapRecording, ThreadPump } from './threadPump.js';

export interface StdioTapOptions {
  command: string;
  args: readonly string[];
  recorder: FrameRecorder;
  faults?: readonly FaultRule[];
  /** The host's side (default: this process's stdin, stdout, stderr). */
  hostIn?: Readable;
  hostOut?: Writable;
  hostErr?: Writable;
  /** Signals passed on to the child (default SIGINT, SIGTERM, SIGHUP; none when hostIn is given). */
  forwardSignals?: readonly NodeJS.Signals[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Called once the tap runs, with a way to set new fault rules while it does (Loupe's, for a live tap). */
  onControl?: (control: TapControl) => void;
  /**
   * Pass the bytes on forwarding threads (threadPump.ts) when no fault rules are given and the tap owns this
   * process's stdin and stdout: about the speed of a bare pipe. Rules cannot be set on it later (setFaults says so),
   * so a tap that may get them (a live one) leaves this off.
   */
  fastPath?: boolean;
  /**
   * The recording limit of one line (default 64 MiB): a longer line passes on whole and unchanged, and is recorded as
   * a marker with its size, digest and first bytes (frameCapture.ts).
   */
  maxFrameBytes?: number;
}

export interface TapControl {
  /**
   * The rules from now on, for both directions (an empty list: none); lines already passed are not touched.
   * Returns false when this tap cannot take rules while it runs (it passes bytes on the fast path).
   */
  setFaults(rules: readonly FaultRule[]): boolean;
}

export interface TapExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when a `close` fault ended the connection. */
  closedByFault?: string;
}

/** Runs the tap until the child has exited and both of its output pipes are drained. */
export function runStdioTap(options: StdioTapOptions): Promise<TapExit> {
  const { recorder } = options;
  if (!options.command.trim())
    return Promise.reject(
      new LoupeError({
        kind: 'usage',
        message: 'loupe tap needs the server command after --, e.g. loupe tap -- node server.js',
      }),
    );
  const hostReads =
    options.fastPath === true && !options.hostIn && !options.hostOut && (options.faults ?? []).length === 0
      ? stdinReads()
      : undefined;
  const fast = hostReads ? serverPipes() : undefined;
  const given = {
    env: options.env ?? process.env,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    windowsHide: true,
  };
  if (fast) {
    const server = spawn(options.command, [...options.args], {
      ...given,
      stdio: [fast.serverStdin, fast.serverStdout, 'pipe'],
    });
    // The server has its ends now: holding them would keep its stdin (and our read of its stdout) from ending.
    closeSync(fast.serverStdin);
    closeSync(fast.serverStdout);
    return runFast(options, server, fast, hostReads ?? 'events');
  }
  const child = spawn(options.command, [...options.args], { ...given, stdio: 'pipe' });
  // (Opened only here: opening process.stdin or stdout makes the descriptor non-blocking under the fast path.)
  const hostIn = options.hostIn ?? process.stdin;
  const hostOut = options.hostOut ?? process.stdout;
  const hostErr = options.hostErr ?? process.stderr;
  return new Promise<TapExit>((resolve, reject) => {
    let closedByFault: string | undefined;
    let spawned = false;
    const rules = options.faults ?? [];
    const stageOf = (answerOn: () => LinePump | undefined): FaultStage => ({
      matcher,
      subjects,
      answer: (line, mark) => answerOn()?.inject(line, mark),
      close: (mark) => {
        closedByFault = mark;
        toServer.shut();
        toHost.shut();
        child.kill('SIGTERM');
      },
    });
    const stage = (answerOn: () => LinePump | undefined): FaultStage | undefined =>
      rules.length === 0 ? undefined : stageOf(answerOn);
    const matcher = new FaultMatcher(rules);
    const subjects = new MessageSubjects();
    const limit = frameLimit(options.maxFrameBytes);
    // Both directions' pass-through recording in one order: a request before the answer it caused.
    const order = new PassOrder(recorder);
    const toServer: LinePump = new LinePump(
      'out',
      hostIn,
      child.stdin,
      recorder,
      limit,
      stage(() => toHost),
      order,
    );
    const toHost: LinePump = new LinePump(
      'in',
      child.stdout,
      hostOut,
      recorder,
      limit,
      stage(() => toServer),
      order,
    );
    options.onControl?.({
      setFaults(next) {
        matcher.replace(next);
        if (next.length === 0) return true;
        toServer.useFaults(stageOf(() => toHost));
        toHost.useFaults(stageOf(() => toServer));
        return true;
      },
    });
    const signals =
      options.forwardSignals ?? (options.hostIn ? [] : (['SIGINT', 'SIGTERM', 'SIGHUP'] as const));
    const forward = (signal: NodeJS.Signals): void => {
      // The host is ending the server: lines a fault holds back are not waited for.
      toHost.shut();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    for (const signal of signals) process.on(signal, forward);
    // The host may close its end first: a write to a closed pipe must not kill the tap.
    child.stdin.on('error', () => undefined);
    hostOut.on('error', () => undefined);
    const stderrLines = stderrRecording(recorder, limit);
    child.stderr.on('data', (chunk: Buffer) => {
      hostErr.write(chunk);
      stderrLines.push(chunk);
    });
    child.stderr.on('end', () => stderrLines.end());
    let hostOutDone: () => void = () => undefined;
    const hostOutEnded = new Promise<void>((done) => (hostOutDone = done));
    child.once('spawn', () => {
      spawned = true;
      toServer.start(() => undefined);
      toHost.start(hostOutDone);
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (spawned) return;
      for (const signal of signals) process.off(signal, forward);
      hostIn.pause();
      reject(spawnFailure(options.command, error));
    });
    child.once('close', (code, signal) => {
      // The server is gone: nothing more will read what the host sends.
      hostIn.pause();
      // Everything the server wrote reaches the host (a delayed line included) before the tap reports the exit;
      // a signal meanwhile (the host ending the tap) cuts that short, so signals stay forwarded until then.
      void hostOutEnded.then(() => {
        for (const forwarded of signals) process.off(forwarded, forward);
        resolve({ code, signal, ...(closedByFault === undefined ? {} : { closedByFault }) });
      });
    });
  });
}

/** The server's stderr, recorded line by line as it passed (kind 'stderr'), each line bounded as a frame is. */
function stderrRecording(recorder: FrameRecorder, limit: number): TapLines {
  return new TapLines(recorder, 'in', limit, 'A stderr line', () => ({ kind: 'stderr' }));
}

/**
 * How the fast path can read this process's stdin: a pipe or socket (what hosts give) by a thread's event loop, a
 * file by blocking reads (its end comes); a terminal or anything unknown not at all (the event-loop path then).
 */
function stdinReads(): 'blocking' | 'events' | undefined {
  try {
    const stats = fstatSync(0);
    if (stats.isFIFO() || stats.isSocket()) return 'events';
    if (stats.isFile()) return 'blocking';
  } catch {
    // No stdin at all.
  }
  return undefined;
}

/** The fast path: the host's stdin and stdout and the server's pipes, each direction on its own forwarding thread. */
function runFast(
  options: StdioTapOptions,
  child: ChildProcess,
  pipes: ServerPipes,
  hostReads: 'blocking' | 'events',
): Promise<TapExit> {
  const { recorder } = options;
  const hostErr = options.hostErr ?? process.stderr;
  const limit = frameLimit(options.maxFrameBytes);
  const recording = new TapRecording(recorder);
  const toServer = new ThreadPump(
    {
      direction: 'out',
      reads: hostReads,
      source: 0,
      sink: pipes.toServer,
      closeSink: true,
      recorder,
      keepsAlive: false,
      maxFrameBytes: limit,
    },
    recording,
  );
  const toHost = new ThreadPump(
    {
      direction: 'in',
      reads: 'blocking',
      source: pipes.fromServer,
      sink: 1,
      closeSink: false,
      recorder,
      keepsAlive: true,
      maxFrameBytes: limit,
    },
    recording,
  );
  options.onControl?.({ setFaults: (next) => next.length === 0 });
  return new Promise<TapExit>((resolve, reject) => {
    let spawned = false;
    const signals = options.forwardSignals ?? (['SIGINT', 'SIGTERM', 'SIGHUP'] as const);
    const forward = (signal: NodeJS.Signals): void => {
      toHost.shut();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    for (const signal of signals) process.on(signal, forward);
    const stderr = child.stderr as Readable;
    const stderrLines = stderrRecording(recorder, limit);
    stderr.on('data', (chunk: Buffer) => {
      hostErr.write(chunk);
      stderrLines.push(chunk);
    });
    stderr.on('end', () => stderrLines.end());
    let hostOutDone: () => void = () => undefined;
    const hostOutEnded = new Promise<void>((done) => (hostOutDone = done));
    const closeOurs = (): void => {
      for (const fd of [pipes.toServer, pipes.fromServer]) {
        try {
          closeSync(fd);
        } catch {
          // Closed already.
        }
      }
    };
    child.once('spawn', () => {
      spawned = true;
      toServer.start(() => undefined);
      toHost.start(() => {
        closeSync(pipes.fromServer);
        hostOutDone();
      });
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (spawned) return;
      for (const signal of signals) process.off(signal, forward);
      closeOurs();
      reject(spawnFailure(options.command, error));
    });
    child.once('close', (code, signal) => {
      void hostOutEnded.then(() => {
        // What the host sent up to now is recorded, though its stdin may stay open.
        recording.flush();
        for (const forwarded of signals) process.off(forwarded, forward);
        resolve({ code, signal });
      });
    });
  });
}
