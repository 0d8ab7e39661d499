/**
 * Settings persisted as one JSON file in the app data dir, readable by its owner alone. Written atomically
 * (temp file + fsync + rename) so a crash mid-write never leaves half a file; a missing or corrupt file gives
 * the defaults. Secret-looking env and header values of saved servers never reach the file in clear: they are
 * sealed by the SecretStore or left out (settingsSecrets.ts); a file holding them in clear is rewritten on load.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SavedServer, Settings } from '../../shared/contract.js';
import { parseServerAuth } from './authSettings.js';
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject } from '../../shared/json.js';
import { defaultPageLimit } from '../../shared/lists.js';
import { defaultRequestTimeoutMs, isRequestTimeout, maxRequestTimeoutMs } from '../../shared/session.js';
import type { Target } from '../../shared/target.js';
import { normalizeTraceSettings } from '../../shared/trace/traceSettings.js';
import { writeFileAtomic } from '../snapshot/writeSnapshot.js';
import type { SecretStore } from './secretStore.js';
import { openSettings, sealSettings } from './settingsSecrets.js';

export const defaultSettings: Readonly<Settings> = Object.freeze({
  timeoutMs: defaultRequestTimeoutMs,
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
    const args = Array.isArray(value.args)
      ? value.args.filter((arg): arg is string => typeof arg === 'string')
      : [];
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
    const auth = parseServerAuth(entry.auth);
    const server: SavedServer =
      protocol === 'auto' || protocol === 'modern' || protocol === 'legacy'
        ? { id: entry.id, name: entry.name, target, protocol }
        : { id: entry.id, name: entry.name, target };
    const source = entry.source;
    if (isJsonObject(source) && typeof source.path === 'string' && typeof source.server === 'string') {
      server.source = { path: source.path, server: source.server };
    }
    if (isRequestTimeout(entry.timeoutMs)) server.timeoutMs = entry.timeoutMs;
    return [auth ? { ...server, auth } : server];
  });
}

/** Any value to valid settings: unknown fields dropped, bad ones replaced by defaults. */
export function normalizeSettings(value: unknown): Settings {
  const source = isJsonObject(value) ? value : {};
  return {
    timeoutMs: positiveInteger(source.timeoutMs, defaultSettings.timeoutMs, maxRequestTimeoutMs),
    maxTotalMs: positiveInteger(source.maxTotalMs, defaultSettings.maxTotalMs, 24 * 3_600_000),
    pageLimit: positiveInteger(source.pageLimit, defaultSettings.pageLimit, 100_000),
    savedServers: parseSavedServers(source.savedServers),
    ...parseExtensions(source.extensions),
    ...(source.traces === undefined ? {} : { traces: normalizeTraceSettings(source.traces) }),
  };
}

/** The extension choice, kept only when it is well formed. */
function parseExtensions(value: unknown): Pick<Settings, 'extensions'> {
  if (!isJsonObject(value) || typeof value.tasks !== 'boolean' || typeof value.ui !== 'boolean') return {};
  // Settings saved before the skills extension was declared: it is on, like the default.
  return { extensions: { tasks: value.tasks, ui: value.ui, skills: value.skills !== false } };
}

export interface SettingsStore {
  load(): Promise<Settings>;
  save(settings: unknown): Promise<Settings>;
}

/** Without a path, settings live in memory only (tests, a host run without a data dir). */
export function createSettingsStore(path?: string, secretStore?: SecretStore): SettingsStore {
  let current: Settings | undefined;
  let writing: Promise<unknown> = Promise.resolve();

  async function persist(target: string, settings: Settings): Promise<void> {
    const write = writing.then(async () => {
      await mkdir(dirname(target), { recursive: true });
      await writeFileAtomic(target, `${JSON.stringify(sealSettings(settings, secretStore), null, 2)}\n`);
    });
    writing = write.catch(() => undefined);
    try {
      await write;
    } catch (error) {
      throw new LoupeError(
        {
          kind: 'io-error',
          message: `Could not save settings to ${target}: ${error instanceof Error ? error.message : String(error)}`,
        },
        { cause: error },
      );
    }
  }

  return {
    async load() {
      if (current) return current;
      if (!path) return (current = normalizeSettings({}));
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch {
        return (current = normalizeSettings({}));
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return (current = normalizeSettings({}));
      }
      const { settings, hadPlainSecrets } = openSettings(normalizeSettings(parsed), secretStore);
      current = settings;
      // A file from before secrets were kept out of it: seal them (or drop them) now, not at the next save.
      if (hadPlainSecrets) await persist(path, settings).catch(() => undefined);
      return current;
    },
    async save(settings) {
      const next = normalizeSettings(settings);
      if (path) await persist(path, next);
      current = next;
      return next;
    },
  };
}
