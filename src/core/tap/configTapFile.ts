/**
 * "Tap this server" on a file: the proposal (configTap.ts's diff, read from the file as it is now) and, after the
 * person's yes, the write — a backup copy beside the file first, then the new text through a temporary file and a
 * rename, the file's mode, owner and symbolic link kept (keptFile.ts). The write re-reads the file and refuses when the
 * change is no longer the one shown. `loupe tap --config … --write` writes through writeConfigTap too.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConfigTapProposal, ConfigTapWritten } from '../../shared/config.js';
import { LoupeError } from '../../shared/errors.js';
import { planConfigTap, type ConfigTapPlan, type TapCommand } from './configTap.js';
import { replaceKeepingFile, type KeptWrite } from './keptFile.js';

/** This loupe, as a host should run it: this Node and the absolute path of bin/loupe.js (the nearest above this file: src/ or out/node/). */
export function thisLoupe(): TapCommand {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const bin = join(folder, 'bin', 'loupe.js');
    if (existsSync(bin)) return { command: process.execPath, args: [bin] };
    const up = dirname(folder);
    if (up === folder)
      throw new LoupeError({
        kind: 'internal',
        message: 'bin/loupe.js was not found above this install of Loupe.',
      });
    folder = up;
  }
}

async function planOf(path: string, server: string, tap: TapCommand): Promise<ConfigTapPlan> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new LoupeError({
      kind: 'config-invalid',
      message: `${path}: cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      data: { path },
    });
  }
  return planConfigTap(path, text, server, tap);
}

export async function proposeConfigTap(
  path: string,
  server: string,
  tap: TapCommand = thisLoupe(),
): Promise<ConfigTapProposal> {
  const plan = await planOf(path, server, tap);
  return {
    path,
    server,
    diff: plan.diff,
    writable: plan.text !== undefined,
    ...(plan.text === undefined
      ? { reason: `${path} has comments, which rewriting it would lose: paste the + lines into it by hand.` }
      : {}),
  };
}

/**
 * Copies the file to <file>.loupe-backup-<time>, then writes the new text in its place, keeping the file's mode,
 * owner and symbolic link (keptFile.ts); a failure leaves the file as it was. Returns the backup's path and the file
 * written (a link's target).
 */
export async function writeWithBackup(
  path: string,
  text: string,
  now: Date = new Date(),
): Promise<KeptWrite> {
  return replaceKeepingFile(path, text, now);
}

export async function writeConfigTap(
  path: string,
  server: string,
  shown: readonly string[],
  tap: TapCommand = thisLoupe(),
): Promise<ConfigTapWritten> {
  const plan = await planOf(path, server, tap);
  if (plan.diff.length !== shown.length || plan.diff.some((line, index) => line !== shown[index]))
    throw new LoupeError({
      kind: 'config-invalid',
      message: `${path} changed since the change was shown: nothing written. Look at it again.`,
      data: { path },
    });
  if (plan.text === undefined)
    throw new LoupeError({
      kind: 'config-invalid',
      message: `${path} has comments, which rewriting it would lose: paste the + lines into it by hand.`,
      data: { path },
    });
  return { path, backup: (await writeWithBackup(path, plan.text)).backup };
}
