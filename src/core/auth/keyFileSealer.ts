/**
 * A SecretStore for where no OS keychain is at hand (the CLI): AES-256-GCM with a random key kept in its own
 * file (0600) beside the token file. Tokens are then never on disk in clear, so a backup, a grep or a shared
 * screen of the token file shows no secret; someone who can read both files as the user can still open them,
 * which is what a keychain-less tool can offer. The desktop app passes its keychain-backed SecretStore instead.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SecretStore } from '../backend/secretStore.js';

const prefix = 'aes256gcm:';

function loadKey(directory: string): Buffer {
  const path = join(directory, 'auth.key');
  try {
    const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
    if (key.length === 32) return key;
  } catch {
    // no key yet
  }
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  writeFileSync(path, key.toString('base64'), { mode: 0o600 });
  return key;
}

export function keyFileSealer(directory: string): SecretStore {
  let key: Buffer | undefined;
  const keyOf = (): Buffer => (key ??= loadKey(directory));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyOf(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${prefix}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed) {
      if (!sealed.startsWith(prefix)) throw new Error('not a sealed value');
      const raw = Buffer.from(sealed.slice(prefix.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', keyOf(), raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
