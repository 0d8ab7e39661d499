/**
 * Runs real clients through `loupe tap` (the built CLI) and reads what the tap recorded: the official SDK 1.x
 * Client and the v2 Client over their own stdio transports, with teeHost.mjs between the client and the tap
 * keeping the bytes that crossed the pipe, and the journal the tap wrote.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Frame } from '../../src/shared/frames.js';
import { everythingServer, loupeBin } from '../cli/loupe.js';

// Taps these tests start look for a Loupe where none runs: a Loupe of the user's (or another test's host) is not
// sent their frames. (liveTap.test.ts names its own folder.)
process.env.LOUPE_RUNTIME_DIR ??= join(tmpdir(), `loupe-tap-tests-${process.pid}`);

export const teeHost = fileURLToPath(new URL('./teeHost.mjs', import.meta.url));
export const everythingStdio = [process.execPath, everythingServer, 'stdio'];

export interface TapFiles {
  folder: string;
  journal: string;
  sent: string;
  received: string;
}

export function tapFiles(): TapFiles {
  const folder = mkdtempSync(join(tmpdir(), 'loupe-tap-'));
  return {
    folder,
    journal: join(folder, 'tap.jsonl'),
    sent: join(folder, 'sent.bin'),
    received: join(folder, 'received.bin'),
  };
}

/** The command line a host would run: the tee, then `loupe tap --journal … [--fault …] -- <server>`. */
export function tappedCommand(
  files: TapFiles,
  server: readonly string[],
  faults: readonly string[] = [],
): { command: string; args: string[] } {
  const faultFlags = faults.flatMap((rule) => ['--fault', rule]);
  return {
    command: process.execPath,
    args: [
      teeHost,
      files.sent,
      files.received,
      process.execPath,
      loupeBin,
      'tap',
      '--journal',
      files.journal,
      ...faultFlags,
      '--',
      ...server,
    ],
  };
}

/** The SDK 1.x Client connected through the tap (or, with no files, directly to the server). */
export async function sdkClient(
  server: readonly string[],
  files?: TapFiles,
  faults: readonly string[] = [],
): Promise<{ client: Client; errors: Error[] }> {
  const line = files
    ? tappedCommand(files, server, faults)
    : { command: server[0] ?? '', args: server.slice(1) };
  const transport = new StdioClientTransport({
    ...line,
    stderr: 'pipe',
    env: { ...process.env } as Record<string, string>,
  });
  const client = new Client({ name: 'tap-test-host', version: '1.2.3' });
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  return { client, errors };
}

/** Files named with "{pid}" (each process the host started has its own set). */
export function tapFilesPerProcess(): TapFiles {
  const folder = mkdtempSync(join(tmpdir(), 'loupe-tap-'));
  return {
    folder,
    journal: join(folder, 'tap-{pid}.jsonl'),
    sent: join(folder, 'sent-{pid}.bin'),
    received: join(folder, 'received-{pid}.bin'),
  };
}

/** The sets of files a per-process run left, one per process. */
export function processFiles(files: TapFiles): TapFiles[] {
  return readdirSync(files.folder)
    .filter((name) => name.startsWith('tap-'))
    .map((name) => name.slice('tap-'.length, -'.jsonl'.length))
    .map((pid) => ({
      folder: files.folder,
      journal: files.journal.replace('{pid}', pid),
      sent: files.sent.replace('{pid}', pid),
      received: files.received.replace('{pid}', pid),
    }));
}

/** The frames of a journal, in order. */
export function journalFrames(path: string): Frame[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Frame);
}

/** The bytes a direction's frames stand for: each recorded line and its '\n'. */
export function recordedBytes(frames: readonly Frame[], direction: 'out' | 'in'): Buffer {
  const lines = frames.filter((frame) => frame.direction === direction && frame.kind !== 'stderr');
  return Buffer.concat(
    lines.map((frame) =>
      Buffer.concat([
        frame.rawBase64 ? Buffer.from(frame.rawBase64, 'base64') : Buffer.from(frame.raw, 'utf8'),
        Buffer.from('\n'),
      ]),
    ),
  );
}

/** The error a promise rejects with (any kind); a resolve fails the test. */
export async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}
