/**
 * The config entry that routes a server of a client config (Claude Desktop, VS Code, Cursor, Claude Code) through
 * `loupe tap`: its command becomes the tap, its own command and arguments follow the tap's `--`; its env, cwd and
 * everything else stay as they are. The file is rewritten only from plain JSON (a file with comments would lose them:
 * that is refused, with the entry to paste by hand).
 */
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import { blankJsonComments, parseJsonText } from '../config/jsonText.js';

export interface TapCommand {
  command: string;
  /** The arguments before `tap` (e.g. the path of bin/loupe.js). */
  args: string[];
}

export interface ConfigTapPlan {
  server: string;
  before: JsonObject;
  after: JsonObject;
  /** The whole file rewritten, or undefined when it cannot be without losing its comments. */
  text?: string;
  /** The entry change as lines of "- " (removed) and "+ " (added) and "  " (kept). */
  diff: string[];
}

function invalid(path: string, message: string): LoupeError {
  return new LoupeError({ kind: 'config-invalid', message: `${path}: ${message}`, data: { path } });
}

/** Whether this entry already runs through a tap. */
function tapped(entry: JsonObject, tap: TapCommand): boolean {
  const args = Array.isArray(entry.args) ? entry.args : [];
  const expected = [...tap.args, 'tap'];
  return entry.command === tap.command && expected.every((arg, index) => args[index] === arg);
}

export function planConfigTap(path: string, text: string, server: string, tap: TapCommand): ConfigTapPlan {
  let document: unknown;
  try {
    document = parseJsonText(text);
  } catch (error) {
    throw invalid(path, `not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isJsonObject(document)) throw invalid(path, 'the top level must be an object');
  const key = isJsonObject(document.servers) && document.mcpServers === undefined ? 'servers' : 'mcpServers';
  const servers = document[key];
  if (!isJsonObject(servers))
    throw invalid(
      path,
      'holds neither "mcpServers" (Claude Desktop, Claude Code, Cursor) nor "servers" (VS Code)',
    );
  const entry = servers[server];
  if (!isJsonObject(entry)) {
    const names = Object.keys(servers);
    throw invalid(
      path,
      `has no server "${server}"${names.length > 0 ? `; it has ${names.map((name) => `"${name}"`).join(', ')}` : ''}`,
    );
  }
  if (typeof entry.command !== 'string') {
    const url =
      typeof entry.url === 'string'
        ? entry.url
        : typeof entry.serverUrl === 'string'
          ? entry.serverUrl
          : undefined;
    throw invalid(
      path,
      url === undefined
        ? `server "${server}" has no "command" to tap`
        : `server "${server}" is reached over HTTP (${url}): run \`loupe tap --url ${url} --port 7400\` and point the entry's URL at the printed http://127.0.0.1:7400/… address`,
    );
  }
  if (tapped(entry, tap)) throw invalid(path, `server "${server}" already runs through loupe tap`);
  const args = Array.isArray(entry.args)
    ? entry.args.filter((arg): arg is string => typeof arg === 'string')
    : [];
  const after: JsonObject = {
    ...entry,
    command: tap.command,
    args: [...tap.args, 'tap', '--', entry.command, ...args],
  };
  const plainJson = blankJsonComments(text) === text;
  const indent = /^(\s+)"/m.exec(text)?.[1]?.replace(/\n/g, '') ?? '  ';
  const rewritten = plainJson
    ? `${JSON.stringify({ ...document, [key]: { ...servers, [server]: after } }, null, indent)}\n`
    : undefined;
  return {
    server,
    before: entry,
    after,
    ...(rewritten === undefined ? {} : { text: rewritten }),
    diff: entryDiff(server, entry, after),
  };
}

/** The entry change as lines of "- " (removed), "+ " (added) and "  " (kept); `before` {} for a new entry. */
export function entryDiff(server: string, before: JsonObject, after: JsonObject): string[] {
  const old = JSON.stringify({ [server]: before }, null, 2).split('\n');
  const next = JSON.stringify({ [server]: after }, null, 2).split('\n');
  const lines: string[] = [];
  let start = 0;
  while (start < old.length && start < next.length && old[start] === next[start]) start++;
  let end = 0;
  while (
    end < old.length - start &&
    end < next.length - start &&
    old[old.length - 1 - end] === next[next.length - 1 - end]
  )
    end++;
  for (const line of old.slice(0, start)) lines.push(`  ${line}`);
  for (const line of old.slice(start, old.length - end)) lines.push(`- ${line}`);
  for (const line of next.slice(start, next.length - end)) lines.push(`+ ${line}`);
  for (const line of old.slice(old.length - end)) lines.push(`  ${line}`);
  return lines;
}
