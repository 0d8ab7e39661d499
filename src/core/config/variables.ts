/**
 * `${…}` references in config values, resolved the way each client resolves them:
 * - Claude Code (.mcp.json): `${NAME}` and `${NAME:-default}` from the environment; a missing variable with no
 *   default is an error in Claude Code, so here a warning naming it (the value is left empty).
 * - VS Code (mcp.json): `${env:NAME}` (missing: empty, as VS Code does), `${userHome}`, `${workspaceFolder}`,
 *   `${workspaceFolderBasename}`, `${pathSeparator}` / `${/}`, and `${input:id}` from the file's `inputs`, which
 *   VS Code asks the user for: here the value given by the caller (the CLI asks or takes a flag, the app's Import
 *   dialog asks), else the input's default, else empty; each use is noted (ConfigInputUse) so callers can ask.
 * - Cursor (mcp.json): the VS Code forms except inputs.
 * - Claude Desktop: none (its values are used as written).
 * - An mcpServers file of no known client: both the Claude Code and the VS Code forms.
 */
import type { ConfigClient, ConfigInputUse, ConfigVariableUse } from '../../shared/config.js';

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
  /** Where a relative envFile path starts: the workspace folder, else the config file's folder. */
  baseFolder?: string;
  /** Values for `${input:id}`, by id. */
  inputValues: Readonly<Record<string, string>>;
}

/** Collects a server's warnings once each, in the order met, the inputs it uses and the variables it reads. */
export class WarningList {
  readonly items: string[] = [];
  readonly inputs = new Map<string, ConfigInputUse>();
  /** Environment variables whose values went into the target, by name, with where. */
  readonly variables = new Map<string, ConfigVariableUse>();
  add(text: string): void {
    if (!this.items.includes(text)) this.items.push(text);
  }
  useInput(use: Omit<ConfigInputUse, 'places'>, where: string): void {
    const known = this.inputs.get(use.id);
    if (known) {
      if (!known.places.includes(where)) known.places.push(where);
    } else this.inputs.set(use.id, { ...use, places: [where] });
  }
  useVariable(name: string, where: string): void {
    const known = this.variables.get(name);
    if (known) {
      if (!known.places.includes(where)) known.places.push(where);
    } else this.variables.set(name, { name, places: [where] });
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
  if (value !== undefined) {
    warnings.useVariable(name, where);
    return value;
  }
  if (split >= 0) return body.slice(split + 2);
  warnings.add(`missing variable ${name} (in ${where}): left empty`);
  return '';
}

function inputValue(id: string, context: VariableContext, where: string, warnings: WarningList): string {
  const input = context.inputs.get(id);
  const given = Object.hasOwn(context.inputValues, id) ? context.inputValues[id] : undefined;
  const filled = given !== undefined ? 'given' : input?.default !== undefined ? 'default' : 'empty';
  warnings.useInput(
    {
      id,
      password: input?.password ?? false,
      filled,
      declared: input !== undefined,
      ...(input?.description !== undefined ? { description: input.description } : {}),
      ...(input?.default !== undefined ? { default: input.default } : {}),
    },
    where,
  );
  return given ?? input?.default ?? '';
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
    else warnings.useVariable(name, where);
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
  if (inputs && body.startsWith('input:')) return inputValue(body.slice(6), context, where, warnings);
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
