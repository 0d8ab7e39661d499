/**
 * One line read from the terminal (stdin a TTY, the question on stderr), echoed as typed or hidden (a password:
 * nothing is echoed, not even stars). Raw mode, so the terminal's own echo is off; Enter ends the line, Backspace
 * erases, Ctrl+C (or Ctrl+D on an empty line) gives up: the promise resolves to undefined.
 */
export interface LineReader {
  /** Undefined when there is no terminal to ask on. */
  (question: string, hidden: boolean): Promise<string | undefined>;
}

/** A reader on this process's stdin/stderr, or undefined when stdin is not a terminal. */
export function terminalLineReader(): LineReader | undefined {
  const input = process.stdin;
  if (!input.isTTY) return undefined;
  return (question, hidden) => readLine(input, process.stderr, question, hidden);
}

function readLine(
  input: NodeJS.ReadStream,
  output: NodeJS.WriteStream,
  question: string,
  hidden: boolean,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const wasRaw = input.isRaw;
    let text = '';
    const finish = (value: string | undefined): void => {
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
      for (const character of chunk) {
        if (character === '\r' || character === '\n') return finish(text);
        if (character === '\u0003' || (character === '\u0004' && text === '')) return finish(undefined);
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
    output.write(question);
    input.resume();
  });
}
