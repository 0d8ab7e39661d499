/** The pin file on disk: read (a missing file is an empty book), written whole through a temporary file, user-only. */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { PinBook } from '../../shared/security.js';
import { emptyPinBook, parsePinBook } from './pins.js';

export async function readPinBook(path: string): Promise<PinBook> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyPinBook();
    throw error;
  }
  try {
    return parsePinBook(text);
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function writePinBook(path: string, book: PinBook): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(book, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, path);
}
