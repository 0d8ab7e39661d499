/**
 * Where sign-ins are kept: one JSON file (0600) under the app data dir, tokens per resource server and issuer,
 * dynamic client registrations per issuer (never shown to another issuer). Every secret (access and refresh
 * tokens, client secrets) is sealed through a SecretStore; a secret that cannot be sealed is not written, so the
 * user signs in again after a restart. Sign-out forgets a server's tokens.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json.js';
import type { SecretStore } from '../backend/secretStore.js';
import type { ClientIdentity } from './clientIdentity.js';
import type { Tokens } from './tokenEndpoint.js';

export interface StoredGrant {
  issuer: string;
  tokens: Tokens;
  /** The private JWK of the DPoP key the tokens are bound to (sealed on disk like them). */
  dpopKey?: string;
}

export class TokenStore {
  private readonly path: string;

  constructor(
    private readonly directory: string,
    private readonly sealer: SecretStore,
  ) {
    this.path = join(directory, 'auth.json');
  }

  /** The last sign-in for this resource server, if any (and if its secrets can be opened). */
  grant(serverUrl: string): StoredGrant | undefined {
    const file = this.read();
    const issuer = stringAt(file, 'current', serverUrl);
    const entry = issuer === undefined ? undefined : objectAt(file, 'grants', grantKey(serverUrl, issuer));
    if (!issuer || !entry) return undefined;
    const accessToken = this.open(entry.accessToken);
    if (accessToken === undefined) return undefined;
    const tokens: Tokens = { accessToken };
    const refreshToken = this.open(entry.refreshToken);
    if (refreshToken !== undefined) tokens.refreshToken = refreshToken;
    if (typeof entry.expiresAt === 'number') tokens.expiresAt = entry.expiresAt;
    if (typeof entry.issuedAt === 'number') tokens.issuedAt = entry.issuedAt;
    if (typeof entry.scope === 'string') tokens.scope = entry.scope;
    if (entry.tokenType === 'DPoP') tokens.tokenType = 'DPoP';
    const dpopKey = this.open(entry.dpopKey);
    return { issuer, tokens, ...(dpopKey !== undefined ? { dpopKey } : {}) };
  }

  saveGrant(serverUrl: string, issuer: string, tokens: Tokens, dpopKey?: string): void {
    const file = this.read();
    const entry: JsonObject = {};
    const access = this.sealer.seal(tokens.accessToken);
    if (access === undefined) return;
    entry.accessToken = access;
    const refresh = tokens.refreshToken === undefined ? undefined : this.sealer.seal(tokens.refreshToken);
    if (refresh !== undefined) entry.refreshToken = refresh;
    if (tokens.expiresAt !== undefined) entry.expiresAt = tokens.expiresAt;
    if (tokens.issuedAt !== undefined) entry.issuedAt = tokens.issuedAt;
    if (tokens.scope !== undefined) entry.scope = tokens.scope;
    if (tokens.tokenType === 'DPoP') {
      // A bound token is useless without its key: both are kept, or neither.
      const key = dpopKey === undefined ? undefined : this.sealer.seal(dpopKey);
      if (key === undefined) return;
      entry.tokenType = 'DPoP';
      entry.dpopKey = key;
    }
    section(file, 'grants')[grantKey(serverUrl, issuer)] = entry;
    section(file, 'current')[serverUrl] = issuer;
    this.write(file);
  }

  /** A dynamic registration made at this issuer for this redirect host. */
  client(issuer: string): ClientIdentity | undefined {
    const entry = objectAt(this.read(), 'clients', issuer);
    if (!entry || typeof entry.clientId !== 'string') return undefined;
    const method = entry.authMethod;
    if (method !== 'none' && method !== 'client_secret_basic' && method !== 'client_secret_post')
      return undefined;
    const secret = this.open(entry.clientSecret);
    if (method !== 'none' && secret === undefined) return undefined;
    return {
      clientId: entry.clientId,
      authMethod: method,
      source: 'dynamic',
      ...(secret !== undefined ? { clientSecret: secret } : {}),
    };
  }

  saveClient(issuer: string, client: ClientIdentity): void {
    if (client.source !== 'dynamic') return;
    const file = this.read();
    const entry: JsonObject = { clientId: client.clientId, authMethod: client.authMethod };
    if (client.clientSecret !== undefined) {
      const sealed = this.sealer.seal(client.clientSecret);
      if (sealed === undefined) return;
      entry.clientSecret = sealed;
    }
    section(file, 'clients')[issuer] = entry;
    this.write(file);
  }

  /** Sign-out: forgets this server's tokens at every issuer. Returns how many grants were removed. */
  forget(serverUrl: string): number {
    const file = this.read();
    const grants = section(file, 'grants');
    const keys = Object.keys(grants).filter((key) => key.startsWith(`${serverUrl}\n`));
    for (const key of keys) delete grants[key];
    delete section(file, 'current')[serverUrl];
    this.write(file);
    return keys.length;
  }

  private open(sealed: JsonValue | undefined): string | undefined {
    if (typeof sealed !== 'string') return undefined;
    try {
      return this.sealer.open(sealed);
    } catch {
      return undefined;
    }
  }

  private read(): JsonObject {
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.path, 'utf8'));
      return isJsonObject(parsed) ? parsed : {};
    } catch {
      return {};
    }
  }

  private write(file: JsonObject): void {
    mkdirSync(this.directory, { recursive: true, mode: 0o700 });
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, this.path);
  }
}

function grantKey(serverUrl: string, issuer: string): string {
  return `${serverUrl}\n${issuer}`;
}

function section(file: JsonObject, name: string): JsonObject {
  const existing = file[name];
  if (isJsonObject(existing)) return existing;
  const created: JsonObject = {};
  file[name] = created;
  return created;
}

function objectAt(file: JsonObject, name: string, key: string): JsonObject | undefined {
  const value = isJsonObject(file[name]) ? file[name][key] : undefined;
  return isJsonObject(value) ? value : undefined;
}

function stringAt(file: JsonObject, name: string, key: string): string | undefined {
  const value = isJsonObject(file[name]) ? file[name][key] : undefined;
  return typeof value === 'string' ? value : undefined;
}
