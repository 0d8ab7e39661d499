/**
 * A server may list more tools to a client that declares more (server-everything adds its sampling, elicitation
 * and roots tools). What Loupe declared, in words, and how a second listing without any declaration differs.
 */
import { isJsonObject, type JsonObject } from '../../shared/json';
import type { LoupeErrorData } from '../../shared/errors';

/** The declared capabilities in words: core names first, then the extensions by their last name segment. */
export function declaredNames(capabilities: JsonObject | undefined): {
  core: string[];
  extensions: string[];
} {
  const core: string[] = [];
  const extensions: string[] = [];
  for (const [name, value] of Object.entries(capabilities ?? {})) {
    if (name !== 'extensions') core.push(name);
    else if (isJsonObject(value))
      extensions.push(...Object.keys(value).map((id) => id.split('/').pop() ?? id));
  }
  return { core, extensions };
}

/** The second listing's outcome beside the first: which tool names each has that the other lacks. */
export interface ProbeDifference {
  withCount: number;
  withoutCount: number;
  /** Listed to Loupe as it declared itself, not to a client without capabilities. */
  onlyWith: string[];
  /** Listed to a client without capabilities only. */
  onlyWithout: string[];
  /** Whether the second listing reached its last page. */
  complete: boolean;
}

export type CapabilityProbe =
  { state: 'running' } | ({ state: 'done' } & ProbeDifference) | { state: 'failed'; error: LoupeErrorData };

function names(items: readonly JsonObject[]): string[] {
  return items.map((item) => (typeof item.name === 'string' ? item.name : ''));
}

export function toolDifference(
  withItems: readonly JsonObject[],
  withoutItems: readonly JsonObject[],
  complete: boolean,
): ProbeDifference {
  const withNames = names(withItems);
  const withoutNames = names(withoutItems);
  const inWithout = new Set(withoutNames);
  const inWith = new Set(withNames);
  return {
    withCount: withItems.length,
    withoutCount: withoutItems.length,
    onlyWith: withNames.filter((name) => !inWithout.has(name)),
    onlyWithout: withoutNames.filter((name) => !inWith.has(name)),
    complete,
  };
}
