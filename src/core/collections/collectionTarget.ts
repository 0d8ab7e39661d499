/**
 * A collection's own target made dialable: `${env:NAME}` substituted (the values are never written back), a
 * stdio server's cwd and a client-config path resolved against the collection's folder (a stdio server without a
 * cwd runs there, so `"args": ["server.js"]` means the file beside the collection).
 */
import { isAbsolute, resolve } from 'node:path';
import type { CollectionTarget } from '../../shared/collections.js';
import type { JsonValue } from '../../shared/json.js';
import type { Target } from '../../shared/target.js';
import { substitute, type Scope } from './variables.js';

export type ResolvedTarget = { target: Target } | { config: { path: string; server: string } };

export function resolveCollectionTarget(
  given: CollectionTarget,
  baseDirectory: string,
  scope: Scope,
): ResolvedTarget {
  const target = substitute(given as unknown as JsonValue, scope) as unknown as CollectionTarget;
  const within = (path: string): string => (isAbsolute(path) ? path : resolve(baseDirectory, path));
  if ('config' in target) return { config: { path: within(target.config), server: target.server } };
  if (target.transport === 'stdio')
    return { target: { ...target, args: target.args ?? [], cwd: within(target.cwd ?? '.') } };
  return { target };
}
