import { describe, expect, it } from 'vitest';
import { cliCommand, shellQuote } from './cliCommand';

describe('cliCommand', () => {
  it('quotes the arguments JSON for a POSIX shell, quotes included', () => {
    expect(cliCommand('echo', { message: "it's \"here\"" }, { transport: 'demo' })).toBe(
      `loupe call echo --args '{"message":"it'\\''s \\"here\\""}' --demo`,
    );
  });

  it('writes stdio targets after --, with env and cwd, secrets redacted', () => {
    expect(
      cliCommand('add', { a: 1 }, { transport: 'stdio', command: 'node', args: ['server.js', 'a b'], cwd: '/srv', env: { MODE: 'x', API_TOKEN: 's3cret' } }),
    ).toBe(`loupe call add --args '{"a":1}' --env MODE=x --env 'API_TOKEN=[redacted]' --cwd /srv -- node server.js 'a b'`);
  });

  it('writes URL targets with transport and headers', () => {
    expect(
      cliCommand('t', {}, { transport: 'sse', url: 'http://127.0.0.1:3001/sse', headers: [{ name: 'Authorization', value: 'Bearer x' }, { name: 'X-Team', value: 'a' }] }),
    ).toBe(`loupe call t --args '{}' --url http://127.0.0.1:3001/sse --transport sse --header 'Authorization: [redacted]' --header 'X-Team: a'`);
  });

  it('leaves the target out when none is known', () => {
    expect(cliCommand('t', {}, null)).toBe(`loupe call t --args '{}'`);
    expect(shellQuote('')).toBe(`''`);
  });
});
