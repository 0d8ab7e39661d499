/**
 * The VS Code inputs (`${input:id}`) of the server named by `--config <file> --server <name>`, given before it is
 * started, as VS Code asks for them. For each input, in the order the entry uses them:
 *   1. `--config-input id=value` (repeatable), else the environment variable LOUPE_INPUT_<ID> (the id upper-cased,
 *      every character other than A-Z and 0-9 as `_`: `db-dsn` → LOUPE_INPUT_DB_DSN);
 *   2. on a terminal: asked for on stderr, hidden when the input says `password: true`; Enter on an empty line
 *      keeps the input's default when it has one;
 *   3. without a terminal: the input's default (said on stderr), else a usage error naming the input and how to
 *      give it.
 * Values are never printed.
 */
import type { ConfigInputUse, ConfigServer } from '../shared/config.js';
import { LoupeError } from '../shared/errors.js';
import type { LineReader } from './linePrompt.js';
import { printable, type Terminal } from './terminal.js';

/** The environment variable that gives an input's value: LOUPE_INPUT_<ID>. */
export function inputVariable(id: string): string {
  return `LOUPE_INPUT_${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

function label(input: ConfigInputUse): string {
  return input.description ? `input "${input.id}" (${input.description})` : `input "${input.id}"`;
}

function question(input: ConfigInputUse): string {
  const name = printable(input.description ?? input.id);
  const id = input.description ? ` [${printable(input.id)}]` : '';
  if (input.default === undefined) return `${name}${id}${input.password ? ' (hidden)' : ''}: `;
  if (input.password) return `${name}${id} (hidden; Enter keeps the default): `;
  return `${name}${id} (default ${printable(input.default)}): `;
}

export interface InputSources {
  /** From --config-input, by id. */
  given: Readonly<Record<string, string>>;
  environment: Readonly<Record<string, string | undefined>>;
  /** Undefined when stdin is not a terminal. */
  ask: LineReader | undefined;
}

/** The value of each input of the server; throws a usage error for the first one that has none. */
export async function gatherInputs(
  server: ConfigServer,
  sources: InputSources,
  terminal: Terminal,
): Promise<Record<string, string>> {
  const inputs = server.inputs ?? [];
  const used = new Set(inputs.map((input) => input.id));
  const unknown = Object.keys(sources.given).filter((id) => !used.has(id));
  if (unknown.length > 0) {
    const known = [...used].join(', ') || 'none';
    throw new LoupeError({
      kind: 'usage',
      message: `--config-input ${unknown[0]}: server "${server.name}" uses no such input (it uses: ${known}).`,
    });
  }
  const values: Record<string, string> = {};
  for (const input of inputs) {
    const given = Object.hasOwn(sources.given, input.id)
      ? sources.given[input.id]
      : sources.environment[inputVariable(input.id)];
    if (given !== undefined) {
      values[input.id] = given;
      continue;
    }
    if (sources.ask) {
      const answer = await sources.ask(question(input), input.password);
      if (answer === undefined) {
        throw new LoupeError({ kind: 'cancelled', message: `${label(input)} was not given.` });
      }
      if (answer !== '' || input.default === undefined) values[input.id] = answer;
      else values[input.id] = input.default;
      continue;
    }
    if (input.default !== undefined) {
      terminal.err(`loupe: ${printable(server.name)}: ${printable(label(input))}: its default is used`);
      values[input.id] = input.default;
      continue;
    }
    throw new LoupeError({
      kind: 'usage',
      message: `server "${server.name}" needs ${label(input)}${input.password ? ', a password' : ''}: give --config-input ${input.id}=<value> or ${inputVariable(input.id)}, or run on a terminal to be asked.`,
    });
  }
  return values;
}
