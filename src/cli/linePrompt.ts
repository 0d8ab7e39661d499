/**
 * One line read from the terminal (stdin a TTY, the question on stderr), echoed as typed or hidden (a password:
 * nothing is echoed, not even stars). Raw mode, so the terminal's own echo is off; Enter ends the line, Backspace
 * erases, Ctrl+C (or Ctrl+D on an empty line) gives up: the promise resolves to undefined. So does aborting
 * `signal` (the question is no longer wanted: the caller says why).
 */
export interface LineReader {
  /** Undefined when there is no terminal to ask on. */
  (question: string, hidden: boolean, signal?: AbortSignal): Promise<string | undefined>;
}

/** A reader on this process's stdin/stderr, or undefined when stdin is not a terminal. */
export function terminalLineReader(): LineReader | undefined {
  const input = process.stdin;
  if (!input.isTTY) return undefined;
  return (question, hidden, signal) => readLine(input, process.stderr, question, hidden, signal);
}

/** What was typed after the end of the last line read (typed ahead, in the same chunk): the next line's start. */
let typedAhead = '';

function readLine(
  input: NodeJS.ReadStream,
  output: NodeJS.WriteStream,
  question: string,
  hidden: boolean,
  signal?: AbortSignal,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(undefined);
    const wasRaw = input.isRaw;
    let text = '';
    let finished = false;
    const onAbort = (): void => finish(undefined);
    const finish = (value: string | undefined): void => {
      finished = true;
      signal?.removeEventListener('abort', onAbort);
      input.off('data', onData);
      input.setRawMode(wasRaw);
      input.pause();
      output.write('\n');
      resolve(value);
    };
    const erase = (): void => {
      const characters = [...text];
      if (characters.length === 0) return;
      text = characters.slice(0, -1).join('');
      if (!hidden) output.write('\b \b');
    };
    function onData(chunk: string): void {
      // An escape sequence (arrow keys, function keys) is not text.
      if (chunk.startsWith('\u001b')) return;
      const characters = [...chunk];
      for (const [index, character] of characters.entries()) {
        const ended = character === '\r' || character === '\n';
        if (ended || character === '\u0003' || (character === '\u0004' && text === '')) {
          // A line typed ahead of its question (\r\n counts once) waits for the next one.
          const rest = characters.slice(index + 1).join('');
          typedAhead = character === '\r' && rest.startsWith('\n') ? rest.slice(1) : rest;
          return finish(ended ? text : undefined);
        }
        if (character === '\u007f' || character === '\b') erase();
        else if (character >= ' ') {
          text += character;
          if (!hidden) output.write(character);
        }
      }
    }
    // The terminal's echo goes off before the question shows: whoever answers as soon as they see it (a
    // person typing ahead, a test driving a pty on a busy machine) is never echoed by the terminal itself.
    input.setEncoding('utf8');
    input.setRawMode(true);
    input.on('data', onData);
    signal?.addEventListener('abort', onAbort, { once: true });
    output.write(question);
    const ahead = typedAhead;
    typedAhead = '';
    if (ahead !== '') onData(ahead);
    if (!finished) input.resume();
  });
}
