/** Loads a snapshot file: io-error when it cannot be read (ENOENT named plainly), snapshot-invalid when it is not one. */
import { readFile } from 'node:fs/promises';
import { LoupeError } from '../../shared/errors.js';
import type { Snapshot } from '../../shared/snapshot.js';
import { parseSnapshot } from './parseSnapshot.js';

export async function readSnapshot(path: string): Promise<Snapshot> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
    const message = code === 'ENOENT' ? `No snapshot file at ${path}.` : `Could not read ${path}: ${error instanceof Error ? error.message : String(error)}`;
    throw new LoupeError({ kind: 'io-error', message, ...(code ? { data: { code } } : {}) }, { cause: error });
  }
  try {
    return parseSnapshot(text);
  } catch (error) {
    if (error instanceof LoupeError) throw new LoupeError({ ...error.detail, message: `${path}: ${error.detail.message}` });
    throw error;
  }
}
