/**
 * The stdio tap: runs the server as a child and stands between it and the host. The host's stdin goes to the
 * child's stdin, the child's stdout to the host's stdout and its stderr to the host's stderr, byte for byte (no
 * fault rules) and every line recorded. The child gets the environment, arguments and working directory the tap
 * was given. Signals the tap receives are passed to the child; the child's exit code (or signal) becomes the tap's.
 */
import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { LoupeError } from '../../shared/errors.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import { LineSplitter } from '../wire/lineSplitter.js';
import { spawnFailure } from '../wire/spawnFailure.js';
import { FaultMatcher, type FaultRule } from './faultRules.js';
import { LinePump, type FaultStage } from './linePump.js';
import { MessageSubjects } from './messageSubjects.js';

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
}

export interface TapControl {
  /** The rules from now on, for both directions (an empty list: none); lines already passed are not touched. */
  setFaults(rules: readonly FaultRule[]): void;
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
  const hostIn = options.hostIn ?? process.stdin;
  const hostOut = options.hostOut ?? process.stdout;
  const hostErr = options.hostErr ?? process.stderr;
  if (!options.command.trim())
    return Promise.reject(
      new LoupeError({
        kind: 'usage',
        message: 'loupe tap needs the server command after --, e.g. loupe tap -- node server.js',
      }),
    );
  const child = spawn(options.command, [...options.args], {
    stdio: 'pipe',
    env: options.env ?? process.env,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    windowsHide: true,
  });
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
    const toServer: LinePump = new LinePump(
      'out',
      hostIn,
      child.stdin,
      recorder,
      stage(() => toHost),
    );
    const toHost: LinePump = new LinePump(
      'in',
      child.stdout,
      hostOut,
      recorder,
      stage(() => toServer),
    );
    options.onControl?.({
      setFaults(next) {
        matcher.replace(next);
        if (next.length === 0) return;
        toServer.useFaults(stageOf(() => toHost));
        toHost.useFaults(stageOf(() => toServer));
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
    const stderrLines = new LineSplitter((text) => recorder.record('in', text, { kind: 'stderr' }));
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
