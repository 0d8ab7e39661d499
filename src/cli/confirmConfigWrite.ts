/**
 * The question before a client config is rewritten (`loupe tap --config … --write`, `loupe mcp --config … --write`):
 * a file with comments is refused (rewriting it would lose them), and without --yes the person answers at the
 * terminal; no terminal to ask at is a usage error naming --yes.
 */
import { LoupeError } from '../shared/errors.js';
import { terminalLineReader } from './linePrompt.js';
import type { Terminal } from './terminal.js';

/** Whether to write: true once allowed; false (after saying "nothing written") when the person said no. */
export async function confirmConfigWrite(options: {
  command: 'tap' | 'mcp';
  path: string;
  /** The new file's text; undefined when the file has comments. */
  text: string | undefined;
  yes: boolean;
  terminal: Terminal;
}): Promise<boolean> {
  const { command, path, terminal } = options;
  if (options.text === undefined)
    throw new LoupeError({
      kind: 'config-invalid',
      message: `${path} has comments, which rewriting it would lose: paste the + lines above into it by hand.`,
      data: { path },
    });
  if (options.yes) return true;
  const ask = terminalLineReader();
  if (!ask)
    throw new LoupeError({
      kind: 'usage',
      message: `${command} --write asks before it changes the file, and stdin is not a terminal to ask at: give --yes to write the change shown without asking.`,
    });
  const answer = await ask(`Write this change to ${path} (a backup is kept)? [y/N] `, false);
  if (/^y(es)?$/i.test(answer?.trim() ?? '')) return true;
  terminal.err(`loupe ${command}: nothing written.`);
  return false;
}
