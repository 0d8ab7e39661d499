/**
 * `--input decline|cancel|defaults|ask|<answers.json>`: how the CLI answers a server's input requests. `ask` has
 * the person at the terminal answer them (terminalAnswers.ts); it is what `loupe call` does on a terminal when no
 * --input is given. The others answer without a person. The same handlers serve both eras: a modern input_required
 * result (each embedded request), a task's input and a 2025 server→client request. Every answer is printed on stderr.
 * - elicitation/create: decline / cancel, or accept with the requested schema's defaults (form mode; a URL
 *   elicitation cannot be opened here and is declined), or the answers file's "elicitation" result;
 * - sampling/createMessage: only the answers file's "sampling" result; otherwise the request fails, named;
 * - roots/list: the answers file's "roots", else the --root list (possibly empty).
 * Answers file: { "elicitation"?: ElicitResult, "sampling"?: CreateMessageResult, "roots"?: Root[] }.
 */
import { readFile } from 'node:fs/promises';
import { LoupeError } from '../shared/errors.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../shared/json.js';
import type { SessionOptions } from '../shared/session.js';
import type { McpSession } from '../core/types.js';
import type { CliOptions, InputMode } from './arguments.js';
import { terminalLineReader, type LineReader } from './linePrompt.js';
import type { askingHandlers } from './terminalAnswers.js';
import type { Terminal } from './terminal.js';

export interface InputPlan {
  mode: InputMode;
  answers: JsonObject;
  roots: { uri: string; name?: string }[];
  /** ask: the terminal the person answers on, and the forms that ask (loaded only for ask). */
  ask?: LineReader;
  asking?: typeof askingHandlers;
}

/** `loupe call` on a terminal (stdin and stderr) with no --input: the person answers (`ask`). */
export function withTerminalInput(options: CliOptions): CliOptions {
  if (options.input || !process.stdin.isTTY || !process.stderr.isTTY) return options;
  return { ...options, input: { mode: 'ask' } };
}

/** Reads the answers file (if any) before connecting: a bad file is a usage error, not a failed session. */
export async function inputPlan(options: CliOptions): Promise<InputPlan | undefined> {
  const mode = options.input;
  if (!mode) return undefined;
  if (mode.mode === 'ask') {
    const ask = terminalLineReader();
    if (!ask)
      throw new LoupeError({
        kind: 'usage',
        message:
          '--input ask needs a terminal to ask on, and stdin is not one: use --input decline, cancel, defaults or an answers file',
      });
    const { askingHandlers } = await import('./terminalAnswers.js');
    return { mode, answers: {}, roots: options.roots.map((uri) => ({ uri })), ask, asking: askingHandlers };
  }
  let answers: JsonObject = {};
  if (mode.mode === 'file') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(mode.path, 'utf8'));
    } catch (error) {
      throw new LoupeError({
        kind: 'usage',
        message: `--input ${mode.path}: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    if (!isJsonObject(parsed))
      throw new LoupeError({ kind: 'usage', message: `--input ${mode.path} must hold a JSON object` });
    answers = parsed;
  }
  const fileRoots = Array.isArray(answers.roots) ? answers.roots.filter(isJsonObject) : undefined;
  const roots = fileRoots
    ? fileRoots.flatMap((root) =>
        typeof root.uri === 'string'
          ? [typeof root.name === 'string' ? { uri: root.uri, name: root.name } : { uri: root.uri }]
          : [],
      )
    : options.roots.map((uri) => ({ uri }));
  return { mode, answers, roots };
}

/** The session options that offer what the plan can answer. */
export function offerOf(plan: InputPlan | undefined): Pick<SessionOptions, 'offer' | 'roots'> {
  if (!plan) return {};
  return { offer: { elicitation: true, sampling: true, roots: true }, roots: plan.roots };
}

export function installInputAnswers(session: McpSession, plan: InputPlan, terminal: Terminal): void {
  if (plan.ask && plan.asking) {
    const asking = plan.asking(plan.ask, terminal);
    session.setRequestHandler('elicitation/create', asking.elicitation);
    session.setRequestHandler('sampling/createMessage', asking.sampling);
    return;
  }
  const said = (method: string, key: string | number, answer: JsonValue): void =>
    terminal.err(`loupe: answered ${method} [${String(key)}]: ${JSON.stringify(answer)}`);
  session.setRequestHandler('elicitation/create', (params, key) => {
    const answer = elicitationAnswer(plan, params);
    said('elicitation/create', key, answer);
    return Promise.resolve(answer);
  });
  session.setRequestHandler('sampling/createMessage', (_params, key) => {
    const reply = plan.answers.sampling;
    if (!isJsonObject(reply)) {
      terminal.err(
        `loupe: declined sampling/createMessage [${String(key)}]: no "sampling" reply in an --input answers file`,
      );
      return Promise.reject(
        new LoupeError({
          kind: 'cancelled',
          message:
            'sampling/createMessage was not answered: give a "sampling" reply in an --input answers file',
        }),
      );
    }
    said('sampling/createMessage', key, reply);
    return Promise.resolve(reply);
  });
}

function elicitationAnswer(plan: InputPlan, params: JsonObject): JsonObject {
  const given = plan.answers.elicitation;
  if (isJsonObject(given)) return given;
  const mode = plan.mode.mode;
  if (mode === 'decline' || mode === 'cancel') return { action: mode };
  if (params.mode === 'url') return { action: 'decline' };
  return { action: 'accept', content: schemaDefaults(params.requestedSchema) };
}

/** The `default` of each top-level property of an elicitation schema. */
function schemaDefaults(schema: JsonValue | undefined): JsonObject {
  const content: JsonObject = {};
  const properties = isJsonObject(schema) && isJsonObject(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    if (isJsonObject(property) && property.default !== undefined) content[name] = property.default;
  }
  return content;
}
