/**
 * The settings' SecretStore over Electron safeStorage (macOS Keychain, Windows DPAPI, libsecret or kwallet
 * on Linux). Linux without a keyring falls back to a hard-coded key ("basic_text"): that is no protection,
 * so it counts as unavailable and the secrets are then not saved at all.
 */
import { safeStorage } from 'electron';
import type { SecretStore } from '../core/backend/secretStore.js';

function keychainAvailable(): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  return process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text';
}

export function keychainSecretStore(): SecretStore {
  return {
    seal(plain) {
      if (!keychainAvailable()) return undefined;
      return safeStorage.encryptString(plain).toString('base64');
    },
    open(sealed) {
      return safeStorage.decryptString(Buffer.from(sealed, 'base64'));
    },
  };
}
