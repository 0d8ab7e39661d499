/**
 * The pin file on disk (`--pin`, the app's pins.json). Read: a missing file is an empty book; one that cannot be read
 * is an io-error, and one that is not a usable pin file is `pins-invalid`, each naming the path and the cause (a
 * corrupt file is never taken for an empty book, nor replaced). Written whole and atomically (a temporary file in
 * the same folder, fsync, rename), readable by its owner alone.
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { LoupeError } from '../../shared/errors.js';
import type { PinBook } from '../../shared/security.js';
import { readRegularFile } from '../regularFile.js';
import { writeFileAtomic } from '../snapshot/writeSnapshot.js';
import { emptyPinBook, parsePinBook } from './pins.js';

/** A pin keeps each item's definition: 50,000 tools are tens of MB. A JavaScript string holds about 512 MiB. */
const maxPinBytes = 512 * 1024 * 1024;

export async function readPinBook(path: string): Promise<PinBook> {
  const read = await readRegularFile(path, maxPinBytes);
  if (!read.ok) {
    if (!read.exists) return emptyPinBook();
    throw new LoupeError({
      kind: read.tooLarge ? 'pins-invalid' : 'io-error',
      message: `Could not read the pin file ${path}: ${read.reason}${read.tooLarge ? ' for a pin file' : ''}.`,
      data: { path },
    });
  }
  try {
    return parsePinBook(read.bytes.toString('utf8'));
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new LoupeError(
      {
        kind: 'pins-invalid',
        message: `The pin file ${path} is not usable: ${cause}. Loupe leaves it as it is: repair it or restore a copy, or move it away to pin afresh.`,
        data: { path, cause },
      },
      { cause: error },
    );
  }
}

export async function writePinBook(path: string, book: PinBook): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, `${JSON.stringify(book, null, 2)}\n`);
}
