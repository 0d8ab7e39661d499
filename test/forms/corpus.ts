/** The schema corpus under test/fixtures/schemas: every JSON file except capture output metadata. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JsonObject } from '../../src/shared/json.js';

export const corpusRoot = fileURLToPath(new URL('../fixtures/schemas/', import.meta.url));

function walk(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) return walk(path);
    return entry.endsWith('.json') ? [path] : [];
  });
}

export function loadCorpus(): { name: string; schema: JsonObject }[] {
  return walk(corpusRoot)
    .sort()
    .map((path) => ({ name: relative(corpusRoot, path).replace(/\.json$/, ''), schema: JSON.parse(readFileSync(path, 'utf8')) as JsonObject }));
}
