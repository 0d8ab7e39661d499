/** The contract's client-config methods: a file (by path or text) and the known locations, parsed. */
import type { BackendMethods } from '../../shared/contract.js';
import type { ConfigClient, ConfigSource } from '../../shared/config.js';
import { configClients } from '../../shared/config.js';
import { isJsonObject } from '../../shared/json.js';
import { LoupeError } from '../../shared/errors.js';
import { readConfig, readKnownConfigs } from '../config/readConfig.js';
import { proposeConfigTap, writeConfigTap } from '../tap/configTapFile.js';

type ConfigMethods = Pick<BackendMethods, 'readConfig' | 'knownConfigs' | 'proposeConfigTap' | 'writeConfigTap'>;

/** The source as sent over a carrier: checked, since the contract's types do not survive the wire. */
function parseSource(value: unknown): ConfigSource {
  if (!isJsonObject(value) || typeof value.path !== 'string' || value.path === '') {
    throw new LoupeError({ kind: 'usage', message: 'readConfig wants { path, text?, client?, inputs? }.' });
  }
  const source: ConfigSource = { path: value.path };
  if (typeof value.text === 'string') source.text = value.text;
  if (typeof value.client === 'string' && (configClients as readonly string[]).includes(value.client)) {
    source.client = value.client as ConfigClient;
  }
  if (isJsonObject(value.inputs)) {
    source.inputs = Object.fromEntries(
      Object.entries(value.inputs).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
    );
  }
  return source;
}

export function configMethods(project: string = process.cwd()): ConfigMethods {
  return {
    readConfig: (source) => readConfig(parseSource(source)),
    knownConfigs: () => readKnownConfigs(project),
    // "Tap this server" (core/tap/configTapFile.ts): the diff first; the file only after the person's yes.
    proposeConfigTap: (path, server) => proposeConfigTap(String(path), String(server)),
    writeConfigTap: (path, server, diff) =>
      Array.isArray(diff) && diff.every((line) => typeof line === 'string')
        ? writeConfigTap(String(path), String(server), diff)
        : Promise.reject(new LoupeError({ kind: 'usage', message: 'writeConfigTap wants the diff lines that were shown.' })),
  };
}
