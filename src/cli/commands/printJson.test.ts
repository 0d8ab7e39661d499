import { describe, expect, it } from 'vitest';
import type { Terminal } from '../terminal.js';
import { Later } from '../format/jsonLines.js';
import { printJson } from './listOutput.js';

/** A terminal whose reader takes each piece only when the test lets it. */
function slowReader() {
  const pieces: string[] = [];
  const waiting: Array<() => void> = [];
  const terminal: Terminal = {
    out: (line) => pieces.push(`${line}\n`),
    err: () => undefined,
    errRaw: () => undefined,
    stderrIsTty: false,
    drained: () => new Promise<void>((resolve) => waiting.push(resolve)),
  };
  return { terminal, pieces, waiting };
}

describe('printJson', () => {
  it('makes the next piece only once the reader has taken the last, and the pieces parse to the document', async () => {
    const items = Array.from({ length: 3000 }, (_, index) => ({
      name: `tool_${index}`,
      text: 'x'.repeat(60),
    }));
    const document = { kind: 'tools', items, complete: true };
    const { terminal, pieces, waiting } = slowReader();
    const printed = printJson(terminal, document);
    await Promise.resolve();
    expect(pieces).toHaveLength(1);
    expect(waiting).toHaveLength(1);
    let rounds = 0;
    while (waiting.length > 0) {
      const written = pieces.length;
      waiting.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
      rounds += 1;
      expect(pieces.length - written).toBeLessThanOrEqual(1);
    }
    await printed;
    expect(rounds).toBeGreaterThan(2);
    expect(pieces.length).toBe(rounds);
    expect(JSON.parse(pieces.join(''))).toEqual(document);
  });

  it('writes a value that is not a plain object in one piece, without waiting', async () => {
    const { terminal, pieces, waiting } = slowReader();
    await printJson(terminal, [1, 'two']);
    expect(waiting).toHaveLength(0);
    expect(JSON.parse(pieces.join(''))).toEqual([1, 'two']);
  });

  it('makes a Later value only once everything before it is written, and waits for one that makes a promise', async () => {
    const items = Array.from({ length: 3000 }, (_, index) => ({
      name: `tool_${index}`,
      text: 'x'.repeat(60),
    }));
    const pieces: string[] = [];
    const terminal: Terminal = {
      out: (line) => pieces.push(`${line}\n`),
      err: () => undefined,
      errRaw: () => undefined,
      stderrIsTty: false,
    };
    let writtenBeforeLint = '';
    let writtenBeforeCosts = '';
    await printJson(terminal, {
      kind: 'tools',
      items,
      findings: new Later(() => {
        writtenBeforeLint = pieces.join('');
        return [{ code: 'description-missing' }];
      }),
      costs: new Later(async () => {
        writtenBeforeCosts = pieces.join('');
        await new Promise((resolve) => setImmediate(resolve));
        return { total: 42 };
      }),
    });
    // Every item was out before the lens ran: the text so far ends with the items' closing bracket and its comma.
    expect(writtenBeforeLint.trimEnd().endsWith('],')).toBe(true);
    expect(writtenBeforeLint).toContain('"name": "tool_2999"');
    expect(writtenBeforeCosts).toContain('"code": "description-missing"');
    expect(JSON.parse(pieces.join(''))).toEqual({
      kind: 'tools',
      items,
      findings: [{ code: 'description-missing' }],
      costs: { total: 42 },
    });
  });
});
