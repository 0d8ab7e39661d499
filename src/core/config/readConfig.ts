/** Reads client config files from disk (or takes their text) and parses them; never throws. */
import { homedir } from 'node:os';
import type { ConfigFile, ConfigSource } from '../../shared/config.js';
import { applyEnvFiles } from './envFile.js';
import { clientOfPath, configFileOf, type ParseConfigOptions } from './parseConfig.js';
import { knownConfigLocations } from './locations.js';
import { readRegularFile } from '../regularFile.js';

/** Config files are small; a bigger file is not a config (and is never read past this). */
const maxConfigBytes = 4 * 1024 * 1024;

export async function readConfig(
  source: ConfigSource,
  options: ParseConfigOptions = {},
): Promise<ConfigFile> {
  const parseOptions: ParseConfigOptions = {
    ...options,
    ...(source.client ? { client: source.client } : {}),
    ...(source.inputs ? { inputValues: source.inputs } : {}),
  };
  if (source.text !== undefined) return applyEnvFiles(configFileOf(source.path, source.text, parseOptions));
  const read = await readRegularFile(source.path, maxConfigBytes);
  if (!read.ok) {
    const client = parseOptions.client ?? clientOfPath(source.path) ?? 'generic';
    const message = read.tooLarge
      ? `${source.path}: ${read.reason} for a client config`
      : `${source.path}: ${read.reason}`;
    return {
      path: source.path,
      client,
      exists: read.exists,
      servers: [],
      error: { kind: read.tooLarge ? 'config-invalid' : 'io-error', message, data: { path: source.path } },
    };
  }
  const text = read.bytes.toString('utf8');
  return applyEnvFiles(configFileOf(source.path, text, parseOptions));
}

/** Every known location of this machine (and of the project folder), read; missing files say exists: false. */
export async function readKnownConfigs(project?: string): Promise<ConfigFile[]> {
  const locations = knownConfigLocations({
    platform: process.platform,
    home: homedir(),
    environment: process.env,
    ...(project !== undefined ? { project } : {}),
  });
  return Promise.all(
    locations.map((location) => readConfig({ path: location.path, client: location.client })),
  );
}
