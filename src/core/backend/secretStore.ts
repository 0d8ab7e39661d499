/**
 * Where secret settings values go instead of the settings file in clear. The desktop app seals them with
 * the OS keychain (Electron safeStorage: Keychain, DPAPI, libsecret/kwallet); a host without one (browser
 * host, tests) passes no store, and such values are then not written at all: the file holds notSavedMarker
 * in their place and the user types them again after a restart.
 */
export interface SecretStore {
  /** An opaque text to keep on disk in place of plain, or undefined when secrets cannot be sealed now. */
  seal(plain: string): string | undefined;
  /** The plain value of a sealed text; throws when it cannot be opened (another machine, a lost key). */
  open(sealed: string): string;
}

/** The file's value for a secret that was not saved. */
export const notSavedMarker = '[not saved: secret]';

/** Prefix of a sealed value in the file, so it is never mistaken for a plain one. */
export const sealedPrefix = 'loupe-sealed:v1:';
