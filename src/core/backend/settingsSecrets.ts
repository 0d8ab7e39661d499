/**
 * Secret-looking values of saved servers (env vars and headers whose names look secret, the same rule the
 * snapshot redaction uses) between memory, where they are plain, and the settings file, where they are
 * sealed by the SecretStore or replaced by notSavedMarker. Reading turns sealed values back into plain ones
 * and reports a file that still held plain secrets (written by an earlier version), so it is rewritten.
 */
import type { SavedServer, Settings } from '../../shared/contract.js';
import { looksSecret, type Target } from '../../shared/target.js';
import { mapAuthSecret } from './authSettings.js';
import { notSavedMarker, sealedPrefix, type SecretStore } from './secretStore.js';

type ValueMap = (name: string, value: string) => string;

/** `all`: a server imported from a client config, whose every env and header value is treated as secret. */
function mapSecretValues(target: Target, map: ValueMap, all = false): Target {
  const secret = (name: string): boolean => all || looksSecret(name);
  if (target.transport === 'stdio') {
    if (!target.env) return target;
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(target.env))
      env[name] = secret(name) ? map(name, value) : value;
    return { ...target, env };
  }
  if (target.transport === 'demo' || !target.headers) return target;
  return {
    ...target,
    headers: target.headers.map((header) => ({
      name: header.name,
      value: secret(header.name) ? map(header.name, header.value) : header.value,
    })),
  };
}

function mapServers(servers: readonly SavedServer[], map: ValueMap): SavedServer[] {
  return servers.map((server) => {
    const mapped = { ...server, target: mapSecretValues(server.target, map, server.source !== undefined) };
    const auth = mapAuthSecret(server.auth, map);
    return auth ? { ...mapped, auth } : mapped;
  });
}

/** Whether a value needs no sealing: nothing, or already a marker of an earlier save. */
function isInert(value: string): boolean {
  return value === '' || value === notSavedMarker;
}

/** Settings as they go to disk: every secret value sealed, or the marker when it cannot be. */
export function sealSettings(settings: Settings, store: SecretStore | undefined): Settings {
  const seal: ValueMap = (_name, value) => {
    if (isInert(value)) return value;
    const sealed = store?.seal(value);
    return sealed === undefined ? notSavedMarker : `${sealedPrefix}${sealed}`;
  };
  return { ...settings, savedServers: mapServers(settings.savedServers, seal) };
}

/**
 * Settings as read from disk, with sealed values opened (the marker when they cannot be). `hadPlainSecrets`
 * is true when the file held a secret in clear: the caller rewrites it sealed.
 */
export function openSettings(
  settings: Settings,
  store: SecretStore | undefined,
): { settings: Settings; hadPlainSecrets: boolean } {
  let hadPlainSecrets = false;
  const open: ValueMap = (_name, value) => {
    if (isInert(value)) return value;
    if (!value.startsWith(sealedPrefix)) {
      hadPlainSecrets = true;
      return value;
    }
    if (!store) return notSavedMarker;
    try {
      return store.open(value.slice(sealedPrefix.length));
    } catch {
      return notSavedMarker;
    }
  };
  const opened = { ...settings, savedServers: mapServers(settings.savedServers, open) };
  return { settings: opened, hadPlainSecrets };
}
