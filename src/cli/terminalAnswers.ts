/**
 * `--input ask`: a person answers the server's input requests at the terminal (the question on stderr, the answer
 * typed on stdin). An elicitation asks accept / decline / cancel, then each field of its form (Enter keeps a
 * default; an answer the field cannot take is said and asked again; Ctrl+C cancels the form). A sampling request
 * shows its messages and takes the reply the person types. One question at a time, in the order they came. A
 * request closed meanwhile (the call was cancelled, the server cancelled it, the connection ended) stops its
 * questions with one line saying why; it is not answered after that.
 */
import { LoupeError } from '../shared/errors.js';
import { isJsonObject, type JsonObject } from '../shared/json.js';
import type { ServerRequestHandler } from '../core/types.js';
import { answerOf, fieldsOf, questionOf } from './fieldAnswer.js';
import type { LineReader } from './linePrompt.js';
import { printable, type Terminal } from './terminal.js';

export interface AskingHandlers {
  elicitation: ServerRequestHandler;
  sampling: ServerRequestHandler;
}

export function askingHandlers(ask: LineReader, terminal: Terminal): AskingHandlers {
  let turn: Promise<unknown> = Promise.resolve();
  /** One request's questions after the previous request's. */
  const inTurn = (work: () => Promise<JsonObject>): Promise<JsonObject> => {
    const mine = turn.then(work);
    turn = mine.catch(() => undefined);
    return mine;
  };
  const closed = (method: string, key: string | number, signal: AbortSignal): LoupeError => {
    const reason = typeof signal.reason === 'string' ? signal.reason : 'cancelled';
    terminal.err(`loupe: ${method} [${String(key)}] closed: ${printable(reason)}`);
    return new LoupeError({ kind: 'cancelled', message: `${method} was closed unanswered: ${reason}` });
  };
  const said = (method: string, key: string | number, answer: JsonObject): JsonObject => {
    terminal.err(`loupe: answered ${method} [${String(key)}]: ${printable(JSON.stringify(answer))}`);
    return answer;
  };

  const elicitation: ServerRequestHandler = (params, key, { signal }) =>
    inTurn(async () => {
      const method = 'elicitation/create';
      if (signal.aborted) throw closed(method, key, signal);
      terminal.err(`loupe: the server asks you for input (${method} [${String(key)}]):`);
      if (typeof params.message === 'string') terminal.err(`  ${printable(params.message)}`);
      const url = params.mode === 'url' && typeof params.url === 'string' ? params.url : undefined;
      if (url !== undefined)
        terminal.err(`  It asks you to open this address (Loupe does not open it): ${printable(url)}`);
      let action: 'accept' | 'decline' | 'cancel' | undefined;
      while (action === undefined) {
        const choice = await ask(
          url === undefined
            ? 'Accept, decline or cancel? [a/d/c] (Enter: accept): '
            : 'Accept once you are done there, decline or cancel? [a/d/c] (Enter: accept): ',
          false,
          signal,
        );
        if (signal.aborted) throw closed(method, key, signal);
        action = actionOf(choice);
        if (action === undefined) terminal.err('  answer a, d or c; try again');
      }
      if (action !== 'accept') return said(method, key, { action });
      if (url !== undefined) return said(method, key, { action: 'accept' });
      const content: JsonObject = {};
      for (const field of fieldsOf(params.requestedSchema)) {
        const description = field.schema.description;
        if (typeof description === 'string') terminal.err(`  ${printable(description)}`);
        for (;;) {
          const typed = await ask(printable(questionOf(field)), false, signal);
          if (signal.aborted) throw closed(method, key, signal);
          if (typed === undefined) return said(method, key, { action: 'cancel' });
          const answer = answerOf(field, typed);
          if ('problem' in answer) {
            terminal.err(`  ${printable(answer.problem)}; try again`);
            continue;
          }
          if ('value' in answer) content[field.name] = answer.value;
          break;
        }
      }
      return said(method, key, { action: 'accept', content });
    });

  const sampling: ServerRequestHandler = (params, key, { signal }) =>
    inTurn(async () => {
      const method = 'sampling/createMessage';
      if (signal.aborted) throw closed(method, key, signal);
      terminal.err(`loupe: the server asks for a model completion (${method} [${String(key)}]):`);
      if (typeof params.systemPrompt === 'string')
        terminal.err(`  system: ${printable(params.systemPrompt)}`);
      for (const message of Array.isArray(params.messages) ? params.messages : []) {
        if (!isJsonObject(message)) continue;
        const role = typeof message.role === 'string' ? message.role : '?';
        terminal.err(`  ${printable(role)}: ${printable(textOf(message.content))}`);
      }
      const reply = await ask('Reply as the model (Enter on an empty line refuses): ', false, signal);
      if (signal.aborted) throw closed(method, key, signal);
      if (reply === undefined || reply.trim() === '') {
        terminal.err(`loupe: refused ${method} [${String(key)}] at the terminal`);
        throw new LoupeError({
          kind: 'cancelled',
          code: -1,
          message: 'The person at the terminal refused to reply',
        });
      }
      return said(method, key, {
        role: 'assistant',
        content: { type: 'text', text: reply },
        model: 'a person at the loupe terminal',
        stopReason: 'endTurn',
      });
    });

  return { elicitation, sampling };
}

/** a / accept / Enter accept; d / decline; c / cancel, or giving up (Ctrl+C); anything else: undefined. */
function actionOf(choice: string | undefined): 'accept' | 'decline' | 'cancel' | undefined {
  if (choice === undefined) return 'cancel';
  const text = choice.trim().toLowerCase();
  if (text === '' || text === 'a' || text === 'accept') return 'accept';
  if (text === 'd' || text === 'decline') return 'decline';
  return text === 'c' || text === 'cancel' ? 'cancel' : undefined;
}

/** The text of a sampling message's content (one block or several); other kinds are named. */
function textOf(content: unknown): string {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks
    .map((block) =>
      isJsonObject(block) && block.type === 'text' && typeof block.text === 'string'
        ? block.text
        : `[${isJsonObject(block) && typeof block.type === 'string' ? block.type : 'content'}]`,
    )
    .join(' ');
}
