/**
 * Loads a snapshot file: io-error when it cannot be read (ENOENT named plainly; a folder, a device or a named pipe
 * refused without reading: `/dev/zero` would never end), snapshot-invalid when it is not one.
 */
import { LoupeError } from '../../shared/errors.js';
import type { Snapshot } from '../../shared/snapshot.js';
import { readRegularFile } from '../regularFile.js';
import { parseSnapshot } from './parseSnapshot.js';

/** The longest text a JavaScript string holds is about 512 MiB: a larger file cannot be parsed anyway. */
const maxSnapshotBytes = 512 * 1024 * 1024;

export async function readSnapshot(path: string): Promise<Snapshot> {
  const read = await readRegularFile(path, maxSnapshotBytes);
  if (!read.ok) {
    const message = read.exists
      ? `Could not read ${path}: ${read.reason}${read.tooLarge ? ' for a snapshot' : ''}.`
      : `No snapshot file at ${path}.`;
    throw new LoupeError({ kind: 'io-error', message, data: { path } });
  }
  try {
    return parseSnapshot(read.bytes.toString('utf8'));
  } catch (error) {
    if (error instanceof LoupeError) throw new LoupeError({ ...error.detail, message: `${path}: ${error.detail.message}` });
    throw error;
  }
}
