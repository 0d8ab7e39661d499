/** Loupe's version, from the package.json above the running file (src/core, out/node/core or out/main); the one source of the version for clientInfo, snapshots and the CLI. */
import { readFileSync } from 'node:fs';

let cached: string | undefined;

export function loupeVersion(): string {
  if (cached) return cached;
  let directory = new URL('.', import.meta.url);
  for (let depth = 0; depth < 6; depth += 1) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(new URL('package.json', directory), 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && 'name' in parsed && parsed.name === 'loupe' && 'version' in parsed) {
        return (cached = String(parsed.version));
      }
    } catch {
      // not here: look one level up
    }
    directory = new URL('..', directory);
  }
  return (cached = '0.0.0');
}
