/**
 * Settings persisted as one JSON file in the app data dir. Written atomically (temp file + rename) so a
 * crash mid-write never leaves half a file; a missing or corrupt file gives the defaults.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SavedServer, Settings } from '../../shared/contract.js';
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject } from '../../shared/json.js';
import { defaultPageLimit } from '../../shared/lists.js';
import type { Target } from '../../shared/target.js';

export const defaultSettings: Readonly<Settings> = Object.freeze({
  timeoutMs: 10_000,
  maxTotalMs: 60_000,
  pageLimit: defaultPageLimit,
  savedServers: [],
});

function positiveInteger(value: unknown, fallback: number, max: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? Math.min(value, max) : fallback;
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!isJsonObject(value)) return undefined;
  const record: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) if (typeof entry === 'string') record[key] = entry;
  return record;
}

/** A target read from disk or the wire, checked field by field; undefined when unusable. */
export function parseTarget(value: unknown): Target | undefined {
  if (!isJsonObject(value)) return undefined;
  const transport = value.transport;
  if (transport === 'demo') return { transport: 'demo' };
  if (transport === 'stdio') {
    if (typeof value.command !== 'string') return undefined;
    const args = Array.isArray(value.args) ? value.args.filter((arg): arg is string => typeof arg === 'string') : [];
    const target: Target = { transport: 'stdio', command: value.command, args };
    if (typeof value.cwd === 'string') target.cwd = value.cwd;
    const env = stringRecord(value.env);
    if (env) target.env = env;
    return target;
  }
  if (transport === 'http' || transport === 'sse' || transport === 'auto') {
    if (typeof value.url !== 'string') return undefined;
    const headers = Array.isArray(value.headers)
      ? value.headers.flatMap((header) =>
          isJsonObject(header) && typeof header.name === 'string' && typeof header.value === 'string'
            ? [{ name: header.name, value: header.value }]
            : [],
        )
      : undefined;
    return headers ? { transport, url: value.url, headers } : { transport, url: value.url };
  }
  return undefined;
}

function parseSavedServers(value: unknown): SavedServer[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (!isJsonObject(entry) || typeof entry.id !== 'string' || typeof entry.name !== 'string') return [];
    const target = parseTarget(entry.target);
    if (!target) return [];
    const protocol = entry.protocol;
    return protocol === 'auto' || protocol === 'modern' || protocol === 'legacy'
      ? [{ id: entry.id, name: entry.name, target, protocol }]
      : [{ id: entry.id, name: entry.name, target }];
  });
}

/** Any value to valid settings: unknown fields dropped, bad ones replaced by defaults. */
export function normalizeSettings(value: unknown): Settings {
  const source = isJsonObject(value) ? value : {};
  return {
    timeoutMs: positiveInteger(source.timeoutMs, defaultSettings.timeoutMs, 3_600_000),
    maxTotalMs: positiveInteger(source.maxTotalMs, defaultSettings.maxTotalMs, 24 * 3_600_000),
    pageLimit: positiveInteger(source.pageLimit, defaultSettings.pageLimit, 100_000),
    savedServers: parseSavedServers(source.savedServers),
  };
}

export interface SettingsStore {
  load(): Promise<Settings>;
  save(settings: unknown): Promise<Settings>;
}

/** Without a path, settings live in memory only (tests, a host run without a data dir). */
export function createSettingsStore(path?: string): SettingsStore {
  let current: Settings | undefined;
  let writing: Promise<unknown> = Promise.resolve();
  return {
    async load() {
      if (current) return current;
      if (!path) return (current = normalizeSettings({}));
      try {
        current = normalizeSettings(JSON.parse(await readFile(path, 'utf8')) as unknown);
      } catch {
        current = normalizeSettings({});
      }
      return current;
    },
    async save(settings) {
      const next = normalizeSettings(settings);
      if (path) {
        const target = path;
        const write = writing.then(async () => {
          await mkdir(dirname(target), { recursive: true });
          const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
          await writeFile(temporary, `${JSON.stringify(next, null, 2)}\n`, { encoding: 'utf8', mode: 0o600 });
          await rename(temporary, target);
        });
        writing = write.catch(() => undefined);
        try {
          await write;
        } catch (error) {
          throw new LoupeError(
            { kind: 'io-error', message: `Could not save settings to ${target}: ${error instanceof Error ? error.message : String(error)}` },
            { cause: error },
          );
        }
      }
      current = next;
      return next;
    },
  };
}
