/**
 * `envFile` of a stdio server (VS Code, Cursor): a dotenv file whose variables start the server, under the
 * entry's own `env` (an explicit `env` value wins, as in VS Code, which loads the file first and then `env`).
 * The text is read the way VS Code reads it: `KEY=VALUE` (or `KEY: VALUE`) lines, blank lines and `#` comments
 * skipped, an `export ` prefix dropped, a `#` outside quotes ends the value, one pair of surrounding quotes
 * ('…', "…", `…`) removed, and `\n` / `\r` inside double quotes become a newline / carriage return.
 * A file that cannot be read makes the server unusable, naming the path: VS Code does not start it either. Only a
 * regular file is read, and never past the limit: an envFile of `/dev/zero` or a named pipe is refused at once.
 */
import type { ConfigFile, ConfigServer } from '../../shared/config.js';
import { readRegularFile } from '../regularFile.js';

/** Env files are small; a bigger one is refused rather than read into memory whole. */
const maxEnvFileBytes = 1024 * 1024;

const quotes = new Set(['"', "'", '`']);

/** The index of the first character matching, outside quoted text; -1 when none. */
function indexOutsideQuotes(text: string, wanted: (character: string) => boolean): number {
  let open = '';
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (open !== '') {
      if (character === open && text[index - 1] !== '\\') open = '';
    } else if (quotes.has(character)) open = character;
    else if (wanted(character)) return index;
  }
  return -1;
}

function unquote(value: string): string {
  const first = value[0];
  if (value.length < 2 || !quotes.has(first) || value[value.length - 1] !== first) return value;
  const inner = value.slice(1, -1);
  return first === '"' ? inner.replace(/\\n/g, '\n').replace(/\\r/g, '\r') : inner;
}

/** The variables of a dotenv text, in file order (a later line with the same name wins). */
export function parseEnvText(text: string): Map<string, string> {
  const variables = new Map<string, string>();
  for (const rawLine of text.replace(/^\uFEFF/, '').split(/\r\n?|\n/)) {
    let line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('export ')) line = line.slice('export '.length).trim();
    const separator = indexOutsideQuotes(line, (character) => character === '=' || character === ':');
    if (separator <= 0) continue;
    const name = line.slice(0, separator).trim();
    let value = line.slice(separator + 1).trim();
    const comment = indexOutsideQuotes(value, (character) => character === '#');
    if (comment >= 0) value = value.slice(0, comment).trim();
    if (name !== '') variables.set(name, unquote(value));
  }
  return variables;
}

/** The file's variables, or why it could not be read (only a regular file, at most maxEnvFileBytes). */
async function readEnvFile(path: string): Promise<Map<string, string> | string> {
  const read = await readRegularFile(path, maxEnvFileBytes);
  if (!read.ok) return read.tooLarge ? `${read.reason} for an env file` : read.reason;
  return parseEnvText(read.bytes.toString('utf8'));
}

async function withEnvFile(server: ConfigServer): Promise<ConfigServer> {
  const target = server.target;
  if (server.envFile === undefined || target?.transport !== 'stdio') return server;
  const variables = await readEnvFile(server.envFile);
  if (typeof variables === 'string') {
    const unusable: ConfigServer = {
      ...server,
      error: `the entry's envFile ${server.envFile} could not be read: ${variables}`,
    };
    delete unusable.target;
    return unusable;
  }
  if (variables.size === 0) return server;
  const env: Record<string, string> = Object.fromEntries(variables);
  return { ...server, target: { ...target, env: { ...env, ...target.env } } };
}

/** The file with each stdio server's envFile read and merged under its env. */
export async function applyEnvFiles(file: ConfigFile): Promise<ConfigFile> {
  if (!file.servers.some((server) => server.envFile !== undefined)) return file;
  return { ...file, servers: await Promise.all(file.servers.map(withEnvFile)) };
}
