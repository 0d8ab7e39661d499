/** Loupe's version, from the package.json above the running file (src/cli or out/node/cli). */
import { readFileSync } from 'node:fs';

export function loupeVersion(): string {
  let directory = new URL('.', import.meta.url);
  for (let depth = 0; depth < 5; depth += 1) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(new URL('package.json', directory), 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && 'name' in parsed && parsed.name === 'loupe' && 'version' in parsed) {
        return String(parsed.version);
      }
    } catch {
      // not here: look one level up
    }
    directory = new URL('..', directory);
  }
  return '0.0.0';
}
