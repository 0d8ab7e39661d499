/**
 * `loupe mcp --config <client config> --print | --write`: the entry that adds Loupe's MCP server to Claude Code,
 * VS Code or Cursor (or Claude Desktop), shown as a diff first. The file is written the way `loupe tap --config`
 * writes (tap/configTapFile.ts and keptFile.ts: a backup beside it, its mode, owner and link kept, a failure leaving
 * it as it was), only from plain JSON (a file with comments would lose them: the lines to paste are shown instead),
 * and only when the change is still the one shown.
 */
import { readFile } from 'node:fs/promises';
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import { blankJsonComments, parseJsonText } from '../config/jsonText.js';
import { entryDiff, type TapCommand } from '../tap/configTap.js';
import { writeWithBackup } from '../tap/configTapFile.js';
import type { ConfigTapWritten } from '../../shared/config.js';

export interface AgentConfigPlan {
  path: string;
  name: string;
  key: 'mcpServers' | 'servers';
  entry: JsonObject;
  /** The change as lines of "- ", "+ " and "  ". */
  diff: string[];
  /** Nothing to change: the file already holds this entry. */
  same: boolean;
  /** The file rewritten; absent when it holds comments. */
  text?: string;
}

function invalid(path: string, message: string): LoupeError {
  return new LoupeError({ kind: 'config-invalid', message: `${path}: ${message}`, data: { path } });
}

/** VS Code's files (.vscode/mcp.json, the user's Code/User/mcp.json) keep servers under "servers"; the others "mcpServers". */
function keyFor(path: string, document: JsonObject): 'mcpServers' | 'servers' {
  if (isJsonObject(document.mcpServers)) return 'mcpServers';
  if (isJsonObject(document.servers)) return 'servers';
  return /(^|[\\/])(\.vscode|Code[\\/]User)[\\/]mcp\.json$/.test(path) ? 'servers' : 'mcpServers';
}

export function planAgentConfig(
  path: string,
  text: string,
  name: string,
  loupe: TapCommand,
  flags: readonly string[],
): AgentConfigPlan {
  let document: unknown;
  try {
    document = parseJsonText(text.trim() === '' ? '{}' : text);
  } catch (error) {
    throw invalid(path, `not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isJsonObject(document)) throw invalid(path, 'the top level must be an object');
  const key = keyFor(path, document);
  const servers = isJsonObject(document[key]) ? document[key] : {};
  const entry: JsonObject = {
    ...(key === 'servers' ? { type: 'stdio' } : {}),
    command: loupe.command,
    args: [...loupe.args, 'mcp', ...flags],
  };
  const before = servers[name];
  const same = JSON.stringify(before) === JSON.stringify(entry);
  const diff = isJsonObject(before)
    ? entryDiff(name, before, entry)
    : JSON.stringify({ [name]: entry }, null, 2)
        .split('\n')
        .map((line) => `+ ${line}`);
  const plainJson = blankJsonComments(text) === text;
  const indent = /^(\s+)"/m.exec(text)?.[1]?.replace(/\n/g, '') ?? '  ';
  return {
    path,
    name,
    key,
    entry,
    diff,
    same,
    ...(plainJson
      ? { text: `${JSON.stringify({ ...document, [key]: { ...servers, [name]: entry } }, null, indent)}\n` }
      : {}),
  };
}

async function readConfigText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw invalid(
      path,
      missing
        ? 'there is no such file: create it first (echo {} > the file), so Loupe changes a file you made rather than making one'
        : `cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export async function proposeAgentConfig(
  path: string,
  name: string,
  loupe: TapCommand,
  flags: readonly string[],
): Promise<AgentConfigPlan> {
  return planAgentConfig(path, await readConfigText(path), name, loupe, flags);
}

/** Writes the change shown (re-read now: refused when the file changed since), after a backup beside the file. */
export async function writeAgentConfig(
  path: string,
  name: string,
  loupe: TapCommand,
  flags: readonly string[],
  shown: readonly string[],
): Promise<ConfigTapWritten> {
  const plan = await proposeAgentConfig(path, name, loupe, flags);
  if (plan.diff.length !== shown.length || plan.diff.some((line, index) => line !== shown[index]))
    throw invalid(path, 'changed since the change was shown: nothing written. Look at it again.');
  if (plan.text === undefined)
    throw invalid(path, 'has comments, which rewriting it would lose: paste the + lines into it by hand.');
  return { path, backup: (await writeWithBackup(path, plan.text)).backup };
}
