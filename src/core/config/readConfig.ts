/** Reads client config files from disk (or takes their text) and parses them; never throws. */
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import type { ConfigFile, ConfigSource } from '../../shared/config.js';
import { applyEnvFiles } from './envFile.js';
import { clientOfPath, configFileOf, type ParseConfigOptions } from './parseConfig.js';
import { knownConfigLocations } from './locations.js';

/** Config files are small; a bigger file is not a config (and is not read into memory whole). */
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
  let text: string;
  try {
    const buffer = await readFile(source.path);
    if (buffer.byteLength > maxConfigBytes) {
      const message = `${source.path}: ${buffer.byteLength} bytes is too large for a client config (at most ${maxConfigBytes})`;
      const client = parseOptions.client ?? clientOfPath(source.path) ?? 'generic';
      return {
        path: source.path,
        client,
        exists: true,
        servers: [],
        error: { kind: 'config-invalid', message, data: { path: source.path } },
      };
    }
    text = buffer.toString('utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const file: ConfigFile = {
      path: source.path,
      client: parseOptions.client ?? clientOfPath(source.path) ?? 'generic',
      exists: code !== 'ENOENT',
      servers: [],
    };
    const cause = code === 'ENOENT' ? 'no such file' : error instanceof Error ? error.message : String(error);
    return {
      ...file,
      error: { kind: 'io-error', message: `${source.path}: ${cause}`, data: { path: source.path } },
    };
  }
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
