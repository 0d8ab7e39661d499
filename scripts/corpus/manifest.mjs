// The corpus manifest (manifest.json) and where the servers are installed: shared by install.mjs and capture.mjs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const corpusDirectory = () => process.env.LOUPE_CORPUS_DIR ?? '/work/corpus';

/** @returns {{ servers: { id: string, package: string, version: string, bin: string, args: string[], env: Record<string, string>, files?: Record<string, string>, node?: '22' }[] }} */
export function manifest() {
  return JSON.parse(readFileSync(new URL('./manifest.json', import.meta.url), 'utf8'));
}

/** The server's script, arguments and environment with {data} replaced by its scratch folder; files to write in it. */
export function commandOf(server) {
  const data = join(corpusDirectory(), '_data', server.id);
  const fill = (text) => text.replaceAll('{data}', data);
  return {
    data,
    script: join(corpusDirectory(), server.id, 'node_modules', server.package, server.bin),
    args: server.args.map(fill),
    env: Object.fromEntries(Object.entries(server.env).map(([name, value]) => [name, fill(value)])),
    files: server.files ?? {},
  };
}
