import { describe, expect, it } from 'vitest';
import { LoupeError } from '../../shared/errors.js';
import { asksForTapHelp } from '../tapArguments.js';
import { helpRequest, helpTextFor } from './helpRequest.js';

describe('which help a command line asks for', () => {
  it('reads `help <word>` and `<word> --help` / `-h` alike, and nothing without them', () => {
    expect(helpRequest(['help'])).toEqual({});
    expect(helpRequest(['help', 'list'])).toEqual({ word: 'list' });
    expect(helpRequest(['list', '--help'])).toEqual({ word: 'list' });
    expect(helpRequest(['diff', '-h'])).toEqual({ word: 'diff' });
    expect(helpRequest(['--help'])).toEqual({});
    expect(helpRequest(['--demo', '--help'])).toEqual({});
    expect(helpRequest(['list', '--demo'])).toBeUndefined();
  });

  it('finds the command after target flags, and a mistyped word for the suggestion', () => {
    expect(helpRequest(['--url', 'http://127.0.0.1:1/mcp', 'call', '--help'])).toEqual({ word: 'call' });
    expect(helpRequest(['lsit', '--help'])).toEqual({ word: 'lsit' });
  });

  it("leaves a --help after -- to the server's command line", () => {
    expect(helpRequest(['list', '--', 'node', 'server.js', '--help'])).toBeUndefined();
    expect(helpRequest(['list', '-h', '--', 'node', 'server.js'])).toEqual({ word: 'list' });
  });

  it('suggests the closest command or topic for an unknown word', () => {
    const unknown = (word: string): string => {
      try {
        helpTextFor({ word });
      } catch (error) {
        if (error instanceof LoupeError) return `${error.kind}: ${error.message}`;
        throw error;
      }
      throw new Error(`help for ${word} was found`);
    };
    expect(unknown('lsit')).toMatch(
      /^usage: No help for "lsit"\. Did you mean "list"\? Help for: list, call, /,
    );
    expect(unknown('sign-on')).toMatch(/Did you mean "sign-in"\?/);
    expect(unknown('frobnicate')).toMatch(/^usage: No help for "frobnicate"\. Help for: /);
  });
});

describe("tap's own help", () => {
  it('is asked for only among the flags before the server command', () => {
    expect(asksForTapHelp(['--help'])).toBe(true);
    expect(asksForTapHelp(['-h'])).toBe(true);
    expect(asksForTapHelp(['--journal', 'j.jsonl', '--help'])).toBe(true);
    // A host's entry: the server's own --help, with or without the --.
    expect(asksForTapHelp(['--', 'node', 'server.js', '--help'])).toBe(false);
    expect(asksForTapHelp(['node', 'server.js', '--help'])).toBe(false);
    // A flag's value is not a flag.
    expect(asksForTapHelp(['--journal', '--help', '--', 'node', 'server.js'])).toBe(false);
  });
});
