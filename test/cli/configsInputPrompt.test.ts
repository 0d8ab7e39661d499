/**
 * How the CLI gathers a config server's VS Code inputs (configInputs.ts), with a scripted terminal: the order
 * --config-input, LOUPE_INPUT_<ID>, the terminal, the default; the password flag reaching the prompt; Enter keeping
 * a default; giving up (Ctrl+C) as a cancelled error naming the input; the variable name of an id with dashes.
 */
import { describe, expect, it } from 'vitest';
import { gatherInputs, inputVariable } from '../../src/cli/configInputs.js';
import type { LineReader } from '../../src/cli/linePrompt.js';
import type { Terminal } from '../../src/cli/terminal.js';
import type { ConfigServer } from '../../src/shared/config.js';
import { LoupeError } from '../../src/shared/errors.js';

const server: ConfigServer = {
  name: 'db',
  warnings: [],
  enabled: true,
  target: { transport: 'stdio', command: 'node', args: [] },
  inputs: [
    {
      id: 'db-dsn',
      description: 'Connection string',
      password: true,
      places: ['env.DSN'],
      filled: 'empty',
      declared: true,
    },
    {
      id: 'schema',
      password: false,
      default: 'public',
      places: ['args[0]'],
      filled: 'default',
      declared: true,
    },
  ],
};

function recordingTerminal(): Terminal & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    out: (line) => lines.push(line),
    err: (line) => lines.push(line),
    errRaw: () => {},
    stderrIsTty: false,
  };
}

/** A terminal that answers each question in turn and remembers what it was asked and whether hidden. */
function scripted(answers: Array<string | undefined>): LineReader & { asked: string[] } {
  const asked: string[] = [];
  const reader = (question: string, hidden: boolean): Promise<string | undefined> => {
    asked.push(`${hidden ? 'hidden' : 'shown'} ${question}`);
    return Promise.resolve(answers.shift());
  };
  return Object.assign(reader, { asked });
}

describe('gathering VS Code inputs in the CLI', () => {
  it('names the variable of an id with dashes', () => {
    expect(inputVariable('db-dsn')).toBe('LOUPE_INPUT_DB_DSN');
    expect(inputVariable('token.v2')).toBe('LOUPE_INPUT_TOKEN_V2');
  });

  it('asks on a terminal: the password hidden, Enter keeps the default', async () => {
    const ask = scripted(['postgres://u:pw@h/db', '']);
    const terminal = recordingTerminal();
    const values = await gatherInputs(server, { given: {}, environment: {}, ask }, terminal);
    expect(values).toEqual({ 'db-dsn': 'postgres://u:pw@h/db', schema: 'public' });
    expect(ask.asked).toEqual([
      'hidden Connection string [db-dsn] (hidden): ',
      'shown schema (default public): ',
    ]);
    expect(terminal.lines).toEqual([]);
  });

  it('--config-input wins over LOUPE_INPUT_<ID>, which wins over asking', async () => {
    const ask = scripted([]);
    const values = await gatherInputs(
      server,
      {
        given: { schema: 'audit' },
        environment: { LOUPE_INPUT_DB_DSN: 'from-env', LOUPE_INPUT_SCHEMA: 'not-this' },
        ask,
      },
      recordingTerminal(),
    );
    expect(values).toEqual({ 'db-dsn': 'from-env', schema: 'audit' });
    expect(ask.asked).toEqual([]);
  });

  it('giving up at the prompt is a cancelled error naming the input', async () => {
    const failure = await gatherInputs(
      server,
      { given: {}, environment: {}, ask: scripted([undefined]) },
      recordingTerminal(),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LoupeError);
    expect((failure as LoupeError).kind).toBe('cancelled');
    expect((failure as LoupeError).message).toBe('input "db-dsn" (Connection string) was not given.');
  });

  it('without a terminal: the default said on stderr; no value and no default is a usage error', async () => {
    const terminal = recordingTerminal();
    const values = await gatherInputs(
      server,
      { given: { 'db-dsn': 'x' }, environment: {}, ask: undefined },
      terminal,
    );
    expect(values).toEqual({ 'db-dsn': 'x', schema: 'public' });
    expect(terminal.lines).toEqual(['loupe: db: input "schema": its default is used']);
    const failure = await gatherInputs(
      server,
      { given: {}, environment: {}, ask: undefined },
      terminal,
    ).catch((error: unknown) => error);
    expect((failure as LoupeError).kind).toBe('usage');
    expect((failure as LoupeError).message).toContain(
      'give --config-input db-dsn=<value> or LOUPE_INPUT_DB_DSN',
    );
  });
});
