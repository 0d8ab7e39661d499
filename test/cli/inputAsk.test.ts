/**
 * A person answers a server's elicitation at the terminal (`loupe call` on a real pty through script(1), no --input:
 * asking is the default on a terminal). server-everything's trigger-elicitation-request: the person reads the
 * question for 15 s (longer than the 10 s request timeout), accepts, then answers each field: Enter keeps a
 * default, a wrong answer is said and asked again, choices go by number or name. The call succeeds with the
 * server's result and Loupe never sent notifications/cancelled. A question whose call is interrupted, or that the
 * server cancels, stops with one line saying why, and no answer is sent for it.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverPaths } from '../helpers/servers.js';
import { everythingServer, requireBuild } from './loupe.js';
import { onTerminal } from './terminalRun.js';

beforeAll(requireBuild);
const asking = serverPaths.asking;

interface JournalFrame {
  direction: string;
  kind: string;
  method?: string;
  id?: string | number;
  raw: string;
}

function journalIn(folder: string): { file: string; frames: () => JournalFrame[] } {
  const file = join(folder, 'frames.jsonl');
  return {
    file,
    frames: () =>
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as JournalFrame),
  };
}

/** The answers the person types, per field (in turn when a field is asked again). */
const typed: Record<string, string[]> = {
  name: ['Ada Lovelace'],
  check: ['y'],
  firstLine: [''],
  email: ['not-an-email', 'ada@example.com'],
  homepage: [''],
  birthdate: ['1815-12-10'],
  integer: ['500', '7'],
  number: [''],
  untitledSingleSelectEnum: ['3'],
  untitledMultipleSelectEnum: ['piano, 5'],
  titledSingleSelectEnum: ['Wonder Woman'],
  titledMultipleSelectEnum: [''],
  legacyTitledEnum: ['Dogs'],
};

describe('answering at the terminal', () => {
  it('an elicitation answered after 15 s: the call succeeds with the server’s result', async () => {
    const journal = journalIn(mkdtempSync(join(tmpdir(), 'loupe-ask-')));
    const run = onTerminal([
      'call',
      'trigger-elicitation-request',
      '--journal',
      journal.file,
      '--',
      process.execPath,
      everythingServer,
      'stdio',
    ]);
    await run.shows('Accept, decline or cancel? [a/d/c] (Enter: accept): ');
    expect(run.screen()).toContain('loupe: the server asks you for input (elicitation/create [');
    expect(run.screen()).toContain('Please provide inputs for the following fields:');
    // The person reads for 15 s before answering: longer than the call's 10 s timeout.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    run.type('\r');
    for (const [field, answers] of Object.entries(typed)) {
      for (const [index, answer] of answers.entries()) {
        // Each question is answered once it shows (again, after a wrong answer).
        const marker = `[${field}] (`;
        await expect.poll(() => run.screen().split(marker).length - 1, { timeout: 20_000 }).toBe(index + 1);
        run.type(`${answer}\r`);
      }
    }
    expect(await run.exited, run.screen()).toBe(0);
    const screen = run.screen();
    expect(screen).toContain('  not an email address; try again');
    expect(screen).toContain('  more than the maximum 100; try again');
    expect(screen).toContain('Integer [integer] (a whole number 1 to 100; default 42): 500');
    const answeredLine = /loupe: answered elicitation\/create \[\d+\]: (.*)\r\n/.exec(screen)?.[1] ?? '{}';
    expect(JSON.parse(answeredLine)).toEqual({
      action: 'accept',
      content: {
        name: 'Ada Lovelace',
        check: true,
        firstLine: 'It was a dark and stormy night.',
        email: 'ada@example.com',
        birthdate: '1815-12-10',
        integer: 7,
        number: 3.14,
        untitledSingleSelectEnum: 'Joey',
        untitledMultipleSelectEnum: ['Piano', 'Bass'],
        titledSingleSelectEnum: 'hero-3',
        titledMultipleSelectEnum: ['fish-1'],
        legacyTitledEnum: 'pet-2',
      },
    });
    expect(screen).toContain('✅ User provided the requested information!');
    expect(screen).toContain('- Name: Ada Lovelace');
    expect(screen).toContain('- Favorite Integer: 7');
    const frames = journal.frames();
    expect(
      frames.filter((frame) => frame.direction === 'out' && frame.method === 'notifications/cancelled'),
    ).toEqual([]);
    expect(
      frames.some(
        (frame) =>
          frame.direction === 'in' && frame.kind === 'response' && frame.raw.includes('Ada Lovelace'),
      ),
    ).toBe(true);
  }, 90_000);

  it('a call interrupted while its question is open closes the question in one line, unanswered', async () => {
    const journal = journalIn(mkdtempSync(join(tmpdir(), 'loupe-ask-')));
    const run = onTerminal(['call', 'ask', '--journal', journal.file, '--', process.execPath, asking]);
    await run.shows('Accept, decline or cancel? [a/d/c] (Enter: accept): ');
    run.signal('SIGINT');
    expect(await run.exited, run.screen()).toBe(1);
    const lines = run.screen().split('\r\n');
    expect(lines).toContain(
      'loupe: elicitation/create [ask-1] closed: tools/call was cancelled: interrupted (Ctrl-C)',
    );
    expect(lines).toContain('loupe: cancelled: tools/call was cancelled: interrupted (Ctrl-C)');
    const replies = journal.frames().filter((frame) => frame.direction === 'out' && frame.id === 'ask-1');
    expect(replies.map((frame) => frame.kind)).toEqual(['error']);
    expect(replies[0]?.raw).toContain('closed unanswered');
  }, 60_000);

  it('a question the server cancels stops in one line; what is typed afterwards is not sent', async () => {
    const journal = journalIn(mkdtempSync(join(tmpdir(), 'loupe-ask-')));
    const run = onTerminal([
      'call',
      'ask_then_cancel',
      '--args',
      '{"afterMs":1500}',
      '--journal',
      journal.file,
      '--',
      process.execPath,
      asking,
    ]);
    await run.shows('Accept, decline or cancel? [a/d/c] (Enter: accept): ');
    await run.shows(
      'loupe: elicitation/create [ask-1] closed: the server cancelled it: the tool stopped waiting',
    );
    run.type('a\r');
    expect(await run.exited, run.screen()).toBe(0);
    expect(run.screen()).toContain('stopped waiting');
    const frames = journal.frames();
    expect(frames.filter((frame) => frame.direction === 'out' && frame.id === 'ask-1')).toEqual([]);
    expect(frames.some((frame) => frame.raw.includes('answered after cancelling'))).toBe(false);
  }, 60_000);
});
