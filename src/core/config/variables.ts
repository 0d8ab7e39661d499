/**
 * `${…}` references in config values, resolved the way each client resolves them:
 * - Claude Code (.mcp.json): `${NAME}` and `${NAME:-default}` from the environment; a missing variable with no
 *   default is an error in Claude Code, so here a warning naming it (the value is left empty).
 * - VS Code (mcp.json): `${env:NAME}` (missing: empty, as VS Code does), `${userHome}`, `${workspaceFolder}`,
 *   `${workspaceFolderBasename}`, `${pathSeparator}` / `${/}`, and `${input:id}` from the file's `inputs`, which
 *   VS Code asks the user for: Loupe does not ask, it takes the input's default or leaves it empty, and says so.
 * - Cursor (mcp.json): the VS Code forms except inputs.
 * - Claude Desktop: none (its values are used as written).
 * - An mcpServers file of no known client: both the Claude Code and the VS Code forms.
 */
import type { ConfigClient } from '../../shared/config.js';

export interface ConfigInput {
  id: string;
  description?: string;
  default?: string;
  password: boolean;
}

export interface VariableContext {
  environment: Readonly<Record<string, string | undefined>>;
  home: string;
  /** The project folder the file belongs to, when it is a project file. */
  workspaceFolder?: string;
  pathSeparator: string;
  inputs: ReadonlyMap<string, ConfigInput>;
}

/** Collects a server's warnings once each, in the order met. */
export class WarningList {
  readonly items: string[] = [];
  add(text: string): void {
    if (!this.items.includes(text)) this.items.push(text);
  }
}

const reference = /\$\{([^}]*)\}/g;
const plainName = /^[A-Za-z_][A-Za-z0-9_]*$/;

function claudeCode(
  body: string,
  context: VariableContext,
  where: string,
  warnings: WarningList,
): string | undefined {
  const split = body.indexOf(':-');
  const name = split >= 0 ? body.slice(0, split) : body;
  if (!plainName.test(name)) return undefined;
  const value = context.environment[name];
  if (value !== undefined) return value;
  if (split >= 0) return body.slice(split + 2);
  warnings.add(`missing variable ${name} (in ${where}): left empty`);
  return '';
}

function vsCode(
  body: string,
  context: VariableContext,
  where: string,
  warnings: WarningList,
  inputs: boolean,
): string | undefined {
  if (body.startsWith('env:')) {
    const name = body.slice(4);
    const value = context.environment[name];
    if (value === undefined) warnings.add(`missing variable ${name} (in ${where}): left empty`);
    return value ?? '';
  }
  if (body === 'userHome') return context.home;
  if (body === 'pathSeparator' || body === '/') return context.pathSeparator;
  if (body === 'workspaceFolder' || body === 'workspaceFolderBasename') {
    if (context.workspaceFolder === undefined) {
      warnings.add(`\${${body}} (in ${where}) has no workspace folder outside a project: left as written`);
      return undefined;
    }
    const folder = context.workspaceFolder;
    return body === 'workspaceFolder' ? folder : (folder.split(/[\\/]/).filter(Boolean).pop() ?? '');
  }
  if (inputs && body.startsWith('input:')) {
    const id = body.slice(6);
    const input = context.inputs.get(id);
    const label = input?.description ? ` (${input.description})` : '';
    if (input?.default !== undefined) {
      warnings.add(`input "${id}"${label} is asked for by VS Code; Loupe uses its default`);
      return input.default;
    }
    warnings.add(`input "${id}"${label} is asked for by VS Code; Loupe does not ask: left empty`);
    return '';
  }
  return undefined;
}

/** The text with the client's references replaced; unknown references stay as written, with a warning. */
export function resolveReferences(
  text: string,
  client: ConfigClient,
  context: VariableContext,
  where: string,
  warnings: WarningList,
): string {
  if (client === 'claude-desktop') return text;
  return text.replace(reference, (whole, body: string) => {
    let value: string | undefined;
    if (client === 'claude-code' || client === 'generic') value = claudeCode(body, context, where, warnings);
    if (value === undefined && client !== 'claude-code')
      value = vsCode(body, context, where, warnings, client !== 'cursor');
    if (value === undefined && !body.startsWith('workspaceFolder')) {
      warnings.add(`${whole} (in ${where}) is not a reference Loupe resolves: left as written`);
    }
    return value ?? whole;
  });
}
